/**
 * What a reservation export renders, as data that crosses a thread boundary (no functions): the worker of
 * export-render-pool.ts and the in-process renderer build the same PDF or Excel writer from it, so a file is the same
 * whichever thread wrote it (export-render.test.ts).
 */
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReservationExportKey } from 'shared/contract';
import {
  ALL_DATA_COLUMNS,
  LIST_COLUMNS,
  PDF_ALL_DATA_COLUMNS,
  PROLONGER_COLUMNS,
  type ExportRow,
} from './export-columns';
import { startExcelExport } from './export-excel';
import { startPdfExport } from './export-pdf';
import type { ExportTotals } from './export-rows';

export interface RenderSpec {
  key: ReservationExportKey;
  /** The filters in French (PDF header). */
  summary: string;
  /** « 21/11/2026 à 18:05 » (PDF header). */
  generatedAt: string;
  totalRows: number;
  /** ISO timestamp of the document's metadata (PDF CreationDate, workbook created); now when left out. */
  createdAt?: string;
}

/**
 * A batch's rows as they reach a renderer: parsed, or — all_data — the JSON text PostgreSQL wrote, parsed only where
 * the file is rendered (the lowered render process by default), so that the API's main thread neither parses the
 * rows nor copies them object by object to the renderer (export-rows.ts `itemsWithAmounts`).
 */
export type BatchRows = ExportRow[] | { json: string };

export const rowsFrom = (rows: BatchRows): ExportRow[] =>
  Array.isArray(rows) ? rows : (JSON.parse(rows.json) as ExportRow[]);

/** A writer of one export on `output`, in the thread that calls it. */
export interface ExportRenderer {
  addRows(rows: ExportRow[]): void;
  /** Ends the document (with all_data's totals for the PDF) and resolves once the output has it all. */
  finish(totals?: ExportTotals): Promise<void>;
  /** Stops producing (client gone). */
  abort(): void;
}

export function startRenderer(spec: RenderSpec, output: Writable): ExportRenderer {
  const createdAt = spec.createdAt === undefined ? new Date() : new Date(spec.createdAt);
  if (spec.key === 'pdfResa' || spec.key === 'pdfResaAll') {
    const allData = spec.key === 'pdfResaAll';
    const pdf = startPdfExport(output, {
      title: allData ? 'Réservations — données complètes' : 'Liste des réservations',
      summary: spec.summary,
      generatedAt: spec.generatedAt,
      columns: allData ? PDF_ALL_DATA_COLUMNS : LIST_COLUMNS,
      totalRows: spec.totalRows,
      withTotals: allData,
      fontSize: allData ? 6 : 7,
      createdAt,
    });
    return { addRows: pdf.addRows, finish: (totals) => pdf.finish(totals), abort: pdf.abort };
  }
  const prolonger = spec.key === 'excelProlonger';
  const excel = startExcelExport(
    output,
    prolonger ? 'À prolonger' : 'Réservations',
    prolonger ? PROLONGER_COLUMNS : ALL_DATA_COLUMNS,
    createdAt,
  );
  return {
    addRows: excel.addRows,
    finish: () => excel.finish(),
    // The streaming workbook has no abort: the rows stop coming and the output is discarded.
    abort: () => undefined,
  };
}

/** Rows rendered between two turns of the event loop when rendering on the main thread (inline mode, rooming
 * exports): a list request waits at most for one chunk of rendering, not for a whole batch. */
const RENDER_CHUNK = 100;

export async function renderInChunks<R = ExportRow>(
  rows: R[],
  render: (rows: R[]) => void,
  stopped: () => boolean,
): Promise<void> {
  for (let start = 0; start < rows.length && !stopped(); start += RENDER_CHUNK) {
    await nextTurn();
    render(rows.slice(start, start + RENDER_CHUNK));
  }
}
