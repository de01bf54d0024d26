/**
 * The reservation filters of spec §7 (list, counters, exports, pax) as SQL conditions, shared by every read.
 *
 * Aliases used by every reservation read (and expected by `reservationConditions`):
 *   r  = reservations         p  = pensionnaires      c  = clients
 *   e  = etablissements       tc = types_chambre
 * The conditions reference **only `r`**: searches on residents, clients and hotels are `r.<fk> in (select id
 * from …)` subqueries, so a query may join p / c / e for its columns or not at all (counts join nothing).
 * "Today" is the Europe/Paris date (TODAY, docs/domain.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FILTER_MESSAGES,
  RESERVATION_STATUTS,
  type ReservationFilters,
  type ReservationStatut,
} from 'shared/contract';
import { BadRequestError } from '../../errors';
import { containsText, normalisedContains, searchPattern, searchPatternOnce } from '../../lib/text-search';
import { parisDayOf, TODAY } from '../../db/today';

/** 400 when both bounds are given and the period is empty. */
export function assertFilterPeriod(filters: { start_date?: string; end_date?: string }): void {
  if (
    filters.start_date !== undefined &&
    filters.end_date !== undefined &&
    filters.end_date <= filters.start_date
  )
    throw new BadRequestError(FILTER_MESSAGES.period);
}

/**
 * « prolongable » for the stay r alone (docs/domain.md): confirmed or running, not already extended, and
 * `today <= date_fin <= today + delay`, the delay being the larger of its sale and purchase contracts'
 * `delai_alerte_jours`. The extension and the delay are kept on the stay by triggers (migration 0017), so the test
 * reads the row only: the `prolongable` column of every list item costs no lookup.
 */
export const prolongableRow = sql`(r.statut in ('confirmee', 'en_cours') and r.prolongee_par_id is null
  and r.date_fin >= ${TODAY} and r.date_fin <= ${TODAY} + r.delai_alerte_jours)`;

/**
 * `etat = prolongable` as a filter: `prolongableRow`, bounded by the largest delay of any contract (computed once
 * per statement) so that the partial index `reservations_prolongeables_idx` (running stays not extended, by
 * date_fin, with each one's delay) is read over a few days only, without visiting a stay that does not match
 * (docs/performance.md « What « prolongable » reads »).
 */
export const prolongableCondition = sql`(${prolongableRow}
  and r.date_fin <= ${TODAY} + greatest((select max(delai_alerte_jours) from contrats_clients),
    (select max(delai_alerte_jours) from contrats_etablissement)))`;

/**
 * The stay has a night already due (docs/domain.md « PAF / CAF à vérifier »): a night dated before today that was not
 * cancelled — its first night is before today and, when the stay is cancelled, the cancellation came after that night
 * (a cancellation cancels the nights from its own Paris day on; cancelled on or before its first day, a stay has no
 * night left to pay). Read from the row alone, as the other derived states: no night is looked up.
 */
export const dueNightRow = sql`(r.date_debut < ${TODAY} and (r.statut <> 'annulee'
  or ${parisDayOf(sql`r.annulee_at`)} > r.date_debut))`;

/**
 * Yesterday's arrivals whose first night is still to be checked (docs/domain.md « jours = commence_h »): started
 * yesterday, not cancelled, and that night (yesterday's) neither present nor absent yet.
 */
export const arrivalToCheckRow = sql`(r.date_debut = ${TODAY} - 1 and r.statut <> 'annulee'
  and exists (select 1 from nuitees n where n.reservation_id = r.id and n.date_nuit = r.date_debut
    and not n.annulee and n.presence = 'non_pointe'))`;

const statutList = (statut: ReservationStatut | ReservationStatut[]): SQL => {
  const list = Array.isArray(statut) ? statut : [statut];
  return sql.join(
    list.map((value) => sql`${value}`),
    sql`, `,
  );
};

const statutCondition = (statut: ReservationStatut | ReservationStatut[]): SQL =>
  sql`r.statut in (${statutList(statut)})`;

/**
 * The residents, clients and hotels a stay points at (`r.<key>`), each searched in its own table (`alias`).
 * Their text filters are conditions on those rows, and each row keeps its number of stays (`nombre_sejours`).
 */
export const DIMENSIONS = {
  pensionnaire: { key: 'pensionnaire_id', table: 'pensionnaires', alias: 'ps' },
  client: { key: 'client_id', table: 'clients', alias: 'cs' },
  etablissement: { key: 'etablissement_id', table: 'etablissements', alias: 'es' },
} as const;
export type Dimension = keyof typeof DIMENSIONS;

/** The columns of a resident's, client's or hotel's name, in the order the list's sort by that name reads them. */
export const NAMES: Record<Dimension, readonly string[]> = {
  pensionnaire: ['nom', 'prenom'],
  client: ['nom'],
  etablissement: ['nom'],
};

