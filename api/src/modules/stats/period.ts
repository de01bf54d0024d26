/**
 * The period and filters of every stats call (docs/api.md « Statistics »): months `[debut, fin]`, both included,
 * read as the nights of the half-open days `[dateDebut, dateFin)`; at most STATS_MAX_MOIS months.
 */
import { sql, type SQL } from 'drizzle-orm';
import { STATS_MAX_MOIS, STATS_PERIOD_MESSAGES, type StatsPeriode, type StatsQuery } from 'shared/contract';
import { BadRequestError } from '../../errors';

export const PERIOD_MESSAGES = STATS_PERIOD_MESSAGES;

/** 'YYYY-MM' → months since year 0 (for arithmetic), and back. */
const monthIndex = (mois: string) => Number(mois.slice(0, 4)) * 12 + Number(mois.slice(5, 7)) - 1;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The month `offset` months after `mois` ('2026-01', -12 → '2025-01'). */
export const addMonths = (mois: string, offset: number) => monthOf(monthIndex(mois) + offset);

/** Every month from `debut` to `fin`, both included. */
export function monthsOf(debut: string, fin: string): string[] {
  const months: string[] = [];
  for (let index = monthIndex(debut); index <= monthIndex(fin); index++) months.push(monthOf(index));
  return months;
}

/** 400 in French for a period that ends before it starts or spans more than STATS_MAX_MOIS months. */
export function statsPeriode(query: Pick<StatsQuery, 'debut' | 'fin'>): StatsPeriode {
  const length = monthIndex(query.fin) - monthIndex(query.debut) + 1;
  if (length < 1) throw new BadRequestError(PERIOD_MESSAGES.order);
  if (length > STATS_MAX_MOIS) throw new BadRequestError(PERIOD_MESSAGES.length);
  return {
    debut: query.debut,
    fin: query.fin,
    dateDebut: `${query.debut}-01`,
    dateFin: `${addMonths(query.fin, 1)}-01`,
  };
}

/**
 * The client / hotel / group filters as conditions over a table with `client_id` and `etablissement_id` columns
 * (`alias`): the summary `nuitees_par_mois`, or `reservations`.
 */
export function partyConditions(query: StatsQuery, alias: string): SQL[] {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const conditions: SQL[] = [];
  if (query.clientId !== undefined) conditions.push(sql`${column('client_id')} = ${query.clientId}`);
  if (query.etablissementId !== undefined)
    conditions.push(sql`${column('etablissement_id')} = ${query.etablissementId}`);
  if (query.groupeClientId !== undefined)
    conditions.push(
      sql`${column('client_id')} in (select id from clients where groupe_id = ${query.groupeClientId})`,
    );
  if (query.groupeEtablissementId !== undefined)
    conditions.push(
      sql`${column('etablissement_id')} in (select id from etablissements where groupe_id = ${query.groupeEtablissementId})`,
    );
  return conditions;
}

/** The hotel filters only: allotments are bought from hotels, a client filter does not apply to them. */
export function hotelConditions(query: StatsQuery, alias: string): SQL[] {
  return partyConditions({ ...query, clientId: undefined, groupeClientId: undefined }, alias);
}

export const and = (conditions: SQL[]): SQL =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);

/** Percent with one decimal, null without a denominator. */
export const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
