/**
 * What a reservation export renders, as data that crosses a thread boundary (no functions): the worker of
 * reservation-render-pool.ts and the in-process renderer build the same PDF or Excel writer from it, so a file is the same
 * whichever thread wrote it (export-render.test.ts).
 */
import type { Writable } from 'node:stream';
import type { ReservationExportKey } from 'shared/contract';
import { ALL_DATA_COLUMNS, LIST_COLUMNS, PDF_ALL_DATA_COLUMNS, PROLONGER_COLUMNS } from './export-columns';
import type { ExportRenderer } from '../../../lib/exports/export-render-protocol';
import { startExcelExport } from '../../../lib/exports/export-excel';
import { startPdfExport } from '../../../lib/exports/export-pdf';

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

/** A writer of one export on `output`, in the thread that calls it. */
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
