/**
 * The shapes the export engine writes (lib/exports): the rows of the reservation exports (the default row of the
 * renderers; other exports give their own row type to their columns), the columns, and the all_data totals block
 * of the PDF. Types only but `rowsFrom`, so that the renderers, the rows' reading and the render workers share them
 * without importing one another.
 */
import type { ReservationItem } from 'shared/contract';

/** Per-stay sums over its non-cancelled nights, computed in SQL (export-rows.ts). Money as decimal strings. */
export interface StayAmounts {
  nuitees: number;
  vente_ht: string;
  tva: string;
  vente_ttc: string;
  montant_paf: string;
  montant_caf: string;
  petit_dejeuner: number;
  dejeuner: number;
  diner: number;
}

/** What an extension is bounded by: the contracts' end (first day they no longer cover) and the days left. */
export interface ExtensionLimits {
  fin_contrat_client: string;
  fin_contrat_etablissement: string;
  /** Departure day − today (Paris); negative once the departure is past. */
  jours_restants: number;
}

export interface ExportRow extends ReservationItem {
  montants?: StayAmounts;
  limites?: ExtensionLimits;
}

/** text: string; date: 'YYYY-MM-DD'; integer: number; money: decimal string with two decimals ('84.50'). */
export type ColumnKind = 'text' | 'date' | 'integer' | 'money';

/** A column over rows of type R (the reservation exports' ExportRow unless said: rooming rows reuse the renderers). */
export interface ExportColumn<R = ExportRow> {
  header: string;
  /** Relative width: PDF columns share the page width in proportion; Excel uses it as characters. */
  width: number;
  kind: ColumnKind;
  value: (row: R) => string | number;
}

/** all_data: what the document totals take from a batch besides its partial sums (counted in SQL). */
export interface BatchCounts {
  reservations: number;
  nuits: number;
  nuitees: number;
  petit_dejeuner: number;
  dejeuner: number;
  diner: number;
}

export interface ExportTotals extends BatchCounts {
  vente_ht: string;
  tva: string;
  vente_ttc: string;
  montant_paf: string;
  montant_caf: string;
}

/**
 * A batch's rows as they reach a renderer: parsed, or — all_data — the JSON text PostgreSQL wrote, parsed only where
 * the file is rendered (the lowered render process by default), so that the API's main thread neither parses the
 * rows nor copies them object by object to the renderer (export-rows.ts `itemsWithAmounts`).
 */
export type BatchRows = ExportRow[] | { json: string };

export const rowsFrom = (rows: BatchRows): ExportRow[] =>
  Array.isArray(rows) ? rows : (JSON.parse(rows.json) as ExportRow[]);
