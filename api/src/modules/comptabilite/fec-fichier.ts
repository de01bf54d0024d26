/**
 * The accounting export's files: the FEC text (article A47 A-1 of the LPF: the 18 columns in order, a header row,
 * tab-separated, one line per record ending in CR LF, dates AAAAMMJJ, amounts with a decimal comma and no thousands
 * separator, ISO 8859-15) named `<SIREN>FEC<AAAAMMJJ>.txt` after the period's last day, and a plain workbook of
 * the same rows.
 */
import { PassThrough } from 'node:stream';
import { FEC_COLONNES, FILE_MEDIA_TYPES, frenchDate, type FecColonne } from 'shared/contract';
import { startExcelExport } from '../../lib/exports/export-excel';
import type { RenderedFile } from '../../lib/exports/export-send';
import type { ExportColumn } from '../../lib/exports/export-types';
import type { FecExport, FecLigne } from './fec-ecritures';

const DATES = new Set<FecColonne>(['EcritureDate', 'PieceDate', 'DateLet', 'ValidDate']);
const AMOUNTS = new Set<FecColonne>(['Debit', 'Credit', 'Montantdevise']);

export const fecFileName = (fec: Pick<FecExport, 'siren' | 'fin'>, extension: 'txt' | 'xlsx') =>
  `${fec.siren}FEC${fec.fin.replaceAll('-', '')}.${extension}`;

/** A text field: no separator nor line break inside (they would shift the columns), trimmed. */
const field = (value: string) => value.replace(/[\t\r\n|]+/g, ' ').trim();

/** One value as the FEC writes it. */
export function fecValue(column: FecColonne, value: string): string {
  if (DATES.has(column)) return value.replaceAll('-', '');
  if (AMOUNTS.has(column)) return value.replace('.', ',');
  return field(value);
}

/** ISO 8859-15: Latin-1 but for the eight characters it replaces (€, Š, š, Ž, ž, Œ, œ, Ÿ); others become « ? ». */
const LATIN9: Record<string, number> = {
  '€': 0xa4,
  Š: 0xa6,
  š: 0xa8,
  Ž: 0xb4,
  ž: 0xb8,
  Œ: 0xbc,
  œ: 0xbd,
  Ÿ: 0xbe,
};
const REPLACED_BY_LATIN9 = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
export function latin9(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    const mapped = LATIN9[char];
    if (mapped !== undefined) bytes.push(mapped);
    else if (code < 0x100 && !REPLACED_BY_LATIN9.has(code)) bytes.push(code);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}

export function fecText(fec: FecExport): string {
  const rows = [
    FEC_COLONNES.join('\t'),
    ...fec.lignes.map((ligne) => FEC_COLONNES.map((column) => fecValue(column, ligne[column])).join('\t')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

export function fecTextFile(fec: FecExport): RenderedFile {
  const stream = new PassThrough();
  stream.end(latin9(fecText(fec)));
  return { contentType: 'text/plain; charset=iso-8859-15', stream };
}

const COLUMNS: ExportColumn<FecLigne>[] = FEC_COLONNES.map((column): ExportColumn<FecLigne> => {
  if (column === 'Debit' || column === 'Credit')
    return { header: column, width: 14, kind: 'money', value: (row) => row[column] };
  if (column === 'DateLet')
    return {
      header: column,
      width: 12,
      kind: 'text',
      value: (row) => (row.DateLet ? frenchDate(row.DateLet) : ''),
    };
  if (DATES.has(column)) return { header: column, width: 12, kind: 'date', value: (row) => row[column] };
  return {
    header: column,
    width: column.endsWith('Lib') ? 32 : 14,
    kind: 'text',
    value: (row) => row[column],
  };
});

export function fecWorkbook(fec: FecExport): RenderedFile {
  const stream = new PassThrough();
  const excel = startExcelExport(stream, 'Écritures', COLUMNS);
  excel.addRows(fec.lignes);
  excel.finish().catch((error: unknown) => stream.destroy(error as Error));
  return { contentType: FILE_MEDIA_TYPES.xlsx, stream };
}