/** The filters that select residents, clients or hotels (a text search or an id), by dimension. */
const DIMENSION_FILTERS: Record<Dimension, readonly (keyof ReservationFilters)[]> = {
  pensionnaire: ['pensionnaire', 'numero_dossier', 'pensionnaire_id'],
  client: ['client', 'client_id'],
  etablissement: ['etablissement', 'etablissement_id'],
};

/**
 * The text filters of one dimension as conditions on its table (see `DIMENSIONS` for the alias), case and accents
 * aside (lib/text-search.ts). The names are compared as each row keeps them normalised (`nom_recherche`: for a
 * resident « nom prénom nom », which holds « nom », « prénom », « nom prénom » and « prénom nom »: one match covers the
 * four). `pattern`: how the searched text becomes a LIKE pattern (`searchPatternOnce` in a statement whose plan is
 * kept).
 */
function dimensionPredicates(f: ReservationFilters, dimension: Dimension, pattern = searchPattern): SQL[] {
  const predicates: SQL[] = [];
  if (dimension === 'pensionnaire') {
    if (f.pensionnaire?.trim())
      predicates.push(normalisedContains(sql`ps.nom_recherche`, f.pensionnaire, pattern));
    if (f.numero_dossier?.trim())
      predicates.push(containsText(sql`ps.numero_dossier`, f.numero_dossier, pattern));
  }
  if (dimension === 'client' && f.client?.trim())
    predicates.push(normalisedContains(sql`cs.nom_recherche`, f.client, pattern));
  if (dimension === 'etablissement' && f.etablissement?.trim())
    predicates.push(normalisedContains(sql`es.nom_recherche`, f.etablissement, pattern));
  return predicates;
}

/** A filter that selects nothing: undefined, or a text of blanks. */
const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

/** The filters of the body that select something. */
const givenFilters = (filters: ReservationFilters) =>
  (Object.keys(filters) as (keyof ReservationFilters)[]).filter((key) => !isBlank(filters[key]));

/** The filters whose number of stays is read from the stays counted by status and day (`periodCountQuery`). */
const PERIOD_FILTERS: readonly (keyof ReservationFilters)[] = ['statut', 'start_date', 'end_date'];

/**
 * The number of stays of some statuses (all of them without `statut`) with at least one night in the period, read
 * from the stays counted by status and day (migration 0022): the stays ending after `start_date` (date_fin >
 * start_date) minus those starting on or after `end_date` — which all end after `start_date`, as a stay ends after
 * it starts —, each one a sum of a status's rows over the days from the bound on (a few hundred rows for a period
 * of the coming weeks, instead of counting its 5,000 stays). Without `start_date`: the stays starting before
 * `end_date`; with neither: every stay of the statuses.
 */
function periodCountQuery(f: ReservationFilters): SQL {
  const statuts = statutList(f.statut ?? [...RESERVATION_STATUTS]);
  const sum = (bord: 'debut' | 'fin', day?: SQL) =>
    sql`coalesce((select sum(j.variation) from reservations_jours j
      where j.bord = ${bord} and j.statut in (${statuts})${day === undefined ? sql`` : sql` and ${day}`}), 0)`;
  const { start_date: start, end_date: end } = f;
  const total =
    start !== undefined
      ? sql`${sum('fin', sql`j.jour > ${start}::date`)}${
          end === undefined ? sql`` : sql` - ${sum('debut', sql`j.jour >= ${end}::date`)}`
        }`
      : sum('debut', end === undefined ? undefined : sql`j.jour < ${end}::date`);
  return sql`select (${total})::int as total`;
}

/** The length of a searched text from which its trigram index finds its matches (pg_trgm: three characters). */
const TRIGRAM = 3;

/**
 * The residents, clients or hotels matching `filters` when every filter given selects rows of one of them (a
 * resident search, a client, a hotel's name): `select id, nombre_sejours` and the name (`NAMES`) of the matching
 * rows, the column of the stays that points at them (`key`), whether a text of at least three characters is
 * searched (`searched`: its matches are found by their trigram index, not by reading every row — a shorter text
 * matches a large share of the rows, which a plain page meets within its first stays), and which of the three they
 * are. Undefined for any other filters. `keptPlan`: the statement's plan is kept (a named statement), so the
 * searched text's pattern is computed once per execution (`searchPatternOnce`).
 */
