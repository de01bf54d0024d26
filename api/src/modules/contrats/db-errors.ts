/**
 * Database rule violations of the contract tables, turned into French answers instead of a 500. The services
 * validate first, so these mostly catch races and cases the services cannot see; the mapping names each rule
 * of migration 0002 / the schema (docs/domain.md, "Integrity rules").
 * What no service names falls to the global mapping of lib/error-responses.ts (a SQLSTATE class → 400 / 409).
 */
import { BadRequestError, ConflictError, pgErrorInfo, type AppError } from '../../errors';

export const DB_MESSAGES = {
  overlap:
    "Deux lignes de tarif se chevauchent pour le même type de chambre : une nuit ne peut avoir qu'un prix.",
  outsidePeriod: 'Une ligne de tarif sort de la période de son contrat.',
  period: 'La date de fin doit être postérieure à la date de début.',
  allotment: "L'allotement ne peut pas descendre sous le nombre de chambres déjà réservées.",
  referenced:
    'Ce contrat ou cette ligne de tarif est utilisé par des réservations : modification impossible.',
  outOfRange: 'Une valeur est en dehors des limites autorisées.',
} as const;

/**
 * The French error for a constraint violation, or undefined when the error is not one (rethrow it as is).
 * `duplicate` is the message of a unique violation (the contract reference).
 */
export function contratDbError(error: unknown, duplicate: string): AppError | undefined {
  const info = pgErrorInfo(error);
  if (info === undefined) return undefined;
  const constraint = info.constraint ?? '';
  const options = { cause: error };
  switch (info.code) {
    case '23505':
      return new ConflictError(
        duplicate,
        constraint.endsWith('_reference_unique') ? { ...options, champ: 'reference' } : options,
      );
    case '23P01':
      return new BadRequestError(DB_MESSAGES.overlap, options);
    case '23503':
      return new ConflictError(DB_MESSAGES.referenced, options);
    case '23514':
      if (constraint.endsWith('_tarifs_dans_contrat') || constraint.endsWith('_couvre_tarifs'))
        return new BadRequestError(DB_MESSAGES.outsidePeriod, options);
      if (constraint.endsWith('_periode_valide')) return new BadRequestError(DB_MESSAGES.period, options);
      if (constraint === 'occupations_allotement_depassement')
        return new ConflictError(DB_MESSAGES.allotment, options);
      return new BadRequestError(DB_MESSAGES.outOfRange, options);
    default:
      return undefined;
  }
}
