import type { ComponentType } from 'react';
import { ContratEtablissementDetailsPage } from '../features/contrats-etablissement/components/contrat-etablissement-details-page';
import { ContratsEtablissementPage } from '../features/contrats-etablissement/components/contrats-etablissement-page';
import { ContratClientDetailsPage } from '../features/contrats-clients/components/contrat-client-details-page';
import { ContratsClientsPage } from '../features/contrats-clients/components/contrats-clients-page';
import { ClientsPage } from '../features/clients/components/clients-page';
import { EtablissementDetailsPage } from '../features/etablissements/components/etablissement-details-page';
import { EtablissementsPage } from '../features/etablissements/components/etablissements-page';
import { GroupesClientsPage, GroupesEtablissementsPage } from '../features/groupes/components/groupes-page';
import { PensionnaireDetailsPage } from '../features/pensionnaires/components/pensionnaire-details-page';
import { PensionnairesPage } from '../features/pensionnaires/components/pensionnaires-page';
import { RepasPage } from '../features/repas/components/repas-page';
import { TypesChambrePage } from '../features/types-chambre/components/types-chambre-page';
import { UtilisateursPage } from '../features/utilisateurs/components/utilisateurs-page';
import { ClientDetailsPage } from './routes/client-details-page';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'group-etablissement': GroupesEtablissementsPage,
  etablissement: EtablissementsPage,
  'etablissement-details': EtablissementDetailsPage,
  'type-chambre': TypesChambrePage,
  'groupe-client': GroupesClientsPage,
  client: ClientsPage,
  'client-details': ClientDetailsPage,
  pensionnaires: PensionnairesPage,
  pensionnaire: PensionnaireDetailsPage,
  utilisateurs: UtilisateursPage,
  'contract-etablissement': ContratsEtablissementPage,
  'contract-etablissement-details': ContratEtablissementDetailsPage,
  'contrat-client': ContratsClientsPage,
  'contrat-client-details': ContratClientDetailsPage,
  repas: RepasPage,
};

export default pages;
