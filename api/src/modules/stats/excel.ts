/**
 * Excel export of one stats table (GET /stats/<vue>/excel?tableau=…): the same machinery as the reservation
 * exports (exceljs streaming writer, typed cells, formula neutralisation, file dated with the Paris day), with the
 * columns the screen shows beside the chart (STATS_TABLEAUX in the contract).
 */
import { PassThrough } from 'node:stream';
import {
  type StatsColonneKind,
  type StatsTableau,
  type StatsVue,
  statsExcelFileName,
  FILE_MEDIA_TYPES,
  parisToday,
} from 'shared/contract';
import type { ColumnKind, ExportColumn, ExportRow } from '../../lib/exports/export-types';
import { startExcelExport } from '../../lib/exports/export-excel';

/**
 * How a stats column is written: months as text « 01/2026 »; percents as text « 85,3 % » (« — » without contracted
 * rooms: a number cell would read 0 %).
 */
const KINDS: Record<StatsColonneKind, ColumnKind> = {
  text: 'text',
  integer: 'integer',
  money: 'money',
  percent: 'text',
  month: 'text',
};

const frenchPercent = (value: unknown) =>
  typeof value === 'number' ? `${value.toFixed(1).replace('.', ',')} %` : '—';

const frenchMonth = (mois: string) => `${mois.slice(5, 7)}/${mois.slice(0, 4)}`;

function columnsOf(tableau: StatsTableau): ExportColumn[] {
  return tableau.colonnes.map((colonne) => ({
    header: colonne.titre,
    width: colonne.kind === 'text' ? 40 : 16,
    kind: KINDS[colonne.kind],
    value: (row: ExportRow) => {
      const value = (row as unknown as Record<string, unknown>)[colonne.key];
      if (colonne.kind === 'month') return frenchMonth(String(value));
      if (colonne.kind === 'percent') return frenchPercent(value);
      return value as string | number;
    },
  }));
}

export interface StatsExcel {
  fileName: string;
  contentType: string;
  stream: PassThrough;
}

/** The workbook of `rows` as a stream (a few hundred rows at most: written at once). */
export async function statsExcel(
  vue: StatsVue,
  tableauKey: string,
  tableau: StatsTableau,
  rows: readonly object[],
): Promise<StatsExcel> {
  const stream = new PassThrough();
  const excel = startExcelExport(stream, tableau.titre.slice(0, 31), columnsOf(tableau));
  excel.addRows(rows as unknown as ExportRow[]);
  const finished = excel.finish();
  // The stream is read by the reply; a failure while writing destroys it (logged by the caller).
  finished.catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return {
    fileName: statsExcelFileName(vue, tableauKey, parisToday()),
    contentType: FILE_MEDIA_TYPES.xlsx,
    stream,
  };
}
