/**
 * The rows of the reservation exports: the same filters, order and rows as POST /reservations, read in short
 * keyset batches (selectReservationItems of list-query.ts). Short queries with a turn of the event loop between
 * them keep the memory flat and let other requests through: on PGlite there is a single connection, which a long
 * query or an open cursor would hold for the whole export.
 *
 * Per batch, all_data adds the sale amounts of each stay and prolonger the contract limits, both in SQL. Money is
 * computed in SQL numeric only; the document totals sum per-batch partial sums in one last SQL query, with VAT
 * rounded per rate over the whole document (docs/domain.md, "Computations").
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { MAX_EXPORT_ROWS, type ReservationExportBody, type ReservationFilters } from 'shared/contract';
import type { Executor } from '../../db/client';
import { BadRequestError } from '../../errors';
import { TODAY } from '../contrats/spec-service';
import type { ExportRow, ExtensionLimits, StayAmounts } from './export-columns';
import { countReservations, rowsOf, selectReservationItems, type ReservationPage } from './list-query';

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
 * Non-cancelled nights of the batch, with their sale base per VAT rate (nights at their rate, meals at theirs).
 * One index lookup per stay (lateral on nuitees_reservation_nuit_unique): `reservation_id = any(…)` let the
 * planner pick a sequential scan of every night when statistics are missing (1.3 s a batch on the large dataset).
 */
const nightsOf = (ids: number[]) => sql`n as (
    select x.* from unnest(${idArray(ids)}) as b(id), lateral (
      select reservation_id, taux_tva_nuitee, taux_tva_repas, prix_vente_ht, petit_dejeuner, dejeuner, diner,
        montant_paf, montant_caf,
        petit_dejeuner * prix_petit_dejeuner_ht + dejeuner * prix_dejeuner_ht + diner * prix_diner_ht as repas_ht
      from nuitees where reservation_id = b.id and not annulee offset 0
    ) x
  ), bases as (
    select reservation_id, taux_tva_nuitee as taux, prix_vente_ht as base from n
    union all select reservation_id, taux_tva_repas, repas_ht from n
  )`;

const money = (expression: SQL) => sql`(${expression})::numeric(14, 2)::text`;

/** Sums of a batch, kept as decimal strings until the final SQL: VAT bases per rate, PAF, CAF. */
export interface PartialSum {
  kind: 'base' | 'paf' | 'caf';
  taux: string;
  montant: string;
}

type AmountRow = (StayAmounts & { kind: 'stay'; id: number }) | PartialSum;

/**
 * One query per batch: per stay, nights, meals, sale HT / VAT (rounded per rate) / TTC, PAF and CAF amounts; and
 * the batch's partial sums for the document totals (VAT bases per rate, PAF, CAF).
 */
async function stayAmounts(
  db: Executor,
  ids: number[],
): Promise<{ amounts: Map<number, StayAmounts>; partials: PartialSum[] }> {
  const rows = await rowsOf<AmountRow>(
    db,
    sql`with ${nightsOf(ids)},
      par_taux as (select reservation_id, taux, sum(base) as base from bases group by reservation_id, taux),
      tva as (select reservation_id, sum(base) as ht, sum(round(base * taux / 100, 2)) as tva
        from par_taux group by reservation_id),
      comptes as (select reservation_id, count(*)::int as nuitees, sum(petit_dejeuner)::int as petit_dejeuner,
        sum(dejeuner)::int as dejeuner, sum(diner)::int as diner, sum(montant_paf) as paf, sum(montant_caf) as caf
        from n group by reservation_id)
    select 'stay' as kind, c.reservation_id as id, c.nuitees, c.petit_dejeuner, c.dejeuner, c.diner,
      ${money(sql`t.ht`)} as vente_ht, ${money(sql`t.tva`)} as tva, ${money(sql`t.ht + t.tva`)} as vente_ttc,
      ${money(sql`c.paf`)} as montant_paf, ${money(sql`c.caf`)} as montant_caf, null as taux, null as montant
    from comptes c join tva t using (reservation_id)
    union all select 'base', null, null, null, null, null, null, null, null, null, null, taux::text, sum(base)::text
      from par_taux group by taux
    union all select 'paf', null, null, null, null, null, null, null, null, null, null, '0', sum(paf)::text
      from comptes having count(*) > 0
    union all select 'caf', null, null, null, null, null, null, null, null, null, null, '0', sum(caf)::text
      from comptes having count(*) > 0`,
  );
  const amounts = new Map<number, StayAmounts>();
  const partials: PartialSum[] = [];
  for (const row of rows) {
    if (row.kind === 'stay') {
      const { kind: _kind, id, ...stay } = row;
      amounts.set(Number(id), {
        nuitees: stay.nuitees,
        petit_dejeuner: stay.petit_dejeuner,
        dejeuner: stay.dejeuner,
        diner: stay.diner,
        vente_ht: stay.vente_ht,
        tva: stay.tva,
        vente_ttc: stay.vente_ttc,
        montant_paf: stay.montant_paf,
        montant_caf: stay.montant_caf,
      });
    } else partials.push({ kind: row.kind, taux: row.taux, montant: row.montant });
  }
  return { amounts, partials };
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

export interface ExportTotals {
  reservations: number;
  nuits: number;
  nuitees: number;
  petit_dejeuner: number;
  dejeuner: number;
  diner: number;
  vente_ht: string;
  tva: string;
  vente_ttc: string;
  montant_paf: string;
  montant_caf: string;
}

/** Accumulates the totals of an all_data export, batch after batch; `finish` runs the one SQL that sums them. */
export class TotalsAccumulator {
  private readonly partials: PartialSum[] = [];
  private counts = { reservations: 0, nuits: 0, nuitees: 0, petit_dejeuner: 0, dejeuner: 0, diner: 0 };

  add(batch: ExportBatch): void {
    for (const row of batch.rows) {
      const amounts = row.montants ?? NO_AMOUNTS;
      this.counts.reservations += 1;
      this.counts.nuits += row.nombre_nuits;
      this.counts.nuitees += amounts.nuitees;
      this.counts.petit_dejeuner += amounts.petit_dejeuner;
      this.counts.dejeuner += amounts.dejeuner;
      this.counts.diner += amounts.diner;
    }
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
  rows: ExportRow[];
  /** all_data: the batch's partial sums for the totals. */
  partials: PartialSum[];
}

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
    // Let queued requests run between two batches (one connection on PGlite).
    await nextTurn();
    if (options.stopped?.()) return;
    const items: ExportRow[] = await selectReservationItems(db, filters, {
      ...order,
      limit,
      ...(after === undefined ? {} : { after }),
    });
    if (items.length === 0) return;
    const ids = items.map((item) => item.id);
    let partials: PartialSum[] = [];
    // PGlite answers through promises only: without a macrotask turn, the items query, the amounts query and the
    // first rendered rows would be one uninterrupted stretch of the (single) thread.
    await nextTurn();
    if (options.amounts) {
      const computed = await stayAmounts(db, ids);
      for (const item of items) item.montants = computed.amounts.get(item.id) ?? NO_AMOUNTS;
      partials = computed.partials;
    }
    if (options.limits) {
      const limits = await extensionLimits(db, ids);
      for (const item of items) {
        const found = limits.get(item.id);
        if (found !== undefined) item.limites = found;
      }
    }
    yield { rows: items, partials };
    if (items.length < limit) return;
    after = items[items.length - 1];
  }
}
