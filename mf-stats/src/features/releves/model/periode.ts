import { addDays, RELEVES_MESSAGES } from 'shared/contract';
import { moisLabel, moisOfPeriode } from './mois';

/**
 * A hotel invoice's period as people read it. The API's period is half-open (`periodeFin` is the day after the
 * last one: October is 2026-10-01 → 2026-11-01); a hotel's paper invoice prints its last day (« du 01/10/2026 au
 * 31/10/2026 »). The screens show and take the last day; these functions and the contract's
 * `RELEVES_MESSAGES.periodeTexte` (the API's documents say it the same way) are the only places that convert.
 */

/** The last day of a half-open period: the day before its exclusive end. */
export const dernierJourOf = (finExclue: string): string => addDays(finExclue, -1);

/** The exclusive end the API takes for a period whose last day is `dernierJour`: the day after. */
export const finExclueOf = (dernierJour: string): string => addDays(dernierJour, 1);

/** « octobre 2026 » when the half-open period is exactly one calendar month, else « du 01/10/2026 au 15/10/2026 ». */
export function periodeLabel(debut: string, finExclue: string): string {
  const mois = moisOfPeriode(debut, finExclue);
  return mois === null ? RELEVES_MESSAGES.periodeTexte(debut, finExclue) : moisLabel(mois);
}
