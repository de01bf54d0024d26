/**
 * PDF exports (pdfkit): a landscape A4 table, streamed page after page to the response. Every page repeats the
 * title, the filters summary, the generation time and the column headers, and ends with « Page i / N ». Rows have
 * a fixed height, so the page count is known from the row count before the first row is written: a text wider
 * than its column is written smaller, then on two lines, and cut with « … » only beyond that (fitCell). Standard
 * Helvetica (WinAnsi) covers French accents; texts stay texts.
 */
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { ExportColumn, ExportRow, ExportTotals } from './export-types';
import { frenchDate } from '../days';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 28;
const TABLE_WIDTH = PAGE.width - 2 * MARGIN;
const TABLE_TOP = 96;
const HEADER_HEIGHT = 16;
const ROW_HEIGHT = 12;
const ROWS_TOP = TABLE_TOP + HEADER_HEIGHT;
const ROWS_BOTTOM = PAGE.height - MARGIN - 16;
/** Rows a page holds. */
export const PDF_ROWS_PER_PAGE = Math.floor((ROWS_BOTTOM - ROWS_TOP) / ROW_HEIGHT);
/** Row slots the totals block takes at the end of an all_data export (never split across pages). */
export const PDF_TOTAL_SLOTS = 5;
const PADDING = 2;

/** Pages of an export of `rows` rows (at least one page, « Aucune réservation » when empty). */
export function pdfPageCount(
  rows: number,
  withTotals: boolean,
  totalSlots: number = PDF_TOTAL_SLOTS,
): number {
  const pages = Math.max(1, Math.ceil(rows / PDF_ROWS_PER_PAGE));
  const onLastPage = rows - (pages - 1) * PDF_ROWS_PER_PAGE;
  return withTotals && onLastPage + totalSlots > PDF_ROWS_PER_PAGE ? pages + 1 : pages;
}

