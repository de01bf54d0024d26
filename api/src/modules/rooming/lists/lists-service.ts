/**
 * The three rooming lists (spec §7): one row per stay with its non-cancelled nights of the period, and the totals of
 * spec §3 over the same nights, in SQL numeric (docs/domain.md « Computations »). Amounts are on the screen's side:
 * purchase for rooming-etab (what the hotel is paid), sale for rooming-client and rooming-pensionnaires (what the
 * client is invoiced). HT, VAT and TTC come from totaux.ts (VAT per rate on the document), so the rooming agrees
 * with the stays' totals and with /stats/ca. The page, the count and the totals are one statement.
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
import { oneOf, rowsOf } from '../../../db/raw';
import { whereClause } from '../../reservations/filters';
import { totauxQuery } from '../../reservations/totaux';
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
const ORDERS: Record<RoomingKind, { columns: SQL[]; fields: (keyof RoomingRow)[] }> = {
  etab: {
    columns: [sql`e.nom`, sql`e.id`, sql`coalesce(r.chambre, '')`, sql`p.nom`, sql`p.prenom`],
    fields: ['etablissement_nom', 'etablissement_id', 'chambre', 'pensionnaire_nom', 'pensionnaire_prenom'],
  },
  client: {
    columns: [sql`c.nom`, sql`c.id`, sql`p.nom`, sql`p.prenom`],
    fields: ['client_nom', 'client_id', 'pensionnaire_nom', 'pensionnaire_prenom'],
  },
  pens: {
    columns: [sql`p.nom`, sql`p.prenom`],
    fields: ['pensionnaire_nom', 'pensionnaire_prenom'],
  },
};

const orderBy = (kind: RoomingKind) =>
  sql.join(
    [...ORDERS[kind].columns, sql`r.id`].map((column) => sql`${column} asc`),
    sql`, `,
  );

/** Keyset: rows after `after` in the list's order (exports read in batches). */
function keysetCondition(kind: RoomingKind, after: RoomingRow): SQL {
  const values = ORDERS[kind].fields.map(
    (field) => sql`${field === 'chambre' ? (after.chambre ?? '') : after[field]}`,
  );
  const columns = [...ORDERS[kind].columns, sql`r.id`];
  return sql`(${sql.join(columns, sql`, `)}) > (${sql.join([...values, sql`${after.id}::int`], sql`, `)})`;
}

/**
 * The CTEs `s` (stays of the filters) and `agg` (one row per stay: its nights of the period summed). With `batch`,
 * a CTE `b` first picks the batch's stays (those with a night in the period, in the list's order, after the keyset)
 * and `agg` sums only their nights: an export's batches then never re-aggregate the whole period.
 */
