/**
 * The rows of the reservation exports: the same filters, order and rows as POST /reservations, read in short
 * keyset batches (the list's row query of reservation-items.ts). Short queries keep the memory flat and hold a
 * pool connection for one batch at a time, not for the whole export.
 *
 * Per batch, all_data adds the sale amounts of each stay and prolonger the contract limits, both in SQL. Money is
 * computed in SQL numeric only; the document totals sum per-batch partial sums in one last SQL query, with VAT
 * rounded per rate over the whole document (docs/domain.md, "Computations").
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReservationExportBody, ReservationExportKey, ReservationFilters } from 'shared/contract';
import { MAX_EXPORT_ROWS } from 'shared/contract/reservation-values';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { TODAY } from '../../../db/today';
import { BadRequestError } from '../../../errors';
import {
  countReservations,
  numberedItemsQuery,
  selectReservationItems,
  type ReservationPage,
} from '../reservation-items';
import {
  type ExportRow,
  type ExtensionLimits,
  type StayAmounts,
  rowsFrom,
  type BatchRows,
  type BatchCounts,
  type ExportTotals,
} from '../../../lib/exports/export-types';

export const EXPORT_BATCH_SIZE = 250;

export const EXPORT_MESSAGES = {
  tooMany: (total: number) =>
    `L'export porterait sur ${total.toLocaleString('fr-FR')} réservations : au-delà de ` +
    `${MAX_EXPORT_ROWS.toLocaleString('fr-FR')}, affinez les filtres (période, client, établissement…).`,
} as const;

/** The body without page and pageSize (ignored: every matching row is exported). */
export function splitExportBody(body: ReservationExportBody): {
  filters: ReservationFilters;
  order: Pick<ReservationPage, 'sort' | 'order'>;
} {
  const { page: _page, pageSize: _pageSize, sort, order, ...filters } = body;
  return {
    filters,
    order: { ...(sort === undefined ? {} : { sort }), ...(order === undefined ? {} : { order }) },
  };
}

/** Matching rows, counted first: 400 (French) for an invalid period or beyond MAX_EXPORT_ROWS. */
export async function countExportRows(db: Executor, filters: ReservationFilters): Promise<number> {
  const total = await countReservations(db, filters);
  if (total > MAX_EXPORT_ROWS) throw new BadRequestError(EXPORT_MESSAGES.tooMany(total));
  return total;
}

/** A batch's ids as one array parameter ('{1,2,3}'::int[]): one bind value, whatever the batch size. */
const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Amounts of the batch's stays (`i`, a CTE with their `id`) over their non-cancelled nights. One index lookup per
 * stay (lateral on nuitees_reservation_nuit_unique): `reservation_id = any(…)` let the planner pick a sequential
 * scan of every night when statistics are missing (1.3 s a batch on the large dataset). `g` aggregates the nights
 * once, per stay and pair of VAT rates (nights', meals'); `par_taux` splits each group into its two sale bases
 * (nights at their rate, meals at theirs) summed per stay and rate; `tva` rounds the VAT per rate; `comptes` has
 * the counts, PAF and CAF. numeric sums are exact: same results as summing night by night (checked on the large
 * dataset against the former per-night query: identical rows and partial sums).
 */
const AMOUNT_CTES = sql`g as (
    select x.reservation_id, x.taux_tva_nuitee, x.taux_tva_repas, count(*) as nuitees,
      sum(x.petit_dejeuner) as petit_dejeuner, sum(x.dejeuner) as dejeuner, sum(x.diner) as diner,
      sum(x.montant_paf) as paf, sum(x.montant_caf) as caf, sum(x.prix_vente_ht) as ht_nuits,
      sum(x.petit_dejeuner * x.prix_petit_dejeuner_ht + x.dejeuner * x.prix_dejeuner_ht
        + x.diner * x.prix_diner_ht) as ht_repas
    from i, lateral (select reservation_id, taux_tva_nuitee, taux_tva_repas, petit_dejeuner, dejeuner, diner,
      montant_paf, montant_caf, prix_vente_ht, prix_petit_dejeuner_ht, prix_dejeuner_ht, prix_diner_ht
      from nuitees where reservation_id = i.id and not annulee offset 0) x
    group by x.reservation_id, x.taux_tva_nuitee, x.taux_tva_repas
  ),
  par_taux as (select reservation_id, taux, sum(base) as base
    from g, lateral (values (taux_tva_nuitee, ht_nuits), (taux_tva_repas, ht_repas)) v(taux, base)
    group by reservation_id, taux),
  tva as (select reservation_id, sum(base) as ht, sum(round(base * taux / 100, 2)) as tva
    from par_taux group by reservation_id),
  comptes as (select reservation_id, sum(nuitees)::int as nuitees, sum(petit_dejeuner)::int as petit_dejeuner,
    sum(dejeuner)::int as dejeuner, sum(diner)::int as diner, sum(paf) as paf, sum(caf) as caf
    from g group by reservation_id)`;

