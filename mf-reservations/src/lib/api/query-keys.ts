import { contratClientKeys, contratEtablissementKeys, pensionnaireKeys } from 'shared';

/**
 * Keys of what only this app reads. Each sits under the shared resource whose writes change it, so mf-referentiel's
 * writes refresh it too: a new resident appears in the searches, an edited contract in the availabilities.
 */

/** The client's residents a sale contract may house, with `deja_heberge` (which every stay written changes). */
export const pensionnaireSearchKeys = {
  all: [...pensionnaireKeys.all, 'search'] as const,
  search: (criteria: object) => [...pensionnaireKeys.all, 'search', criteria] as const,
};

/** The client's active contracts covering a stay (POST /contrat_client/available). */
export const contratClientDisponibleKeys = {
  all: [...contratClientKeys.all, 'disponibles'] as const,
  period: (body: object) => [...contratClientKeys.all, 'disponibles', body] as const,
};

/**
 * What the hotels' purchase contracts still offer over a period: the hotels with free rooms, and a contract's room
 * types with their prices and free rooms. Every stay written takes or frees rooms.
 */
export const disponibiliteKeys = {
  all: [...contratEtablissementKeys.all, 'disponibilites'] as const,
  etablissements: (body: object) =>
    [...contratEtablissementKeys.all, 'disponibilites', 'etablissements', body] as const,
  typesChambre: (criteria: object) =>
    [...contratEtablissementKeys.all, 'disponibilites', 'types-chambre', criteria] as const,
};
