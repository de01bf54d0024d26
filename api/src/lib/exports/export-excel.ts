/**
 * Excel exports written with exceljs' STREAMING writer: each row is committed as soon as it is added, so neither
 * the workbook nor the rows stay in memory. Typed cells (dates as dates DD/MM/YYYY, integers, money as numbers
 * in MONEY_FORMAT), bold frozen header row, autofilter. Every text goes through spreadsheetSafe.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ColumnKind, ExportColumn, ExportRow } from './export-types';
import { spreadsheetSafe } from './export-spreadsheet-safe';

/**
 * Every amount of every workbook: a number shown with two decimals and the euro sign. The separators in a format
 * code are placeholders: Excel shows « 464 823,14 € » to a French reader and « 464,823.14 € » to an English one,
 * and the cell still sums.
 */
export const MONEY_FORMAT = '#,##0.00 "€"';

const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  date: 'dd/mm/yyyy',
  // General: whole numbers show as such.
  integer: undefined,
  money: MONEY_FORMAT,
};

/** An amount of a totals block: the exact decimal string computed in SQL, written as a number in MONEY_FORMAT. */
export interface MoneyCell {
  money: string;
}

/** A cell of the rows after the table: a text, a count (a number), or an amount. */
export type FooterCell = string | number | MoneyCell;

/** 'YYYY-MM-DD' → a Date at UTC midnight (exceljs writes dates from their UTC value: no zone shift). */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

type Cell = string | number | Date;

/** The cell of a column for a row, typed once per column (not switched on per cell). */
function cellOf<R>(column: ExportColumn<R>): (row: R) => Cell {
  const value = column.value;
  switch (column.kind) {
    case 'text':
      return (row) => spreadsheetSafe(String(value(row)));
    case 'date':
      return (row) => excelDate(String(value(row)));
    case 'integer':
      return (row) => Number(value(row));
    case 'money':
      // A cell holds a double: the exact decimal computed in SQL, converted once for display, never summed here.
      return (row) => Number(value(row));
  }
}

export interface ExcelSheet<R = ExportRow> {
  /** Adds and commits a batch of rows. */
  addRows(rows: R[]): void;
  /** Rows after the table (a totals block), in bold: texts made spreadsheet-safe, counts and amounts as numbers. */
  addFooter(rows: FooterCell[][]): void;
}

export interface ExcelExport<R = ExportRow> extends ExcelSheet<R> {
  /** Writes the end of the sheet and of the archive; resolves once everything is written to the output. */
  finish(): Promise<void>;
}

export interface ExcelWorkbook {
  /** Starts a sheet; the previous one is committed (the streaming writer writes one sheet after the other). */
  addSheet<R>(sheetName: string, columns: ExportColumn<R>[]): ExcelSheet<R>;
  /** Writes the end of the last sheet and of the archive; resolves once everything is written to the output. */
  finish(): Promise<void>;
}

/** Starts a workbook of several sheets on `output` (the response stream), each written like a one-sheet export. */
export function startExcelWorkbook(output: Writable, createdAt = new Date()): ExcelWorkbook {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    // Fastest deflate: the sheet XML compresses well anyway; the default level costs more CPU for little size.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'EBAS3';
  workbook.created = createdAt;
  workbook.modified = createdAt;
  let current: ExcelJS.Worksheet | undefined;
  return {
    addSheet<R>(sheetName: string, columns: ExportColumn<R>[]) {
      current?.commit();
      const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      current = sheet;
      return sheetWriter(sheet, columns);
    },
    async finish() {
      current?.commit();
      await workbook.commit();
    },
  };
}

/** Starts a one-sheet workbook on `output` (the response stream). */
export function startExcelExport<R = ExportRow>(
  output: Writable,
  sheetName: string,
  columns: ExportColumn<R>[],
  createdAt = new Date(),
): ExcelExport<R> {
  const workbook = startExcelWorkbook(output, createdAt);
  const sheet = workbook.addSheet(sheetName, columns);
  return { ...sheet, finish: () => workbook.finish() };
}

function sheetWriter<R>(sheet: ExcelJS.Worksheet, columns: ExportColumn<R>[]): ExcelSheet<R> {
  sheet.columns = columns.map((column, index) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return {
      header: column.header,
      key: String(index),
      width: column.width,
      ...(numFmt === undefined ? {} : { style: { numFmt } }),
    };
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  // One style object per column, shared by all its cells: exceljs remembers the style id of a style object
  // (WeakMap), so a shared object is resolved once. Left to itself, exceljs gives every cell a new merged style
  // object, serialised and looked up per cell: that was most of the rendering time.
  const styles = columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return numFmt === undefined ? {} : { numFmt };
  });
  const cells = columns.map((column) => cellOf(column));
  const footerStyle = { font: { bold: true } };
  return {
    addRows(rows) {
      for (const row of rows) {
        const added = sheet.addRow(cells.map((cell) => cell(row)));
        for (let index = 0; index < styles.length; index++) added.getCell(index + 1).style = styles[index]!;
        added.commit();
      }
    },
    addFooter(rows) {
      for (const values of rows) {
        const added = sheet.addRow(
          values.map((value) =>
            typeof value === 'string'
              ? spreadsheetSafe(value)
              : typeof value === 'number'
                ? value
                : Number(value.money),
          ),
        );
        values.forEach((value, index) => {
          const cell = added.getCell(index + 1);
          cell.style = typeof value === 'object' ? { ...footerStyle, numFmt: MONEY_FORMAT } : footerStyle;
        });
        added.commit();
      }
    },
  };
}