const money = (expression: SQL) => sql`(${expression})::numeric(14, 2)::text`;

/** Sums of a batch, kept as decimal strings until the final SQL: VAT bases per rate, PAF, CAF. */
export interface PartialSum {
  kind: 'base' | 'paf' | 'caf';
  taux: string;
  montant: string;
}

/** A stay without billable nights (cancelled before its first night). */
const NO_AMOUNTS: StayAmounts = {
  nuitees: 0,
  vente_ht: '0.00',
  tva: '0.00',
  vente_ttc: '0.00',
  montant_paf: '0.00',
  montant_caf: '0.00',
  petit_dejeuner: 0,
  dejeuner: 0,
  diner: 0,
};

const noCounts = (): BatchCounts => ({
  reservations: 0,
  nuits: 0,
  nuitees: 0,
  petit_dejeuner: 0,
  dejeuner: 0,
  diner: 0,
});

/**
 * all_data: ONE statement per batch (one planning, one round trip): the batch's rows in the list's order, each with
 * its amounts (`montants`; NO_AMOUNTS without billable nights: per stay, nights, meals, sale HT / VAT rounded per
 * rate / TTC, PAF and CAF), the batch's partial sums for the document totals (VAT bases per rate, PAF, CAF), its
 * counts, and its last row (the next batch's keyset). Each row also keeps `n`, its position in the batch (unused).
 * The rows come back as JSON **text**, left unparsed: the API's main thread hands the text to the renderer (a
 * lowered process by default), which parses it — parsing a batch, and copying the objects to the renderer, were most
 * of what an all_data export still cost the main thread at normal priority (docs/performance.md « The rows as
 * text »). Only the last row (the keyset) and the small sums are parsed here.
 */
async function itemsWithAmounts(
  db: Executor,
  filters: ReservationFilters,
  page: ReservationPage,
): Promise<{ json: string; last: ExportRow | null; counts: BatchCounts; partials: PartialSum[] }> {
  const [row] = await rowsOf<{
    json: string;
    last: ExportRow | null;
    counts: BatchCounts;
    partials: PartialSum[];
  }>(
    db,
    sql`with i as (${numberedItemsQuery(filters, page)}), ${AMOUNT_CTES},
    x as (
      select i.*, case when c.reservation_id is null then ${JSON.stringify(NO_AMOUNTS)}::json else json_build_object(
        'nuitees', c.nuitees, 'petit_dejeuner', c.petit_dejeuner, 'dejeuner', c.dejeuner, 'diner', c.diner,
        'vente_ht', ${money(sql`t.ht`)}, 'tva', ${money(sql`t.tva`)}, 'vente_ttc', ${money(sql`t.ht + t.tva`)},
        'montant_paf', ${money(sql`c.paf`)}, 'montant_caf', ${money(sql`c.caf`)}) end as montants
      from i left join comptes c on c.reservation_id = i.id left join tva t on t.reservation_id = i.id
    )
    select
      (select coalesce(json_agg(x order by x.n), '[]'::json)::text from x) as json,
      (select row_to_json(x) from x order by x.n desc limit 1) as last,
      (select json_build_object('reservations', count(*), 'nuits', coalesce(sum(i.nombre_nuits), 0),
        'nuitees', coalesce(sum(c.nuitees), 0), 'petit_dejeuner', coalesce(sum(c.petit_dejeuner), 0),
        'dejeuner', coalesce(sum(c.dejeuner), 0), 'diner', coalesce(sum(c.diner), 0))
        from i left join comptes c on c.reservation_id = i.id) as counts,
      (select coalesce(json_agg(p), '[]'::json) from (
        select 'base' as kind, taux::text as taux, sum(base)::text as montant from par_taux group by taux
        union all select 'paf', '0', sum(paf)::text from comptes having count(*) > 0
        union all select 'caf', '0', sum(caf)::text from comptes having count(*) > 0
      ) p) as partials`,
  );
  if (row === undefined) throw new Error('lot introuvable');
  return row;
}

/** Contract ends (first day no longer covered = latest departure possible) and days left before departure. */
async function extensionLimits(db: Executor, ids: number[]): Promise<Map<number, ExtensionLimits>> {
  const rows = await rowsOf<ExtensionLimits & { id: number }>(
    db,
    sql`select r.id, cc.date_fin::text as fin_contrat_client, ce.date_fin::text as fin_contrat_etablissement,
      (r.date_fin - ${TODAY})::int as jours_restants
    from unnest(${idArray(ids)}) as b(id), lateral (select * from reservations where id = b.id offset 0) r
    join contrats_clients cc on cc.id = r.contrat_client_id
    join contrats_etablissement ce on ce.id = r.contrat_etablissement_id`,
  );
  return new Map(rows.map(({ id, ...limits }) => [Number(id), limits]));
}

