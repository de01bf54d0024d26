/**
 * GET: the dashboard's invoicing counters (`FacturationCompteurs`; FACTURATION_PATHS.compteurs is the same). A file
 * of its own, exported from `shared`'s root: the host's dashboard reads it without the contract's schemas nor the
 * invoicing's messages (facturation-values.ts would bring them all, some 2 kB).
 */
export const FACTURATION_COMPTEURS_PATH = '/facturation/compteurs';
