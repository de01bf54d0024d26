/**
 * Reading a detail file into raw lines (detail-lignes.ts normalises them; a Factur-X PDF is read by
 * detail-facturx.ts). The first row holds the headers, matched to COLONNES_DETAIL without case, accents or spaces
 * (unknown columns ignored); the table ends at the first empty row (what follows, like our statement's totals, is
 * not detail). XLSX: the first sheet, cells as shown (dates, numbers,
 * formulas' results). CSV: UTF-8 (Windows-1252 accepted, as French spreadsheets save it), « ; » or « , » separated,
 * fields quoted with « " ».
 */
import ExcelJS from 'exceljs';
import {
  COLONNES_DETAIL,
  DETAIL_MAX_ENTREES_ARCHIVE,
  DETAIL_MAX_LIGNES,
  DETAIL_MAX_OCTETS,
  DETAIL_MAX_OCTETS_DECOMPRESSES,
  RELEVES_MESSAGES,
  type ColonneDetail,
  type SourceDetail,
} from 'shared/contract';
import { BadRequestError } from '../../../errors';
import { checkArchive } from './detail-archive';
import { lignesFacturX } from './detail-facturx';
import { comparable, type LigneBrute } from './detail-lignes';

const HEADERS = new Map<string, ColonneDetail>(
  (Object.entries(COLONNES_DETAIL) as [ColonneDetail, string][]).map(([key, label]) => [
    comparable(label),
    key,
  ]),
);
// Other spellings hotels use.
for (const [alias, key] of [
  ['reference', 'reference'],
  ['referencereservation', 'reference'],
  ['nreservation', 'reference'],
  ['nom', 'pensionnaire'],
  ['resident', 'pensionnaire'],
  ['date', 'dateNuit'],
  ['datedenuit', 'dateNuit'],
  ['datedarrivee', 'arrivee'],
  ['datededepart', 'depart'],
  ['typechambre', 'typeChambre'],
  ['qte', 'quantite'],
  ['prixunitaire', 'prixUnitaireHt'],
  ['puht', 'prixUnitaireHt'],
  ['tva', 'tauxTva'],
  ['tauxdetva', 'tauxTva'],
] as const)
  HEADERS.set(alias, key);

/** The columns of a header row (index → key); 400 when a needed one is missing. */
function columnsOf(headers: string[]): Map<number, ColonneDetail> {
  const columns = new Map<number, ColonneDetail>();
  headers.forEach((header, index) => {
    const key = HEADERS.get(comparable(header));
    if (key !== undefined && ![...columns.values()].includes(key)) columns.set(index, key);
  });
  const has = (key: ColonneDetail) => [...columns.values()].includes(key);
  for (const key of ['prixUnitaireHt', 'tauxTva'] as const)
    if (!has(key)) throw new BadRequestError(RELEVES_MESSAGES.colonneManquante(key));
  if (!has('dateNuit') && !(has('arrivee') && has('depart')))
    throw new BadRequestError(RELEVES_MESSAGES.colonneDate);
  if (!has('pensionnaire') && !has('reference')) throw new BadRequestError(RELEVES_MESSAGES.colonneQui);
  return columns;
}

/** Raw lines of rows of cell texts (row 1 = headers), up to the first empty row. */
function linesOf(rows: string[][]): LigneBrute[] {
  const [headers, ...body] = rows;
  if (headers === undefined || headers.every((cell) => cell.trim() === ''))
    throw new BadRequestError(RELEVES_MESSAGES.fichierVide);
  const columns = columnsOf(headers);
  const lines: LigneBrute[] = [];
  for (const [index, cells] of body.entries()) {
    if (cells.every((cell) => cell.trim() === '')) break;
    if (lines.length >= DETAIL_MAX_LIGNES) throw new BadRequestError(RELEVES_MESSAGES.tropDeLignes);
    const line: LigneBrute = { ligne: index + 2 };
    for (const [column, key] of columns) line[key] = cells[column] ?? '';
    lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// XLSX
// ---------------------------------------------------------------------------------------------------------

const pad = (value: number) => String(value).padStart(2, '0');

/** A cell as text: a date as AAAA-MM-JJ (exceljs reads them at UTC midnight), a formula as its result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'number') {
    // A typed amount or rate: two decimals at most are meaningful (12.1 is shown 12.1, 12.345 stays refused).
    const rounded = Math.round(value * 100) / 100;
    return Math.abs(rounded - value) < 1e-9 ? String(rounded) : String(value);
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

async function xlsxRows(content: Buffer): Promise<string[][]> {
  const verdict = checkArchive(content, {
    entries: DETAIL_MAX_ENTREES_ARCHIVE,
    bytes: DETAIL_MAX_OCTETS_DECOMPRESSES,
  });
  if (verdict === 'trop_gros') throw new BadRequestError(RELEVES_MESSAGES.archiveTropGrosse);
  if (verdict === 'trop_d_entrees') throw new BadRequestError(RELEVES_MESSAGES.archiveTropDEntrees);
  if (verdict === 'illisible')
    throw new BadRequestError(RELEVES_MESSAGES.fichierIllisible('classeur Excel (.xlsx)'));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new BadRequestError(RELEVES_MESSAGES.fichierIllisible('classeur Excel (.xlsx)'));
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new BadRequestError(RELEVES_MESSAGES.fichierVide);
  if (sheet.rowCount > DETAIL_MAX_LIGNES + 200) throw new BadRequestError(RELEVES_MESSAGES.tropDeLignes);
  const width = sheet.columnCount;
  const rows: string[][] = [];
  for (let index = 1; index <= sheet.rowCount; index++) {
    const row = sheet.getRow(index);
    rows.push(Array.from({ length: width }, (_, column) => cellText(row.getCell(column + 1).value)));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------------------

function decode(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** RFC 4180 fields, with the separator the header row uses most. */
function csvRows(content: Buffer): string[][] {
  const source = decode(content);
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      if (rows.length > DETAIL_MAX_LIGNES + 1) throw new BadRequestError(RELEVES_MESSAGES.tropDeLignes);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The kind of a file by its name's extension; 400 for another one. */
export function sourceOf(nomFichier: string): SourceDetail {
  const extension = /\.(xlsx|csv|pdf)$/i.exec(nomFichier.trim())?.[1]?.toLowerCase();
  if (extension === 'pdf') return 'facturx';
  if (extension !== 'xlsx' && extension !== 'csv')
    throw new BadRequestError(RELEVES_MESSAGES.extension, { champ: 'nomFichier' });
  return extension;
}

/** The raw lines of a detail file given in base64; 400 with a French message for anything unreadable. */
export async function lireFichierDetail(nomFichier: string, base64: string): Promise<LigneBrute[]> {
  const source = sourceOf(nomFichier);
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(base64)) throw new BadRequestError(RELEVES_MESSAGES.base64);
  const content = Buffer.from(base64, 'base64');
  if (content.length === 0) throw new BadRequestError(RELEVES_MESSAGES.fichierVide);
  if (content.length > DETAIL_MAX_OCTETS) throw new BadRequestError(RELEVES_MESSAGES.fichierTropGros);
  if (source === 'facturx') return lignesFacturX(content);
  const rows = source === 'csv' ? csvRows(content) : await xlsxRows(content);
  return linesOf(rows);
}

/**
 * The request body limit of a detail: the longest `contenu` the contract admits, at two bytes a character (a text
 * of accented letters is refused by the schema or as base64 in French, not by the HTTP layer), and the other fields.
 */
export const DETAIL_BODY_LIMIT = 2 * (Math.ceil(DETAIL_MAX_OCTETS / 3) * 4 + 4) + 64 * 1024;
