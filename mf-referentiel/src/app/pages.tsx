import type { ComponentType } from 'react';
import { lazyPage } from 'shared/ui';

// Each page loaded when it is first shown (lazyPage): a list does not download the other pages' drawers and forms.

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'group-etablissement': lazyPage(
    () => import('../features/groupes/components/groupes-page'),
    (module) => module.GroupesEtablissementsPage,
  ),
  etablissement: lazyPage(
    () => import('../features/etablissements/components/etablissements-page'),
    (module) => module.EtablissementsPage,
  ),
  'etablissement-details': lazyPage(
    () => import('./routes/etablissement-details-page'),
    (module) => module.EtablissementDetailsPage,
  ),
  'type-chambre': lazyPage(
    () => import('../features/types-chambre/components/types-chambre-page'),
    (module) => module.TypesChambrePage,
  ),
  'groupe-client': lazyPage(
    () => import('../features/groupes/components/groupes-page'),
    (module) => module.GroupesClientsPage,
  ),
  client: lazyPage(
    () => import('../features/clients/components/clients-page'),
    (module) => module.ClientsPage,
  ),
  'client-details': lazyPage(
    () => import('./routes/client-details-page'),
    (module) => module.ClientDetailsPage,
  ),
  pensionnaires: lazyPage(
    () => import('../features/pensionnaires/components/pensionnaires-page'),
    (module) => module.PensionnairesPage,
  ),
  pensionnaire: lazyPage(
    () => import('./routes/pensionnaire-details-page'),
    (module) => module.PensionnaireDetailsPage,
  ),
  foyers: lazyPage(
    () => import('../features/foyers/components/foyers-page'),
    (module) => module.FoyersPage,
  ),
  foyer: lazyPage(
    () => import('../features/foyers/components/foyer-details-page'),
    (module) => module.FoyerDetailsPage,
  ),
  utilisateurs: lazyPage(
    () => import('../features/utilisateurs/components/utilisateurs-page'),
    (module) => module.UtilisateursPage,
  ),
  'contract-etablissement': lazyPage(
    () => import('../features/contrats/components/contrat-pages'),
    (module) => module.ContratsEtablissementPage,
  ),
  'contract-etablissement-details': lazyPage(
    () => import('../features/contrats/components/contrat-pages'),
    (module) => module.ContratEtablissementDetailsPage,
  ),
  'contrat-client': lazyPage(
    () => import('../features/contrats/components/contrat-pages'),
    (module) => module.ContratsClientsPage,
  ),
  'contrat-client-details': lazyPage(
    () => import('../features/contrats/components/contrat-pages'),
    (module) => module.ContratClientDetailsPage,
  ),
  repas: lazyPage(
    () => import('../features/repas/components/repas-page'),
    (module) => module.RepasPage,
  ),
};

export default pages;
