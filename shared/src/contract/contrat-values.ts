// The contract constants the screens need (labels, the spec's paths, the residents search's message), free of any
// schema library: contrats.ts re-exports them beside the schemas.
import type { ContratStatut } from './enums';

export const CONTRAT_STATUT_LABELS: Record<ContratStatut, string> = {
  brouillon: 'Brouillon',
  actif: 'Actif',
  suspendu: 'Suspendu',
  clos: 'Clos',
};

export const CONTRATS_SPEC_PATHS = {
  contratClientAvailable: '/contrat_client/available',
  contratClientFilter: '/contrat_client/filter',
  contratEtablissementFilter: '/contrat_etablissement/filter',
  contratEtablissementAvailable: '/contrat_etablissement/available',
  /** + `/:contratId/:etablissementId` */
  contratEtablissementTypeChambres: '/contrat_etablissement/type_chambres',
  /** + `/:clientId/:contratId` */
  contratClientPensionnairesSearch: '/contrat_client/pensionnaires/search',
} as const;

/** The spec's message for any failure of the residents search (§8). */
export const PENSIONNAIRES_SEARCH_ERROR =
  'Une erreur est survenue lors de la récupération des pensionnaires.';
