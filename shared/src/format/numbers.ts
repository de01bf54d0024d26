/**
 * Numbers as French readers write them: « 1 234 », « 38,4 », « 0,8 % », « 10,00 % ». Every number a screen shows
 * goes through here (never `toFixed`, `String()` or a template literal: they write « 0.8 » and « 1234 »).
 */

export interface NumberFormatOptions {
  /** Exact number of decimals (« 10,00 »). Default: up to 2, as many as the value has (« 38,4 », « 12 »). */
  decimals?: number;
  /** Short form for chart axes: « 12,4 k », « 1,2 M ». */
  compact?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter({ decimals, compact = false }: NumberFormatOptions): Intl.NumberFormat {
  const key = `${decimals ?? ''}|${compact}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('fr-FR', {
      ...(decimals === undefined
        ? { maximumFractionDigits: compact ? 1 : 2 }
        : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
      ...(compact ? { notation: 'compact' as const } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** A number, or a decimal string from the API ('84.50'); an empty string for an empty or invalid value. */
function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** « 1 234 », « 38,4 », « 10,00 » (`decimals: 2`); '' for nothing. */
export function formatNumber(
  value: number | string | null | undefined,
  options: NumberFormatOptions = {},
): string {
  const number = toNumber(value);
  return number === null ? '' : formatter(options).format(number);
}

/**
 * A percentage given in percent (85.3 → « 85,3 % », the API's VAT rate '10.00' → « 10,00 % » with `decimals: 2`),
 * the sign after a no-break space; '' for nothing.
 */
export function formatPercent(
  value: number | string | null | undefined,
  options: NumberFormatOptions = {},
): string {
  const text = formatNumber(value, options);
  return text === '' ? '' : `${text}\u00a0%`;
}