/** The counts of parsed rows (a batch read without `counts`: its amounts as NO_AMOUNTS where absent). */
function countsOf(rows: ExportRow[]): BatchCounts {
  const counts = noCounts();
  for (const row of rows) {
    const amounts = row.montants ?? NO_AMOUNTS;
    counts.reservations += 1;
    counts.nuits += row.nombre_nuits;
    counts.nuitees += amounts.nuitees;
    counts.petit_dejeuner += amounts.petit_dejeuner;
    counts.dejeuner += amounts.dejeuner;
    counts.diner += amounts.diner;
  }
  return counts;
}

/** Accumulates the totals of an all_data export, batch after batch; `finish` runs the one SQL that sums them. */
export class TotalsAccumulator {
  private readonly partials: PartialSum[] = [];
  private readonly counts = noCounts();

  add(batch: ExportBatch): void {
    const counts = batch.counts ?? countsOf(rowsFrom(batch.rows));
    for (const key of Object.keys(this.counts) as (keyof BatchCounts)[])
      this.counts[key] += Number(counts[key]);
    this.partials.push(...batch.partials);
  }

  async finish(db: Executor): Promise<ExportTotals> {
    const list = (values: string[]) => `{${values.join(',')}}`;
    const [row] = await rowsOf<
      Pick<ExportTotals, 'vente_ht' | 'tva' | 'vente_ttc' | 'montant_paf' | 'montant_caf'>
    >(
      db,
      sql`with p as (
        select * from unnest(${list(this.partials.map((p) => p.kind))}::text[],
          ${list(this.partials.map((p) => p.taux))}::numeric[], ${list(this.partials.map((p) => p.montant))}::numeric[])
          as p(kind, taux, montant)
      ), par_taux as (select taux, sum(montant) as base from p where kind = 'base' group by taux),
      t as (select coalesce(sum(base), 0) as ht, coalesce(sum(round(base * taux / 100, 2)), 0) as tva from par_taux)
      select ${money(sql`t.ht`)} as vente_ht, ${money(sql`t.tva`)} as tva, ${money(sql`t.ht + t.tva`)} as vente_ttc,
        ${money(sql`(select coalesce(sum(montant), 0) from p where kind = 'paf')`)} as montant_paf,
        ${money(sql`(select coalesce(sum(montant), 0) from p where kind = 'caf')`)} as montant_caf
      from t`,
    );
    if (row === undefined) throw new Error('totaux introuvables');
    return { ...this.counts, ...row };
  }
}

export interface BatchOptions {
  /** Adds `montants` (all_data). */
  amounts?: boolean;
  /** Adds `limites` (prolonger). */
  limits?: boolean;
  batchSize?: number;
  /** Checked before each batch: true stops the reading (client gone). */
  stopped?: () => boolean;
  /** Awaited before each batch: lets the renderer wait until its output drains. */
  beforeBatch?: () => Promise<void>;
}

export interface ExportBatch {
  /** The rows: parsed, or (all_data) their JSON text, parsed where the file is rendered (`rowsFrom`). */
  rows: BatchRows;
  /** Rows in the batch. */
  count: number;
  /** all_data: the batch's partial sums for the totals. */
  partials: PartialSum[];
  /** all_data: the batch's counts for the totals. */
  counts?: BatchCounts | undefined;
}

/** What the batches of export `key` carry besides the list's row: all_data's amounts, prolonger's limits. */
export const batchOptionsFor = (key: ReservationExportKey): Pick<BatchOptions, 'amounts' | 'limits'> => ({
  amounts: key === 'pdfResaAll' || key === 'excelResaAll',
  limits: key === 'excelProlonger',
});

/** The matching rows, batch after batch, in the list's order; ends early when `stopped()` turns true. */
export async function* exportBatches(
  db: Executor,
  body: ReservationExportBody,
  options: BatchOptions = {},
): AsyncGenerator<ExportBatch> {
  const { filters, order } = splitExportBody(body);
  const limit = options.batchSize ?? EXPORT_BATCH_SIZE;
  let after: ExportRow | undefined;
  for (;;) {
    await options.beforeBatch?.();
    if (options.stopped?.()) return;
    const page = { ...order, limit, ...(after === undefined ? {} : { after }) };
    let batch: ExportBatch;
    let last: ExportRow | undefined;
    if (options.amounts) {
      const read = await itemsWithAmounts(db, filters, page);
      batch = { rows: { json: read.json }, count: Number(read.counts.reservations), partials: read.partials };
      batch.counts = read.counts;
      last = read.last ?? undefined;
    } else {
      const items: ExportRow[] = await selectReservationItems(db, filters, page);
      if (options.limits && items.length > 0) {
        const limits = await extensionLimits(
          db,
          items.map((item) => item.id),
        );
        for (const item of items) {
          const found = limits.get(item.id);
          if (found !== undefined) item.limites = found;
        }
      }
      batch = { rows: items, count: items.length, partials: [] };
      last = items.at(-1);
    }
    if (batch.count === 0) return;
    yield batch;
    if (batch.count < limit) return;
    after = last;
  }
}