export function dimensionMatches(
  filters: ReservationFilters,
  { keptPlan = false }: { keptPlan?: boolean } = {},
): { rows: SQL; key: SQL; searched: boolean; dimension: Dimension } | undefined {
  const given = givenFilters(filters);
  if (given.length === 0) return undefined;
  const dimension = (Object.keys(DIMENSION_FILTERS) as Dimension[]).find((candidate) =>
    given.every((key) => DIMENSION_FILTERS[candidate].includes(key)),
  );
  if (dimension === undefined) return undefined;
  const { key, table, alias } = DIMENSIONS[dimension];
  const a = sql.raw(alias);
  const predicates = dimensionPredicates(filters, dimension, keptPlan ? searchPatternOnce : searchPattern);
  const searched = DIMENSION_FILTERS[dimension].some((filter) => {
    const text = filters[filter];
    return typeof text === 'string' && text.trim().length >= TRIGRAM;
  });
  const id = filters[key];
  if (id !== undefined) predicates.push(sql`${a}.id = ${id}`);
  const names = sql.raw(NAMES[dimension].map((name) => `${alias}.${name}`).join(', '));
  return {
    rows: sql`select ${a}.id, ${a}.nombre_sejours, ${names} from ${sql.raw(table)} ${a}
      where ${sql.join(predicates, sql` and `)}`,
    key: sql.raw(`r.${key}`),
    searched,
    dimension,
  };
}

/**
 * The number of stays matching `filters` read from kept numbers instead of counting the stays: for filters on
 * residents, clients or hotels only (`dimensionMatches`), the numbers of stays they keep (migration 0018) summed
 * over the matching rows (9,424 index entries for « dia » on the large set, 575 rows summed); when every filter
 * given is a status or a period's bound, the stays counted by status and day (`periodCountQuery`). Undefined for
 * any other filters.
 */
export function keptCountQuery(filters: ReservationFilters): SQL | undefined {
  const given = givenFilters(filters);
  if (given.length === 0) return undefined;
  if (given.every((key) => PERIOD_FILTERS.includes(key))) return periodCountQuery(filters);
  const matches = dimensionMatches(filters);
  if (matches === undefined) return undefined;
  return sql`select coalesce(sum(m.nombre_sejours), 0)::int as total from (${matches.rows}) m`;
}

/** Every filter of the body as a condition over `r` (see the aliases above); an empty list = every stay. */
export function reservationConditions(filters: ReservationFilters): SQL[] {
  const f = filters;
  const conditions: SQL[] = [];
  if (f.etat === 'prolongable') conditions.push(prolongableCondition);
  if (f.jours === 'a_prolonger') conditions.push(sql`r.date_fin in (${TODAY}, ${TODAY} + 1)`);
  if (f.jours === 'commence_h') conditions.push(arrivalToCheckRow);
  if (f.status_paf !== undefined) conditions.push(sql`r.status_paf = ${f.status_paf}`);
  if (f.status_caf !== undefined) conditions.push(sql`r.status_caf = ${f.status_caf}`);
  if (f.etat_payment_paf !== undefined) conditions.push(sql`r.etat_payment_paf = ${f.etat_payment_paf}`);
  if (f.etat_payment_caf !== undefined) conditions.push(sql`r.etat_payment_caf = ${f.etat_payment_caf}`);
  // « À vérifier » is the summary of the nights up to today, and of every night while none is due: only a stay with
  // a night already due has something to verify (a future stay is « à vérifier » by default).
  if (f.etat_payment_paf === 'a_verifier' || f.etat_payment_caf === 'a_verifier')
    conditions.push(dueNightRow);
  if (f.type_resa !== undefined) conditions.push(sql`r.type_resa = ${f.type_resa}`);
  if (f.statut !== undefined) conditions.push(statutCondition(f.statut));
  if (f.apec !== undefined) conditions.push(sql`r.apec = ${f.apec}`);
  if (f.client_id !== undefined) conditions.push(sql`r.client_id = ${f.client_id}`);
  if (f.etablissement_id !== undefined) conditions.push(sql`r.etablissement_id = ${f.etablissement_id}`);
  if (f.pensionnaire_id !== undefined) conditions.push(sql`r.pensionnaire_id = ${f.pensionnaire_id}`);
  if (f.type_chambre_id !== undefined) conditions.push(sql`r.type_chambre_id = ${f.type_chambre_id}`);
  if (f.id_reservation_mere !== undefined)
    conditions.push(sql`r.id_reservation_mere = ${f.id_reservation_mere}`);
  // Overlap of [date_debut, date_fin) with [start_date, end_date): at least one night in the period.
  if (f.start_date !== undefined) conditions.push(sql`r.date_fin > ${f.start_date}::date`);
  if (f.end_date !== undefined) conditions.push(sql`r.date_debut < ${f.end_date}::date`);
  for (const [dimension, { key, table, alias }] of Object.entries(DIMENSIONS)) {
    const predicates = dimensionPredicates(f, dimension as Dimension);
    if (predicates.length > 0)
      conditions.push(sql`r.${sql.raw(key)} in (select ${sql.raw(alias)}.id from ${sql.raw(table)} ${sql.raw(alias)}
        where ${sql.join(predicates, sql` and `)})`);
  }
  if (f.chambre?.trim()) conditions.push(containsText(sql`r.chambre`, f.chambre));
  return conditions;
}

/** `where …` of the conditions, or nothing. */
export function whereClause(conditions: SQL[], extra: SQL[] = []): SQL {
  const all = [...conditions, ...extra];
  return all.length === 0 ? sql`` : sql`where ${sql.join(all, sql` and `)}`;
}
