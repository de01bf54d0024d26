import { formatMoney, formatNumber, formatPercent } from 'shared';
import type { StatsColonneKind } from 'shared/contract';
import { formatMois } from './period';

/** A count: « 1 234 ». */
export const formatEntier = (value: number) => formatNumber(value, { decimals: 0 });
/** A rate with one decimal: « 85,3 % »; « — » without a denominator. */
export const formatTaux = (value: number | null) =>
  value === null ? '—' : formatPercent(value, { decimals: 1 });
/** An average with one decimal: « 38,4 ». */
export const formatDecimal = (value: number) => formatNumber(value, { decimals: 1 });

/** A table cell in French: 1 234 ; 1 234,50 € ; 85,3 % ; 01/2026. */
export function formatCell(kind: StatsColonneKind, value: unknown): string {
  switch (kind) {
    case 'integer':
      return formatEntier(Number(value));
    case 'money':
      return formatMoney(value as string);
    case 'percent':
      return formatTaux(value as number | null);
    case 'month':
      return formatMois(String(value));
    default:
      return String(value ?? '');
  }
}

/** The value a column sorts by: numbers (money strings parsed), months and texts as strings in French order. */
export function sortValue(kind: StatsColonneKind, value: unknown): number | string {
  if (kind === 'text' || kind === 'month') return String(value ?? '');
  if (value === null || value === undefined) return -Infinity;
  return Number(value);
}
