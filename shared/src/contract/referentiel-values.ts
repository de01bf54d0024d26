// The reference-data paths the screens call, free of any schema library: referentiel.ts re-exports them.

/** Paths of the reference-data resources (the spec leaves them open; see docs/api.md). */
export const REFERENTIEL_PATHS = {
  groupesEtablissements: '/groupes-etablissements',
  etablissements: '/etablissements',
  typesChambre: '/types-chambre',
  groupesClients: '/groupes-clients',
  clients: '/clients',
  pensionnaires: '/pensionnaires',
} as const;
