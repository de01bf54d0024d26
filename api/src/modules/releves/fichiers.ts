/**
 * The module's files through the export engine (lib/exports): a PDF table with its totals block of text lines, or a
 * one-sheet workbook with the same totals after an empty row. A statement or a difference report is one hotel's
 * month: its rows are written at once, not read in batches like the rooming exports.
 */
import { PassThrough } from 'node:stream';
import { FILE_MEDIA_TYPES, type FileExtension } from 'shared/contract';
import type { ExportColumn } from '../../lib/exports/export-types';
import { startExcelExport, type FooterCell } from '../../lib/exports/export-excel';
import { parisDateTime } from '../../lib/exports/export-format';
import { frenchMoney, startPdfExport } from '../../lib/exports/export-pdf';
import type { RenderedFile } from '../../lib/exports/export-send';

/** A row of a totals block: its label, then counts and amounts ({ money }). */
export type TotalRow = [label: string, ...values: (number | { money: string })[]];

export interface FileContent<R> {
  title: string;
  /** What the file is about, in French (top of every PDF page; the workbook's « Objet » row). */
  summary: string;
  sheetName: string;
  columns: ExportColumn<R>[];
  rows: R[];
  totals: TotalRow[];
}

export type { RenderedFile };

/** « Total HT : 1 234,50 € » */
function totalText([label, ...values]: TotalRow): string {
  const shown = values.map((value) =>
    typeof value === 'number' ? String(value) : `${frenchMoney(value.money)} €`,
  );
  return shown.length === 0 ? label : `${label} : ${shown.join(', ')}`;
}

/** Starts writing the file; the stream is destroyed with the error if rendering fails (the reply logs it). */
export function renderFile<R>(extension: FileExtension, content: FileContent<R>): RenderedFile {
  const stream = new PassThrough();
  const fail = (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error)));
  if (extension === 'pdf') {
    const pdf = startPdfExport<R>(stream, {
      title: content.title,
      summary: content.summary,
      generatedAt: parisDateTime(),
      columns: content.columns,
      totalRows: content.rows.length,
      withTotals: true,
      fontSize: 7,
      totalSlots: content.totals.length + 1,
      footer: `EBAS3 — ${content.title}`,
    });
    pdf.addRows(content.rows);
    pdf.finish(content.totals.map(totalText)).catch(fail);
  } else {
    const excel = startExcelExport<R>(stream, content.sheetName.slice(0, 31), content.columns);
    excel.addRows(content.rows);
    const footer: FooterCell[][] = [[], ['Objet', content.summary], ...content.totals];
    excel.addFooter(footer);
    excel.finish().catch(fail);
  }
  return { contentType: FILE_MEDIA_TYPES[extension], stream };
}