function roomingCtes(kind: RoomingKind, filters: RoomingFilters, batch?: RoomingPage): SQL {
  const line = LINE_HT[sideOf(kind)];
  const source = batch === undefined ? sql`s` : sql`b`;
  const nights = whereClause(roomingNightConditions(filters), [
    sql`n.reservation_id in (select id from ${source})`,
  ]);
  const stays = sql`s as materialized (select r.id from reservations r ${whereClause(roomingStayConditions(filters))})`;
  const picked =
    batch === undefined
      ? sql``
      : sql`, b as materialized (select r.id from s join reservations r on r.id = s.id ${batchJoins}
          ${whereClause(
            [
              sql`exists (select 1 from nuitees n where n.reservation_id = r.id and ${sql.join(
                roomingNightConditions(filters),
                sql` and `,
              )})`,
            ],
            batch.after === undefined ? [] : [keysetCondition(kind, batch.after)],
          )}
          order by ${orderBy(kind)} limit ${batch.limit})`;
  return sql`${stays}${picked},
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

/** The joins the list's order needs, after `reservations r`. */
const batchJoins = sql`join pensionnaires p on p.id = r.pensionnaire_id
  join clients c on c.id = r.client_id
  join etablissements e on e.id = r.etablissement_id`;

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
  after?: RoomingRow;
}

function rowsQuery(kind: RoomingKind, page: RoomingPage): SQL {
  const keyset = page.after === undefined ? [] : [keysetCondition(kind, page.after)];
  return sql`select ${rowSelect} from agg ${rowJoins} ${whereClause(keyset)}
    order by ${orderBy(kind)} limit ${page.limit} offset ${page.offset ?? 0}`;
}

/** The nights of the totals: those of the listed stays, in the period (alias n, as totaux.ts expects). */
const totalNights = (filters: RoomingFilters) =>
  sql.join([...roomingNightConditions(filters), sql`n.reservation_id in (select id from agg)`], sql` and `);

/** Totals over the nights of `agg` (which must be in scope), one json object. */
function totalsSelect(kind: RoomingKind, filters: RoomingFilters): SQL {
  const nights = totalNights(filters);
  const side = sideOf(kind);
  const planned = totauxQuery(sql`0`, nights);
  const real = totauxQuery(sql`0`, sql`${nights} and n.presence = 'present'`);
  const stream = (flux: 'paf' | 'caf', etat: string, what: 'count' | 'sum') => {
    const status = sql.raw(`r.status_${flux}`);
    const state = sql.raw(`n.etat_${flux}`);
    return what === 'count'
      ? sql`count(*) filter (where ${status} and ${state} = ${etat})::int`
      : money(sql`sum(${sql.raw(`n.montant_${flux}`)}) filter (where ${status} and ${state} = ${etat})`);
  };
  const ht = sql.raw(`${side}_ht`);
  const tva = sql.raw(`${side}_tva`);
  const ttc = sql.raw(`${side}_ttc`);
  return sql`json_build_object(
    'total', (select count(*)::int from agg),
    'total_pensionnaires', (select count(distinct r.pensionnaire_id)::int from agg join reservations r on r.id = agg.id),
    'planned', (select json_build_object('nuitees', t.nuitees, 'ht', t.${ht}, 'tva', t.${tva}, 'ttc', t.${ttc},
        'petit_dejeuner', t.petit_dejeuner, 'dejeuner', t.dejeuner, 'diner', t.diner) from (${planned}) t),
    'real', (select json_build_object('ht', t.${ht}, 'ttc', t.${ttc}) from (${real}) t),
    'streams', (select json_build_object(
        'total_paf_p', ${stream('paf', 'paye', 'count')}, 'total_montant_paf_p', ${stream('paf', 'paye', 'sum')},
        'total_paf_n', ${stream('paf', 'non_paye', 'count')}, 'total_montant_paf_n', ${stream('paf', 'non_paye', 'sum')},
        'total_paf_v', ${stream('paf', 'a_verifier', 'count')}, 'total_montant_paf_v', ${stream('paf', 'a_verifier', 'sum')},
        'total_caf_p', ${stream('caf', 'paye', 'count')}, 'total_montant_caf_p', ${stream('caf', 'paye', 'sum')},
        'total_caf_n', ${stream('caf', 'non_paye', 'count')}, 'total_montant_caf_n', ${stream('caf', 'non_paye', 'sum')},
        'total_caf_v', ${stream('caf', 'a_verifier', 'count')}, 'total_montant_caf_v', ${stream('caf', 'a_verifier', 'sum')})
      from nuitees n join reservations r on r.id = n.reservation_id where ${nights}))`;
}

interface TotalsJson {
  total: number;
  total_pensionnaires: number;
  /** Absent (null) when the period has no night: totaux.ts answers no group then. */
  planned: {
    nuitees: number;
    ht: string;
    tva: string;
    ttc: string;
    petit_dejeuner: number;
    dejeuner: number;
    diner: number;
  } | null;
  real: { ht: string; ttc: string } | null;
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
  >;
}

function etabTotaux(t: TotalsJson): RoomingEtabTotaux {
  return {
    total: t.total,
    total_nuitees: t.planned?.nuitees ?? 0,
    total_pensionnaires: t.total_pensionnaires,
    total_prix_ht: t.planned?.ht ?? '0.00',
    tva: t.planned?.tva ?? '0.00',
    ttc: t.planned?.ttc ?? '0.00',
    total_prix_htr: t.real?.ht ?? '0.00',
    total_prix_ttcr: t.real?.ttc ?? '0.00',
  };
}

function clientTotaux(t: TotalsJson): RoomingClientTotaux {
  return {
    total: t.total,
    total_nuitees: t.planned?.nuitees ?? 0,
    total_pensionnaires: t.total_pensionnaires,
    total_prix_ht: t.planned?.ht ?? '0.00',
    tva: t.planned?.tva ?? '0.00',
    ttc: t.planned?.ttc ?? '0.00',
    ...t.streams,
    total_petit_dej: t.planned?.petit_dejeuner ?? 0,
    total_dej: t.planned?.dejeuner ?? 0,
    total_dinner: t.planned?.diner ?? 0,
    total_prix_ttcr: t.real?.ttc ?? '0.00',
  };
}

/** A page of rows and, unless `pens`, the totals: one statement. */
async function roomingPage(db: Executor, kind: RoomingKind, filters: RoomingFilters, page: RoomingPage) {
  assertRoomingPeriod(filters);
  const totals =
    kind === 'pens'
      ? sql`json_build_object('total', (select count(*)::int from agg))`
      : totalsSelect(kind, filters);
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

/** A keyset batch of rows (exports), in the list's order. */
export function roomingBatch(
  db: Executor,
  kind: RoomingKind,
  filters: RoomingFilters,
  page: RoomingPage,
): Promise<RoomingRow[]> {
  // The batch is already chosen (`b`): the rows are all of agg, in order.
  return rowsOf<RoomingRow>(
    db,
    sql`with ${roomingCtes(kind, filters, page)} ${rowsQuery(kind, { limit: page.limit })}`,
  );
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
    sql`with ${roomingCtes(kind, filters)} select ${totalsSelect(kind, filters)} as totals`,
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
    sql`with ${roomingCtes(kind, filters)} select count(*)::int as total from agg`,
  );
  return row?.total ?? 0;
}
