/** Small value helpers of the contracts module: money and rates as exact decimal strings, French dates. */

/** '84.5' → '84.50', '007' → '7.00': the text PostgreSQL's numeric(12,2) answers, so values compare as strings. */
export function normaliseDecimal(value: string): string {
  const [integer = '0', fraction = ''] = value.split('.');
  return `${BigInt(integer).toString()}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the product's date format, spec §9). */
export function frenchDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** A half-open period [start, end) in words: « du 01/01/2025 au 01/07/2025 exclu ». */
export function periode(start: string, end: string): string {
  return `du ${frenchDate(start)} au ${frenchDate(end)} exclu`;
}

/** Days from `start` to `end` ('YYYY-MM-DD', UTC arithmetic: no time zone or DST involved). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}
