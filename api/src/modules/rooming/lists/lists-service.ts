/**
 * The three rooming lists (spec §7): one row per stay with its non-cancelled nights of the period, and the totals of
 * spec §3 over the same nights, in SQL numeric (docs/domain.md « Computations »). Amounts are on the screen's side:
 * purchase for rooming-etab (what the hotel is paid), sale for rooming-client and rooming-pensionnaires (what the
 * client is invoiced). HT, VAT and TTC follow totaux.ts's rule (VAT per rate on the document), so the rooming
 * agrees with the stays' totals and with /stats/ca. The page, the count and the totals are one statement; an export
 * reads its rows as one statement through a cursor.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  RoomingClientAnswer,
  RoomingClientTotaux,
  RoomingEtabAnswer,
  RoomingEtabTotaux,
  RoomingFilters,
  RoomingPensAnswer,
  RoomingRow,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { oneOf } from '../../../db/raw';
import { whereClause } from '../../reservations';
import { assertRoomingPeriod, roomingNightConditions, roomingStayConditions } from '../rooming-filters';

export type RoomingKind = 'etab' | 'client' | 'pens';

/** Line HT of a night `n`: the night's price plus its meals, on one side. */
const LINE_HT: Record<'achat' | 'vente', SQL> = {
  achat: sql`(n.prix_achat_ht + n.petit_dejeuner * n.prix_achat_petit_dejeuner_ht
    + n.dejeuner * n.prix_achat_dejeuner_ht + n.diner * n.prix_achat_diner_ht)`,
  vente: sql`(n.prix_vente_ht + n.petit_dejeuner * n.prix_petit_dejeuner_ht
    + n.dejeuner * n.prix_dejeuner_ht + n.diner * n.prix_diner_ht)`,
};
export const sideOf = (kind: RoomingKind): 'achat' | 'vente' => (kind === 'etab' ? 'achat' : 'vente');

const money = (expression: SQL) => sql`coalesce(${expression}, 0)::numeric(14, 2)::text`;

/** Sort of each list (then r.id): hotel and room for the hotel, client then resident, resident. */
const ORDERS: Record<RoomingKind, SQL[]> = {
  etab: [sql`e.nom`, sql`e.id`, sql`coalesce(r.chambre, '')`, sql`p.nom`, sql`p.prenom`],
  client: [sql`c.nom`, sql`c.id`, sql`p.nom`, sql`p.prenom`],
  pens: [sql`p.nom`, sql`p.prenom`],
};

const orderBy = (kind: RoomingKind) =>
  sql.join(
    [...ORDERS[kind], sql`r.id`].map((column) => sql`${column} asc`),
    sql`, `,
  );

/** The CTEs `s` (stays of the filters) and `agg` (one row per stay: its nights of the period summed). */
function roomingCtes(kind: RoomingKind, filters: RoomingFilters): SQL {
  const line = LINE_HT[sideOf(kind)];
  const nights = whereClause(roomingNightConditions(filters), [sql`n.reservation_id in (select id from s)`]);
  return sql`s as materialized (select r.id from reservations r ${whereClause(roomingStayConditions(filters))}),
    agg as materialized (
      select n.reservation_id as id, count(*)::int as nuitees,
        count(*) filter (where n.presence = 'present')::int as nuitees_presentes,
        count(*) filter (where n.presence = 'absent')::int as nuitees_absentes,
        coalesce(sum(n.petit_dejeuner), 0)::int as petit_dejeuner,
        coalesce(sum(n.dejeuner), 0)::int as dejeuner, coalesce(sum(n.diner), 0)::int as diner,
        ${money(sql`sum(${line})`)} as prix_ht,
        ${money(sql`sum(${line}) filter (where n.presence = 'present')`)} as prix_htr,
        ${money(sql`sum(n.montant_paf)`)} as montant_paf, ${money(sql`sum(n.montant_caf)`)} as montant_caf,
        min(n.date_nuit)::text as debut_periode, (max(n.date_nuit) + 1)::text as fin_periode
      from nuitees n ${nights} group by n.reservation_id)`;
}

