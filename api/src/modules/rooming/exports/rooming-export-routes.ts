/**
 * Issue 11's twelve exports (spec §7, exact names, ROOMING_EXPORTS): the rooming lists (body = RoomingExportBody,
 * period required) and the pointage lists (body = PointageExportBody), as PDF or Excel, through the reservation
 * exports' machinery: counted first (400 beyond MAX_EXPORT_ROWS), one of the user's export slots, streamed while
 * keyset batches are read, backpressure, a client gone stops the reading, formula injection neutralised by the
 * Excel writer. Every PDF page repeats the filters in French; the totals block ends the file (the rooming's are the
 * API's own SQL totals). File: `<name>-YYYY-MM-DD.<ext>` (Paris day) in Content-Disposition.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  parisToday,
  ErrorBody,
  FileAnswer,
  FILE_MEDIA_TYPES,
  FLUX_PAIEMENT_LABELS,
  PointageExportBody,
  ROOMING_EXPORTS,
  RoomingExportBody,
  type EtatPaiement,
  type FluxPaiement,
  type RoomingClientTotaux,
  type RoomingEtabTotaux,
  type RoomingExportKey,
  type RoomingRow,
} from 'shared/contract';
// The one source of the limit, which export-rows' message quotes (the tests lower it there).
import { MAX_EXPORT_ROWS } from 'shared/contract/reservation-values';
import type { Executor } from '../../../db/client';
import { readInBatches } from '../../../db/cursor';
import { BadRequestError } from '../../../errors';
import { frenchDate } from '../../../lib/days';
import { countRooming, roomingRowsQuery, roomingTotaux, type RoomingKind } from '../lists/lists-service';
import type { ExportColumn } from '../../../lib/exports/export-types';
import { startExcelExport, type FooterCell, type MoneyCell } from '../../../lib/exports/export-excel';
import { filterNames } from '../../../lib/exports/export-filter-names';
import { filtersSummary, parisDateTime, type FilterNames } from '../../../lib/exports/export-format';
import { frenchMoney, startPdfExport } from '../../../lib/exports/export-pdf';
import { renderInChunks, waitForRoom } from '../../../lib/exports/export-pacing';
import {
  EXPORT_MESSAGES,
  assertFilterPeriod,
  whereClause,
  reservationItemJoins,
  reservationItemSelect,
  countPointage,
  pointageConditions,
  pointageWindow,
} from '../../reservations';
import {
  POINTAGE_PRESENCE_COLUMNS,
  pointagePaiementColumns,
  ROOMING_CLIENT_COLUMNS,
  ROOMING_ETAB_COLUMNS,
  ROOMING_PENS_COLUMNS,
  type PointageRow,
} from './rooming-export-columns';

/** Rows read per batch (keyset). */
const BATCH = 1_000;

type Pointage = Omit<PointageExportBody, 'page' | 'pageSize'>;

type Source =
  | { body: 'rooming'; list: RoomingKind; title: string; file: string }
  | { body: 'pointage'; flux?: FluxPaiement; title: string; file: string };

const SOURCES: Record<RoomingExportKey, Source> = {
  pdfRoomingEtab: {
    body: 'rooming',
    list: 'etab',
    title: 'Rooming établissement',
    file: 'rooming-etablissement',
  },
  excelRoomingEtab: {
    body: 'rooming',
    list: 'etab',
    title: 'Rooming établissement',
    file: 'rooming-etablissement',
  },
  pdfRoomingClient: { body: 'rooming', list: 'client', title: 'Rooming client', file: 'rooming-client' },
  excelRoomingClient: { body: 'rooming', list: 'client', title: 'Rooming client', file: 'rooming-client' },
  pdfRoomingPens: {
    body: 'rooming',
    list: 'pens',
    title: 'Rooming pensionnaires',
    file: 'rooming-pensionnaires',
  },
  excelRoomingPens: {
    body: 'rooming',
    list: 'pens',
    title: 'Rooming pensionnaires',
    file: 'rooming-pensionnaires',
  },
  pdfPointagePres: { body: 'pointage', title: 'Pointage présence', file: 'pointage-presence' },
  excelPointagePres: { body: 'pointage', title: 'Pointage présence', file: 'pointage-presence' },
  pdfPointagePaf: { body: 'pointage', flux: 'paf', title: 'Pointage PAF', file: 'pointage-paf' },
  excelPointagePaf: { body: 'pointage', flux: 'paf', title: 'Pointage PAF', file: 'pointage-paf' },
  pdfPointageCaf: { body: 'pointage', flux: 'caf', title: 'Pointage CAF', file: 'pointage-caf' },
  excelPointageCaf: { body: 'pointage', flux: 'caf', title: 'Pointage CAF', file: 'pointage-caf' },
};

