import { parisToday, STATS_MAX_MOIS, type StatsQuery } from 'shared/contract';

/** 'YYYY-MM' arithmetic, without dates (no time zone can shift a month). */
const monthIndex = (mois: string) => Number(mois.slice(0, 4)) * 12 + Number(mois.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
export const addMonths = (mois: string, offset: number) => monthOf(monthIndex(mois) + offset);
export const monthCount = (debut: string, fin: string) => monthIndex(fin) - monthIndex(debut) + 1;

const MOIS = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
const ID = /^[1-9]\d{0,8}$/;

/** The month of the business today (Paris), 'YYYY-MM'. */
export const currentMonth = (now: Date = new Date()) => parisToday(now).slice(0, 7);

/**
 * The filters of a stats screen from its URL (`?debut=2025-12&fin=2026-11&clientId=3`): the period defaults to
 * the `months` months ending with the current one; a malformed value is ignored (its default applies); a period
 * in the wrong order or too long is brought back to a valid one, so a hand-edited URL never shows an error.
 */
export function queryFromParams(params: URLSearchParams, months = 12, now: Date = new Date()): StatsQuery {
  const read = (key: string) => {
    const value = params.get(key);
    return value !== null && MOIS.test(value) ? value : undefined;
  };
  const fin = read('fin') ?? currentMonth(now);
  let debut = read('debut') ?? addMonths(fin, -(months - 1));
  if (monthCount(debut, fin) < 1 || monthCount(debut, fin) > STATS_MAX_MOIS)
    debut = addMonths(fin, -(months - 1));
  const query: StatsQuery = { debut, fin };
  for (const key of ['clientId', 'etablissementId'] as const) {
    const value = params.get(key);
    if (value !== null && ID.test(value)) query[key] = Number(value);
  }
  return query;
}

/** The URL parameters of a query (the inverse of queryFromParams). */
export function paramsOfQuery(query: StatsQuery): Record<string, string> {
  const params: Record<string, string> = { debut: query.debut, fin: query.fin };
  if (query.clientId !== undefined) params.clientId = String(query.clientId);
  if (query.etablissementId !== undefined) params.etablissementId = String(query.etablissementId);
  return params;
}

/** '2026-01' → '01/2026' (the French month). */
export const formatMois = (mois: string) => `${mois.slice(5, 7)}/${mois.slice(0, 4)}`;

const MONTH_NAMES = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
/** '2026-01' → 'janv. 2026' (chart axes). */
export const moisCourt = (mois: string) => `${MONTH_NAMES[Number(mois.slice(5, 7)) - 1]} ${mois.slice(0, 4)}`;
