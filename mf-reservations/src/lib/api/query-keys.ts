import { pensionnaireKeys } from 'shared';

/**
 * Keys of what only this app reads. Each sits under the shared resource whose writes change it, so mf-referentiel's
 * writes refresh it too: a new resident appears in the searches, an edited contract in the availabilities.
 */

/** The client's residents a sale contract may house, with `deja_heberge` (which every stay written changes). */
export const pensionnaireSearchKeys = {
  all: [...pensionnaireKeys.all, 'search'] as const,
  search: (criteria: object) => [...pensionnaireKeys.all, 'search', criteria] as const,
};

// The availabilities live in `shared`: mf-demandes' « Traiter » assistant reads and refreshes them too.
export { contratClientDisponibleKeys, disponibiliteKeys } from 'shared';