const rowSelect = sql`r.id, r.id_reservation_mere, r.type_resa, r.statut, r.pensionnaire_id,
  p.nom as pensionnaire_nom, p.prenom as pensionnaire_prenom, p.numero_dossier, r.client_id, c.nom as client_nom,
  r.etablissement_id, e.nom as etablissement_nom, e.ville as etablissement_ville, r.type_chambre_id,
  tc.libelle as type_chambre_libelle, r.chambre, r.date_debut::text as date_debut, r.date_fin::text as date_fin,
  agg.debut_periode, agg.fin_periode, agg.nuitees, agg.nuitees_presentes, agg.nuitees_absentes,
  agg.petit_dejeuner, agg.dejeuner, agg.diner, agg.prix_ht, agg.prix_htr, r.status_paf, r.status_caf,
  r.etat_payment_paf, r.etat_payment_caf, agg.montant_paf, agg.montant_caf, r.version`;

const rowJoins = sql`join reservations r on r.id = agg.id
  join pensionnaires p on p.id = r.pensionnaire_id
  join clients c on c.id = r.client_id
  join etablissements e on e.id = r.etablissement_id
  join types_chambre tc on tc.id = r.type_chambre_id`;

export interface RoomingPage {
  limit: number;
  offset?: number;
}

/** The rows of `agg` in the list's order: a page, or all of them. */
function rowsQuery(kind: RoomingKind, page?: RoomingPage): SQL {
  const slice = page === undefined ? sql`` : sql` limit ${page.limit} offset ${page.offset ?? 0}`;
  return sql`select ${rowSelect} from agg ${rowJoins} order by ${orderBy(kind)}${slice}`;
}

/** The two bases of a night on one side: its price (at taux_tva_nuitee) and its meals (at taux_tva_repas). */
const BASES: Record<'achat' | 'vente', { night: SQL; meals: SQL }> = {
  achat: {
    night: sql`n.prix_achat_ht`,
    meals: sql`n.petit_dejeuner * n.prix_achat_petit_dejeuner_ht + n.dejeuner * n.prix_achat_dejeuner_ht
      + n.diner * n.prix_achat_diner_ht`,
  },
  vente: {
    night: sql`n.prix_vente_ht`,
    meals: sql`n.petit_dejeuner * n.prix_petit_dejeuner_ht + n.dejeuner * n.prix_dejeuner_ht
      + n.diner * n.prix_diner_ht`,
  },
};

const STREAM_STATES = [
  ['p', 'paye'],
  ['n', 'non_paye'],
  ['v', 'a_verifier'],
] as const;

/**
 * Totals over the period's nights of the listed stays, one json object. `stays` is a relation of the listed stays'
 * ids (`agg` for a page, whose rows are computed anyway). One pass over the nights, grouped by the pair of VAT
 * rates and presence (a handful of groups): HT, VAT and TTC follow totaux.ts's rule (bases summed per rate over
 * the document — nights at taux_tva_nuitee, meals at taux_tva_repas — VAT rounded per rate), planned over every
 * night and real over the present ones, without totaux.ts's four rows per night for both sides.
 */
