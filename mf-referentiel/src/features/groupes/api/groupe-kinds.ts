import { REFERENTIEL_PATHS } from 'shared/contract';

/** Groups of hotels and groups of clients: the same record (a name) under two paths. */
export const GROUPE_PATHS = {
  etablissements: REFERENTIEL_PATHS.groupesEtablissements,
  clients: REFERENTIEL_PATHS.groupesClients,
} as const;

export type GroupeKind = keyof typeof GROUPE_PATHS;
