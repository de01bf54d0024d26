/**
 * What other modules may call of the demandes (docs/api.md « Modules et couches »): the arrival event the
 * notifications listen to, and the SQL selection of a demande's list row.
 */
export type { DemandeArrivee } from './arrivals';
export { demandeItemSelect } from './list/list-query';
