import { formatPeriod } from 'shared';
import { addDays } from 'shared/contract';

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * An invoice's service period (both ends included, as the API gives it) in the lists: « octobre 2026 » when it is one
 * calendar month — the month's invoice, in the accountant's words, and a third of the width at 1366 px —, else its
 * dates. The card keeps the dates.
 */
export function periodeCourte(debut: string, fin: string): string {
  const oneMonth =
    debut.endsWith('-01') && debut.slice(0, 7) === fin.slice(0, 7) && addDays(fin, 1).endsWith('-01');
  return oneMonth ? monthName.format(new Date(`${debut}T00:00:00Z`)) : formatPeriod(debut, fin);
}
