import type { ComponentType } from 'react';
import { scaffoldPages } from 'shared';
import { ContratEtablissementDetailsPage } from '../features/contrats-etablissement/components/contrat-etablissement-details-page';
import { ContratsEtablissementPage } from '../features/contrats-etablissement/components/contrats-etablissement-page';
import { ClientsPage } from '../features/clients/components/clients-page';
import { EtablissementDetailsPage } from '../features/etablissements/components/etablissement-details-page';
import { EtablissementsPage } from '../features/etablissements/components/etablissements-page';
import { GroupesClientsPage, GroupesEtablissementsPage } from '../features/groupes/components/groupes-page';
import { PensionnaireDetailsPage } from '../features/pensionnaires/components/pensionnaire-details-page';
import { PensionnairesPage } from '../features/pensionnaires/components/pensionnaires-page';
import { TypesChambrePage } from '../features/types-chambre/components/types-chambre-page';
import { UtilisateursPage } from '../features/utilisateurs/components/utilisateurs-page';
import { ClientDetailsPage } from './routes/client-details-page';

/**
 * The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). The
 * sale contract screens and the meals screen stay scaffolds until they are built.
 */
const pages: Record<string, ComponentType> = {
  ...scaffoldPages('mf_referentiel', 'Référentiel et contrats (issue 3)'),
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
};

export default pages;