/** rooming-etablissement-2026-11-24.pdf (Paris day). */
export function roomingExportFileName(key: RoomingExportKey, at: Date = new Date()): string {
  return `${SOURCES[key].file}-${parisToday(at)}.${ROOMING_EXPORTS[key].extension}`;
}

/**
 * A figure of a totals block: a count (with its unit in the PDF, « 3 nuits ») or an amount (a decimal string). The
 * PDF writes a line of text; the workbook writes the label, then each figure as a number.
 */
type TotalValue = { count: number; unit?: string } | MoneyCell;
export interface TotalLine {
  label: string;
  values: TotalValue[];
}

const count = (value: number, unit?: string): TotalValue =>
  unit === undefined ? { count: value } : { count: value, unit };
const money = (value: string): TotalValue => ({ money: value });
const line = (label: string, ...values: TotalValue[]): TotalLine => ({ label, values });

/** « PAF payé : 3 nuits, 12,00 € » */
export function totalLineText({ label, values }: TotalLine): string {
  const shown = values.map((value) =>
    'money' in value
      ? `${frenchMoney(value.money)} €`
      : value.unit === undefined
        ? String(value.count)
        : `${value.count} ${value.unit}${value.count > 1 ? 's' : ''}`,
  );
  return `${label} : ${shown.join(', ')}`;
}

/** The workbook's row of a total: the label, then counts and amounts as numbers. */
const totalLineCells = ({ label, values }: TotalLine): FooterCell[] => [
  label,
  ...values.map((value) => ('money' in value ? value : value.count)),
];