function totalsSelect(kind: RoomingKind, filters: RoomingFilters, stays: SQL): SQL {
  const base = BASES[sideOf(kind)];
  const streams = kind === 'client';
  const streamColumns = streams
    ? (['paf', 'caf'] as const).flatMap((flux) =>
        STREAM_STATES.map(([letter, etat]) => {
          const where = sql.raw(`r.status_${flux} and n.etat_${flux} = '${etat}'`);
          return sql`, count(*) filter (where ${where}) as ${sql.raw(`${flux}_${letter}`)},
            sum(${sql.raw(`n.montant_${flux}`)}) filter (where ${where}) as ${sql.raw(`montant_${flux}_${letter}`)}`;
        }),
      )
    : [];
  const streamObject = streams
    ? sql`json_build_object(${sql.join(
        (['paf', 'caf'] as const).flatMap((flux) =>
          STREAM_STATES.map(([letter]) =>
            sql.raw(`'total_${flux}_${letter}', coalesce(sum(g.${flux}_${letter}), 0)::int,
                'total_montant_${flux}_${letter}', ${moneyText(`sum(g.montant_${flux}_${letter})`)}`),
          ),
        ),
        sql`, `,
      )})`
    : sql`null`;
  const nights = sql.join(
    [...roomingNightConditions(filters), sql`n.reservation_id in (select id from ${stays})`],
    sql` and `,
  );
  return sql`(with g as materialized (
      select n.taux_tva_nuitee as rate_night, n.taux_tva_repas as rate_meals, n.presence = 'present' as present,
        count(*) as nuitees, sum(${base.night}) as night_base, sum(${base.meals}) as meals_base,
        sum(n.petit_dejeuner) as petit_dejeuner, sum(n.dejeuner) as dejeuner, sum(n.diner) as diner
        ${sql.join(streamColumns, sql``)}
      from nuitees n ${streams ? sql`join reservations r on r.id = n.reservation_id` : sql``} where ${nights}
      group by 1, 2, 3),
    per_rate as (
      select rate, sum(base) as base, sum(base) filter (where present) as real_base from (
        select rate_night as rate, night_base as base, present from g
        union all select rate_meals, meals_base, present from g) b
      group by rate),
    vat as (
      select coalesce(sum(round(base * rate / 100, 2)), 0) as planned,
        coalesce(sum(round(real_base * rate / 100, 2)), 0) as real from per_rate),
    ht as (
      select coalesce(sum(night_base + meals_base), 0) as planned,
        coalesce(sum(night_base + meals_base) filter (where present), 0) as real from g)
    select json_build_object(
      'total', (select count(*)::int from ${stays}),
      'total_pensionnaires',
        (select count(distinct r.pensionnaire_id)::int from ${stays} t join reservations r on r.id = t.id),
      'planned', json_build_object('nuitees', coalesce(sum(g.nuitees), 0)::int,
        'ht', (select ${sql.raw(moneyText('planned'))} from ht), 'tva', (select ${sql.raw(moneyText('planned'))} from vat),
        'ttc', (select ${sql.raw(moneyText('ht.planned + vat.planned'))} from ht, vat),
        'petit_dejeuner', coalesce(sum(g.petit_dejeuner), 0)::int, 'dejeuner', coalesce(sum(g.dejeuner), 0)::int,
        'diner', coalesce(sum(g.diner), 0)::int),
      'real', json_build_object('ht', (select ${sql.raw(moneyText('real'))} from ht),
        'ttc', (select ${sql.raw(moneyText('ht.real + vat.real'))} from ht, vat)),
      'streams', ${streamObject}) from g)`;
}

/** A money expression as text with two decimals (0.00 when null). */
function moneyText(expression: string): string {
  return `coalesce(${expression}, 0)::numeric(14, 2)::text`;
}

interface TotalsJson {
  total: number;
  total_pensionnaires: number;
  planned: {
    nuitees: number;
    ht: string;
    tva: string;
    ttc: string;
    petit_dejeuner: number;
    dejeuner: number;
    diner: number;
  };
  real: { ht: string; ttc: string };
  /** rooming-client only. */
  streams: Omit<
    RoomingClientTotaux,
    | 'total'
    | 'total_nuitees'
    | 'total_pensionnaires'
    | 'total_prix_ht'
    | 'tva'
    | 'ttc'
    | 'total_petit_dej'
    | 'total_dej'
    | 'total_dinner'
    | 'total_prix_ttcr'
  > | null;
}

function etabTotaux(t: TotalsJson): RoomingEtabTotaux {
  return {
    total: t.total,
    total_nuitees: t.planned.nuitees,
    total_pensionnaires: t.total_pensionnaires,
    total_prix_ht: t.planned.ht,
    tva: t.planned.tva,
    ttc: t.planned.ttc,
    total_prix_htr: t.real.ht,
    total_prix_ttcr: t.real.ttc,
  };
}

