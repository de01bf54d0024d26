import { groupeClientKeys, groupeEtablissementKeys } from 'shared';
import { REFERENTIEL_PATHS } from 'shared/contract';

/** Groups of hotels and groups of clients: the same record (a name) under two paths, each its own resource. */
export const GROUPE_KINDS = {
  etablissements: { path: REFERENTIEL_PATHS.groupesEtablissements, keys: groupeEtablissementKeys },
  clients: { path: REFERENTIEL_PATHS.groupesClients, keys: groupeClientKeys },
} as const;

export type GroupeKind = keyof typeof GROUPE_KINDS;