/** The totals block of a rooming export (the screen's summary cards). */
export function roomingTotalsLines(
  list: RoomingKind,
  totals: RoomingEtabTotaux | RoomingClientTotaux | { total: number },
): TotalLine[] {
  const lines = [line('Réservations', count(totals.total))];
  if (!('total_nuitees' in totals)) return lines;
  lines.push(
    line('Nuitées', count(totals.total_nuitees)),
    line('Pensionnaires', count(totals.total_pensionnaires)),
    line(list === 'etab' ? 'Achat HT' : 'Vente HT', money(totals.total_prix_ht)),
    line('TVA', money(totals.tva)),
    line('TTC', money(totals.ttc)),
  );
  if ('total_prix_htr' in totals)
    lines.push(
      line('HT réel (présents)', money(totals.total_prix_htr)),
      line('TTC réel', money(totals.total_prix_ttcr)),
    );
  if ('total_paf_p' in totals) {
    const t = totals;
    lines.push(
      line('PAF payé', count(t.total_paf_p, 'nuit'), money(t.total_montant_paf_p)),
      line('PAF non payé', count(t.total_paf_n, 'nuit'), money(t.total_montant_paf_n)),
      line('PAF à vérifier', count(t.total_paf_v, 'nuit'), money(t.total_montant_paf_v)),
      line('CAF payé', count(t.total_caf_p, 'nuit'), money(t.total_montant_caf_p)),
      line('CAF non payé', count(t.total_caf_n, 'nuit'), money(t.total_montant_caf_n)),
      line('CAF à vérifier', count(t.total_caf_v, 'nuit'), money(t.total_montant_caf_v)),
      line('Petits-déjeuners', count(t.total_petit_dej)),
      line('Déjeuners', count(t.total_dej)),
      line('Dîners', count(t.total_dinner)),
      line('TTC réel (présents)', money(t.total_prix_ttcr)),
    );
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Pointage rows: a stay and its nights of the window, counted and summed in SQL (numeric, exact)
// ---------------------------------------------------------------------------------------------------------

const ETATS: EtatPaiement[] = ['paye', 'non_paye', 'a_verifier'];
const toCents = (value: string) => BigInt(value.replace('.', ''));
const fromCents = (cents: bigint) => {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** A row of pointageRowsQuery: the stream's columns flat. */
type PointageSqlRow = Omit<PointageRow, 'flux'> & { [K in `${EtatPaiement}_nuits`]: number } & {
  [K in `${EtatPaiement}_montant`]: string;
};

/**
 * Every stay of a pointage export in the list's order (resident, then id) with its nights of the window counted
 * by presence and, for a PAF or CAF export, by the stream's state with their amounts: one statement.
 */
function pointageRowsQuery(
  filters: Pointage,
  window: { start_date: string; end_date: string },
  flux: FluxPaiement | undefined,
): SQL {
  const byState = ETATS.map((etat) => {
    if (flux === undefined) return sql.raw(`0 as ${etat}_nuits, '0.00' as ${etat}_montant`);
    const condition = sql.raw(`n.etat_${flux} = '${etat}'`);
    const amount = sql.raw(`n.montant_${flux}`);
    return sql`count(*) filter (where ${condition})::int as ${sql.raw(`${etat}_nuits`)},
      coalesce(sum(${amount}) filter (where ${condition}), 0)::numeric(14, 2)::text as ${sql.raw(`${etat}_montant`)}`;
  });
  return sql`select ${reservationItemSelect}, g.* from reservations r ${reservationItemJoins}
    cross join lateral (
      select count(*)::int as nuits, count(*) filter (where n.presence = 'present')::int as presents,
        count(*) filter (where n.presence = 'absent')::int as absents,
        count(*) filter (where n.presence = 'non_pointe')::int as non_pointes, ${sql.join(byState, sql`, `)}
      from nuitees n where n.reservation_id = r.id and not n.annulee
        and n.date_nuit >= ${window.start_date}::date and n.date_nuit < ${window.end_date}::date) g
    ${whereClause(pointageConditions(filters))}
    order by p.nom, p.prenom, r.id`;
}

function pointageRow(row: PointageSqlRow): PointageRow {
  const {
    paye_nuits,
    paye_montant,
    non_paye_nuits,
    non_paye_montant,
    a_verifier_nuits,
    a_verifier_montant,
    ...stay
  } = row;
  return {
    ...stay,
    flux: {
      paye: { nuits: paye_nuits, montant: paye_montant },
      non_paye: { nuits: non_paye_nuits, montant: non_paye_montant },
      a_verifier: { nuits: a_verifier_nuits, montant: a_verifier_montant },
    },
  };
}

class PointageTotals {
  stays = 0;
  nuits = 0;
  presents = 0;
  absents = 0;
  nonPointes = 0;
  counts = { paye: 0, non_paye: 0, a_verifier: 0 };
  cents = { paye: 0n, non_paye: 0n, a_verifier: 0n };

  add(rows: PointageRow[]): void {
    for (const row of rows) {
      this.stays += 1;
      this.nuits += row.nuits;
      this.presents += row.presents;
      this.absents += row.absents;
      this.nonPointes += row.non_pointes;
      for (const etat of ETATS) {
        this.counts[etat] += row.flux[etat].nuits;
        this.cents[etat] += toCents(row.flux[etat].montant);
      }
    }
  }

  lines(flux: FluxPaiement | undefined): TotalLine[] {
    const lines = [line('Réservations', count(this.stays)), line('Nuits de la période', count(this.nuits))];
    if (flux === undefined)
      return [
        ...lines,
        line('Présent', count(this.presents)),
        line('Absent', count(this.absents)),
        line('Non pointé', count(this.nonPointes)),
      ];
    return [
      ...lines,
      line('Payé', count(this.counts.paye, 'nuit'), money(fromCents(this.cents.paye))),
      line('Non payé', count(this.counts.non_paye, 'nuit'), money(fromCents(this.cents.non_paye))),
      line('À vérifier', count(this.counts.a_verifier, 'nuit'), money(fromCents(this.cents.a_verifier))),
    ];
  }
}

function pointageSummary(
  filters: Pointage,
  window: { start_date: string; end_date: string },
  names: FilterNames,
): string {
  const { date_arrivee: arrival, ...rest } = filters;
  const parts = [filtersSummary(rest, names)];
  if (arrival !== undefined) parts.push(`Arrivées du ${frenchDate(arrival)}`);
  parts.push(`Nuits du ${frenchDate(window.start_date)} au ${frenchDate(window.end_date)} exclu`);
  return parts.join(' ; ');
}

// ---------------------------------------------------------------------------------------------------------
// Writers
// ---------------------------------------------------------------------------------------------------------

interface Target<R> {
  addRows(rows: R[]): void;
  buffered(): number;
}

interface Plan<R> {
  title: string;
  summary: string;
  total: number;
  columns: ExportColumn<R>[];
  /** Every row, in order: one statement read through a cursor. */
  rows: SQL;
  /** A row of `rows` as the columns read it (default: as is). */
  row?(raw: never): R;
  /** The totals block, once every row is read. */
  totals(): Promise<TotalLine[]> | TotalLine[];
  onBatch?(rows: R[]): void;
}

/** Renders the rows batch after batch; the next batch is fetched once the output has room. False if stopped. */
async function stream<R>(
  db: Executor,
  plan: Plan<R>,
  target: Target<R>,
  output: PassThrough,
): Promise<boolean> {
  const stopped = () => output.destroyed;
  const toRow = plan.row;
  await readInBatches<never>(db, plan.rows, BATCH, async (raw) => {
    const rows: R[] = toRow === undefined ? raw : raw.map((r) => toRow(r));
    plan.onBatch?.(rows);
    await renderInChunks(rows, target.addRows, stopped);
    await waitForRoom(target.buffered, stopped);
    return !stopped();
  });
  return !stopped();
}

async function writeFile<R>(
  db: Executor,
  key: RoomingExportKey,
  plan: Plan<R>,
  output: PassThrough,
): Promise<void> {
  if (ROOMING_EXPORTS[key].extension === 'pdf') {
    const totalsPreview = await plan.totals();
    const pdf = startPdfExport<R>(output, {
      title: plan.title,
      summary: plan.summary,
      generatedAt: parisDateTime(),
      columns: plan.columns,
      totalRows: plan.total,
      withTotals: true,
      fontSize: 7,
      totalSlots: totalsPreview.length + 1,
      footer: `EBAS3 — ${plan.title}`,
    });
    if (!(await stream(db, plan, pdf, output))) return pdf.abort();
    const lines = await plan.totals();
    await pdf.finish(lines.map(totalLineText));
    return;
  }
  const excel = startExcelExport<R>(output, plan.title, plan.columns);
  const buffered = () => output.writableLength + output.readableLength;
  if (!(await stream(db, plan, { addRows: excel.addRows, buffered }, output))) return;
  excel.addFooter([[], ['Filtres', plan.summary], ...(await plan.totals()).map(totalLineCells)]);
  await excel.finish();
}

function roomingPlan(
  db: Executor,
  source: Extract<Source, { body: 'rooming' }>,
  filters: RoomingExportBody,
  total: number,
  names: FilterNames,
): Plan<RoomingRow> {
  const { list } = source;
  let totals: TotalLine[] | undefined;
  return {
    title: source.title,
    summary: filtersSummary(filters, names),
    total,
    columns:
      list === 'etab'
        ? ROOMING_ETAB_COLUMNS
        : list === 'client'
          ? ROOMING_CLIENT_COLUMNS
          : ROOMING_PENS_COLUMNS,
    rows: roomingRowsQuery(list, filters),
    async totals() {
      totals ??= roomingTotalsLines(
        list,
        list === 'pens' ? { total } : await roomingTotaux(db, list, filters),
      );
      return totals;
    },
  };
}

function pointagePlan(
  source: Extract<Source, { body: 'pointage' }>,
  filters: Pointage,
  window: { start_date: string; end_date: string },
  total: number,
  names: FilterNames,
): Plan<PointageRow> {
  const accumulated = new PointageTotals();
  const label = source.flux === undefined ? undefined : FLUX_PAIEMENT_LABELS[source.flux];
  return {
    title: source.title,
    summary: pointageSummary(filters, window, names),
    total,
    columns: label === undefined ? POINTAGE_PRESENCE_COLUMNS : pointagePaiementColumns(label),
    rows: pointageRowsQuery(filters, window, source.flux),
    row: (raw: PointageSqlRow) => pointageRow(raw),
    onBatch: (rows) => accumulated.add(rows),
    // Before the rows (PDF page count): as many lines as at the end.
    totals: () => accumulated.lines(source.flux),
  };
}

/** Checks and counts, then writes the file into `output` in the background; throws 400 before anything is sent. */
export async function startRoomingExport(
  db: Executor,
  key: RoomingExportKey,
  body: RoomingExportBody | PointageExportBody,
  output: PassThrough,
  log: FastifyBaseLogger,
): Promise<void> {
  const source = SOURCES[key];
  let run: () => Promise<void>;
  if (source.body === 'rooming') {
    const filters = body as RoomingExportBody;
    const total = await countRooming(db, source.list, filters);
    if (total > MAX_EXPORT_ROWS) throw new BadRequestError(EXPORT_MESSAGES.tooMany(total));
    const names = await filterNames(db, filters);
    run = () => writeFile(db, key, roomingPlan(db, source, filters, total, names), output);
  } else {
    const { page: _page, pageSize: _size, ...filters } = body as PointageExportBody;
    assertFilterPeriod(filters);
    const total = await countPointage(db, filters);
    if (total > MAX_EXPORT_ROWS) throw new BadRequestError(EXPORT_MESSAGES.tooMany(total));
    const window = await pointageWindow(db, filters);
    const names = await filterNames(db, filters);
    run = () => writeFile(db, key, pointagePlan(source, filters, window, total, names), output);
  }
  void run().catch((error: unknown) => {
    if (output.destroyed) return;
    log.error({ err: error }, `export ${key} interrompu`);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
}

const roomingExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const key of Object.keys(ROOMING_EXPORTS) as RoomingExportKey[]) {
    const exported = ROOMING_EXPORTS[key];
    app.post(
      exported.path,
      {
        schema: {
          body: exported.body === 'rooming' ? RoomingExportBody : PointageExportBody,
          response: {
            200: FileAnswer(exported.extension),
            400: ErrorBody,
            401: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        // 429 beyond the caps (plugins/export-slots.ts); held until the file is sent or abandoned.
        const release = await app.exportSlots.reserve(request.user.id);
        const output = new PassThrough();
        output.on('close', release);
        output.on('error', () => undefined);
        try {
          await startRoomingExport(app.db, key, request.body, output, request.log);
        } catch (error) {
          output.destroy();
          throw error;
        }
        reply
          .header('content-type', FILE_MEDIA_TYPES[exported.extension])
          .header('content-disposition', `attachment; filename="${roomingExportFileName(key)}"`)
          .header('cache-control', 'no-store');
        return reply.send(output as never);
      },
    );
  }
};

export default roomingExportRoutes;
