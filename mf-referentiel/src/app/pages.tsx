import type { ComponentType } from 'react';
import { ClientsPage } from '../features/clients/components/clients-page';
import {
  ContratClientDetailsPage,
  ContratEtablissementDetailsPage,
  ContratsClientsPage,
  ContratsEtablissementPage,
} from '../features/contrats/components/contrat-pages';
import { EtablissementsPage } from '../features/etablissements/components/etablissements-page';
import { FoyerDetailsPage } from '../features/foyers/components/foyer-details-page';
import { FoyersPage } from '../features/foyers/components/foyers-page';
import { GroupesClientsPage, GroupesEtablissementsPage } from '../features/groupes/components/groupes-page';
import { PensionnairesPage } from '../features/pensionnaires/components/pensionnaires-page';
import { RepasPage } from '../features/repas/components/repas-page';
import { TypesChambrePage } from '../features/types-chambre/components/types-chambre-page';
import { UtilisateursPage } from '../features/utilisateurs/components/utilisateurs-page';
import { ClientDetailsPage } from './routes/client-details-page';
import { EtablissementDetailsPage } from './routes/etablissement-details-page';
import { PensionnaireDetailsPage } from './routes/pensionnaire-details-page';

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
  foyers: FoyersPage,
  foyer: FoyerDetailsPage,
  utilisateurs: UtilisateursPage,
  'contract-etablissement': ContratsEtablissementPage,
  'contract-etablissement-details': ContratEtablissementDetailsPage,
  'contrat-client': ContratsClientsPage,
  'contrat-client-details': ContratClientDetailsPage,
  repas: RepasPage,
};

export default pages;
