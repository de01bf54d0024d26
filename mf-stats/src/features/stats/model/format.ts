import { formatMoney } from 'shared';
import type { StatsColonneKind } from 'shared/contract';
import { formatMois } from './period';

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 1 234 (French grouping). */
export const formatEntier = (value: number) => integer.format(value);
/** 85,3 % ; « — » without a denominator. */
export const formatTaux = (value: number | null) => (value === null ? '—' : `${decimal.format(value)} %`);
/** 38,4 */
export const formatDecimal = (value: number) => decimal.format(value);

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