/** '1234567.50' → '1 234 567,50' (French grouping; the value is only reformatted, never computed). */
export function frenchMoney(value: string): string {
  const [integerPart = '0', fraction = '00'] = value.split('.');
  const negative = integerPart.startsWith('-');
  const digits = negative ? integerPart.slice(1) : integerPart;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${grouped},${fraction.padEnd(2, '0')}`;
}

function display<R>(column: ExportColumn<R>, row: R): string {
  const value = column.value(row);
  switch (column.kind) {
    case 'date':
      return frenchDate(String(value));
    case 'money':
      return frenchMoney(String(value));
    default:
      return String(value);
  }
}

const isRight = (column: ExportColumn<never>) => column.kind === 'integer' || column.kind === 'money';

/** The smallest a text is written to fit its column, as a share of the table's font size. */
const MIN_SCALE = 0.7;

/** How a cell's text is laid out: one or two lines, at `scale` × the table's font size. */
export interface CellLayout {
  lines: string[];
  scale: number;
}

/**
 * Fits `value` into `width` points, `measure` giving its width at the table's size: as is; else smaller (down to
 * MIN_SCALE); else on two lines at MIN_SCALE, broken at a space (the second line cut with « … » only if still too
 * long). A name is read whole instead of « Établissement Public Dépar… ».
 */
export function fitCell(value: string, width: number, measure: (text: string) => number): CellLayout {
  const full = measure(value);
  if (full <= width) return { lines: [value], scale: 1 };
  if (full * MIN_SCALE <= width) return { lines: [value], scale: Math.floor((width / full) * 100) / 100 };
  const room = width / MIN_SCALE;
  const words = value.split(' ');
  let first = words[0] ?? '';
  let index = 1;
  while (index < words.length && measure(`${first} ${words[index]}`) <= room) {
    first = `${first} ${words[index]}`;
    index += 1;
  }
  const rest = words.slice(index).join(' ');
  return { lines: rest === '' ? [first] : [first, rest], scale: MIN_SCALE };
}

/** pdfkit's number formatting in content streams (PDFObject.number). */
const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

/** What the table needs of pdfkit's internals (pdfkit 0.17: a standard font and the current page). */
interface PdfkitFont {
  id: string;
  name: string;
  ascender: number;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  ref(): unknown;
}
interface PdfkitState {
  _font: PdfkitFont;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
}

/** The TJ operator of a text: glyph codes split where kerning moves the next glyph (pdfkit's _fragment). */
function glyphRun(font: PdfkitFont, text: string): string {
  const [encoded, positions] = font.encode(text);
  const commands: string[] = [];
  let last = 0;
  const segment = (end: number) => {
    const position = positions[end - 1];
    if (last < end && position !== undefined)
      commands.push(
        `<${encoded.slice(last, end).join('')}> ${pdfNumber(-(position.xAdvance - position.advanceWidth))}`,
      );
    last = end;
  };
  positions.forEach((position, index) => {
    if (position.xAdvance - position.advanceWidth !== 0) segment(index + 1);
  });
  segment(positions.length);
  return `[${commands.join(' ')}] TJ`;
}

export interface PdfExportOptions<R = ExportRow> {
  title: string;
  /** The filters in French. */
  summary: string;
  /** « 21/11/2026 à 18:05 » */
  generatedAt: string;
  columns: ExportColumn<R>[];
  totalRows: number;
  withTotals: boolean;
  fontSize: number;
  /** Row slots of the totals block when it is given as lines (default PDF_TOTAL_SLOTS). */
  totalSlots?: number;
  /** Bottom-left of every page (default « EBAS3 — Réservations »). */
  footer?: string;
  /** The document's CreationDate (default now). */
  createdAt?: Date;
}

export interface PdfExport<R = ExportRow> {
  addRows(rows: R[]): void;
  /** Writes the totals (all_data's, or the given lines), ends the document and resolves once the output has it all. */
  finish(totals?: ExportTotals | string[]): Promise<void>;
  /** Bytes produced and not yet taken by the output (for backpressure). */
  buffered(): number;
  /** Stops producing (client gone). */
  abort(): void;
}

export function startPdfExport<R = ExportRow>(output: Writable, options: PdfExportOptions<R>): PdfExport<R> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    compress: true,
    info: {
      Title: options.title,
      Author: 'EBAS3',
      Creator: 'EBAS3',
      CreationDate: options.createdAt ?? new Date(),
    },
    autoFirstPage: false,
  });
  doc.pipe(output);
  const done = new Promise<void>((resolve, reject) => {
    output.once('finish', resolve);
    output.once('close', resolve);
    output.once('error', reject);
  });
  // Awaited by finish(); until then an output error (client gone, failure) must not be an unhandled rejection.
  done.catch(() => undefined);

  const totalSlots = options.totalSlots ?? PDF_TOTAL_SLOTS;
  const totalPages = pdfPageCount(options.totalRows, options.withTotals, totalSlots);
  const weights = options.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = options.columns.map((column) => (column.width / weights) * TABLE_WIDTH);
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((a, b) => a + b, 0));
  let page = 0;
  let slot = 0;

  const internals = () => doc as unknown as PdfkitState;
  // Widths and glyph runs of texts, per font and size (kerning makes pdfkit's layout costly; rows repeat texts).
  // One cache per font: the pages switch fonts (headers, footer, rows), a single cache would start over each time.
  const caches = new Map<string, { widths: Map<string, number>; runs: Map<string, string> }>();
  const cache = () => {
    const state = internals();
    const font = `${state._fontSize}|${state._font.name}`;
    let found = caches.get(font);
    if (found === undefined || found.widths.size + found.runs.size > 40_000) {
      found = { widths: new Map(), runs: new Map() };
      caches.set(font, found);
    }
    return found;
  };
  const measure = (value: string): number => {
    const { widths } = cache();
    let width = widths.get(value);
    if (width === undefined) {
      width = doc.widthOfString(value);
      widths.set(value, width);
    }
    return width;
  };
  /** `[<glyphs> kerning …] TJ` of a text, as pdfkit's _fragment writes it for a standard font. */
  const shown = (font: PdfkitFont, value: string): string => {
    const { runs } = cache();
    let run = runs.get(value);
    if (run === undefined) {
      run = glyphRun(font, value);
      runs.set(value, run);
    }
    return run;
  };
  const rights = options.columns.map(isRight);

  /** The text cut to `width` points with « … » (current font and size). */
  const fit = (value: string, width: number): string => {
    if (measure(value) <= width) return value;
    let low = 0;
    let high = value.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${value.slice(0, middle)}…`) <= width) low = middle;
      else high = middle - 1;
    }
    return `${value.slice(0, low).trimEnd()}…`;
  };

  /**
   * The text operators of a cell (empty for an empty text, as pdfkit writes nothing then). A text written smaller
   * sets its size and puts the row's back, so the next cell's text object state is the row's.
   */
  const cell = (value: string, index: number, y: number, right: boolean): string => {
    const width = (widths[index] ?? 0) - 2 * PADDING;
    const left = lefts[index] ?? MARGIN;
    const state = internals();
    const size = state._fontSize;
    // pdfkit drops line breaks from a one-line text: the same here, before measuring.
    const text = value.replace(/\n/g, '');
    if (text.length === 0) return '';
    const layout = fitCell(text, width, measure);
    const scaled = size * layout.scale;
    const ascent = (state._font.ascender / 1000) * scaled;
    // Two lines share the row's height: one line's room above and below the row's usual line.
    const tops = layout.lines.length === 1 ? [y] : [y - 2.5, y - 2.5 + scaled * 1.05];
    const operators = layout.lines.map((line, row) => {
      const fitted = fit(line, width / layout.scale);
      const x = right ? left + PADDING + width - measure(fitted) * layout.scale : left + PADDING;
      const baseline = state.page.height - (tops[row] ?? y) - ascent;
      return `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm\n${shown(state._font, fitted)}`;
    });
    if (layout.scale === 1) return operators.join('\n');
    const font = `/${state._font.id}`;
    return `${font} ${pdfNumber(scaled)} Tf\n${operators.join('\n')}\n${font} ${pdfNumber(size)} Tf`;
  };

  /**
   * A line of cells in the current font: ONE text object (pdfkit's text() writes eight operators per cell and
   * lays the string out again each time), the same positions and glyph runs as text(x, y, { lineBreak: false }).
   */
  const cells = (texts: { value: string; index: number; right: boolean }[], y: number) => {
    const state = internals();
    state.page.fonts[state._font.id] ??= state._font.ref();
    const shows = texts.map(({ value, index, right }) => cell(value, index, y, right)).filter(Boolean);
    if (shows.length === 0) return;
    doc.addContent(
      `q\n1 0 0 -1 0 ${pdfNumber(state.page.height)} cm\nBT\n/${state._font.id} ${pdfNumber(state._fontSize)} Tf\n${shows.join('\n')}\nET\nQ`,
    );
  };

  const newPage = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: MARGIN });
    page += 1;
    slot = 0;
    doc
      .fillColor('black')
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(options.title, MARGIN, MARGIN, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Filtres : ${options.summary}`, MARGIN, MARGIN + 20, {
        width: TABLE_WIDTH,
        height: 20,
        ellipsis: true,
      });
    const count = `${options.totalRows.toLocaleString('fr-FR').replace(/\s/g, ' ')} réservation${options.totalRows > 1 ? 's' : ''}`;
    doc.text(`Généré le ${options.generatedAt} — ${count}`, MARGIN, MARGIN + 44, { lineBreak: false });
    doc.rect(MARGIN, TABLE_TOP, TABLE_WIDTH, HEADER_HEIGHT).fill('#dde3ea');
    doc.fillColor('black').font('Helvetica-Bold').fontSize(options.fontSize);
    cells(
      options.columns.map((column, index) => ({ value: column.header, index, right: isRight(column) })),
      TABLE_TOP + 5,
    );
    doc.font('Helvetica').fontSize(8);
    const footer = `Page ${page} / ${totalPages}`;
    doc.text(footer, PAGE.width - MARGIN - doc.widthOfString(footer), PAGE.height - MARGIN - 8, {
      lineBreak: false,
    });
    doc.text(options.footer ?? 'EBAS3 — Réservations', MARGIN, PAGE.height - MARGIN - 8, {
      lineBreak: false,
    });
    doc.font('Helvetica').fontSize(options.fontSize);
  };

  const slotTop = () => ROWS_TOP + slot * ROW_HEIGHT;

  const addRow = (row: R) => {
    if (page === 0 || slot >= PDF_ROWS_PER_PAGE) newPage();
    const y = slotTop();
    if (slot % 2 === 1) doc.rect(MARGIN, y, TABLE_WIDTH, ROW_HEIGHT).fill('#f3f5f7').fillColor('black');
    cells(
      options.columns.map((column, index) => ({ value: display(column, row), index, right: rights[index]! })),
      y + 3,
    );
    slot += 1;
  };

  const writeTotals = (totals: ExportTotals | string[]) => {
    if (page === 0 || slot + totalSlots > PDF_ROWS_PER_PAGE) newPage();
    const y = slotTop() + 4;
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + TABLE_WIDTH, y - 2)
      .stroke();
    const lines = Array.isArray(totals)
      ? totals
      : [
          `Totaux : ${totals.reservations} réservations, ${totals.nuits} nuits, ${totals.nuitees} nuitées facturées`,
          `Repas : ${totals.petit_dejeuner} petits-déjeuners, ${totals.dejeuner} déjeuners, ${totals.diner} dîners`,
          `Vente : ${frenchMoney(totals.vente_ht)} € HT, TVA ${frenchMoney(totals.tva)} €, ${frenchMoney(totals.vente_ttc)} € TTC`,
          `PAF : ${frenchMoney(totals.montant_paf)} € — CAF : ${frenchMoney(totals.montant_caf)} €`,
        ];
    doc.font('Helvetica-Bold').fontSize(8);
    lines.forEach((line, index) => doc.text(line, MARGIN, y + 2 + index * ROW_HEIGHT, { lineBreak: false }));
    slot += totalSlots;
  };

  return {
    addRows(rows) {
      for (const row of rows) addRow(row);
    },
    async finish(totals) {
      if (page === 0) {
        newPage();
        if (options.totalRows === 0) {
          doc.text('Aucune réservation ne correspond aux filtres.', MARGIN, ROWS_TOP + 3, {
            lineBreak: false,
          });
          slot = 1;
        }
      }
      if (totals !== undefined) writeTotals(totals);
      doc.end();
      await done;
    },
    buffered: () => doc.readableLength + output.writableLength,
    abort() {
      doc.unpipe(output);
      doc.destroy();
    },
  };
}
