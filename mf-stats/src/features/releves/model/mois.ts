import { parisToday } from 'shared/contract';

/** Months as the API takes them ('YYYY-MM') and as the screens name them (« novembre 2026 »). */

export const isMois = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** « novembre 2026 » */
export const moisLabel = (mois: string): string => monthName.format(new Date(`${mois}-01T00:00:00Z`));

/** The month `offset` months after (before, when negative) `mois`. */
export function addMois(mois: string, offset: number): string {
  const [year, month] = mois.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The month a statement screen opens on: the last complete one (Paris calendar). Why: a hotel bills a month once
 * it is over, so the month just ended is the one being checked.
 */
export const defaultMois = (today: string = parisToday()): string => addMois(today.slice(0, 7), -1);

/** The months offered: the current one and the 35 before it, newest first, plus `extra` when it is older. */
export function moisOptions(today: string = parisToday(), extra?: string) {
  const current = today.slice(0, 7);
  const months = Array.from({ length: 36 }, (_, index) => addMois(current, -index));
  if (extra && isMois(extra) && !months.includes(extra)) months.push(extra);
  return months.map((mois) => ({ value: mois, label: moisLabel(mois) }));
}

/** The half-open period of a month: its first day and the first day of the next one. */
export const periodeOfMois = (mois: string) => ({ debut: `${mois}-01`, fin: `${addMois(mois, 1)}-01` });

/** The month a half-open period covers exactly, or null when it is not one calendar month. */
export function moisOfPeriode(debut: string, fin: string): string | null {
  const mois = debut.slice(0, 7);
  const periode = periodeOfMois(mois);
  return periode.debut === debut && periode.fin === fin ? mois : null;
}