function clientTotaux(t: TotalsJson): RoomingClientTotaux {
  if (t.streams === null) throw new Error('rooming: the client totals need the streams');
  return {
    total: t.total,
    total_nuitees: t.planned.nuitees,
    total_pensionnaires: t.total_pensionnaires,
    total_prix_ht: t.planned.ht,
    tva: t.planned.tva,
    ttc: t.planned.ttc,
    ...t.streams,
    total_petit_dej: t.planned.petit_dejeuner,
    total_dej: t.planned.dejeuner,
    total_dinner: t.planned.diner,
    total_prix_ttcr: t.real.ttc,
  };
}

/** A page of rows and, unless `pens`, the totals: one statement. */
async function roomingPage(db: Executor, kind: RoomingKind, filters: RoomingFilters, page: RoomingPage) {
  assertRoomingPeriod(filters);
  const totals =
    kind === 'pens'
      ? sql`json_build_object('total', (select count(*)::int from agg))`
      : totalsSelect(kind, filters, sql`agg`);
  const row = await oneOf<{ items: RoomingRow[]; totals: TotalsJson }>(
    db,
    sql`with ${roomingCtes(kind, filters)}
      select (select coalesce(json_agg(to_jsonb(i) order by i.n), '[]'::json)
        from (select x.*, row_number() over () as n from (${rowsQuery(kind, page)}) x) i) as items,
        ${totals} as totals`,
  );
  if (row === undefined) throw new Error('rooming: no row');
  return row;
}

export async function roomingEtab(
  db: Executor,
  filters: RoomingFilters,
  page: RoomingPage,
): Promise<RoomingEtabAnswer> {
  const { items, totals } = await roomingPage(db, 'etab', filters, page);
  return { reservations: items, ...etabTotaux(totals) };
}

export async function roomingClient(
  db: Executor,
  filters: RoomingFilters,
  page: RoomingPage,
): Promise<RoomingClientAnswer> {
  const { items, totals } = await roomingPage(db, 'client', filters, page);
  return { reservations: items, ...clientTotaux(totals) };
}

export async function roomingPens(
  db: Executor,
  filters: RoomingFilters,
  page: RoomingPage,
): Promise<RoomingPensAnswer> {
  const { items, totals } = await roomingPage(db, 'pens', filters, page);
  return { reservations: items, total: totals.total };
}

/**
 * Every row of the filters in the list's order, as one statement: the exports read it through a cursor
 * (db/cursor.ts), so the period's nights are aggregated and sorted once, not once per batch.
 */
export function roomingRowsQuery(kind: RoomingKind, filters: RoomingFilters): SQL {
  assertRoomingPeriod(filters);
  return sql`with ${roomingCtes(kind, filters)} ${rowsQuery(kind)}`;
}

/**
 * The CTEs `s` (stays of the filters) and `listed` (those with a night in the period: the ids of `agg`, without
 * summing their nights), for the count and the totals of an export.
 */
function listedStays(filters: RoomingFilters): SQL {
  return sql`s as materialized (select r.id from reservations r ${whereClause(roomingStayConditions(filters))}),
    listed as materialized (select distinct n.reservation_id as id from nuitees n
      ${whereClause(roomingNightConditions(filters), [sql`n.reservation_id in (select id from s)`])})`;
}

/** The totals alone (exports print them; the send reuses them). */
export async function roomingTotaux(
  db: Executor,
  kind: 'etab' | 'client',
  filters: RoomingFilters,
): Promise<RoomingEtabTotaux | RoomingClientTotaux> {
  assertRoomingPeriod(filters);
  const row = await oneOf<{ totals: TotalsJson }>(
    db,
    sql`with ${listedStays(filters)} select ${totalsSelect(kind, filters, sql`listed`)} as totals`,
  );
  if (row === undefined) throw new Error('rooming: no row');
  return kind === 'etab' ? etabTotaux(row.totals) : clientTotaux(row.totals);
}

/** How many rows the filters give (the exports' 50,000 cap). */
export async function countRooming(
  db: Executor,
  kind: RoomingKind,
  filters: RoomingFilters,
): Promise<number> {
  assertRoomingPeriod(filters);
  const row = await oneOf<{ total: number }>(
    db,
    sql`with ${listedStays(filters)} select count(*)::int as total from listed`,
  );
  return row?.total ?? 0;
}
