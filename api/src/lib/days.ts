/** Calendar days as 'YYYY-MM-DD' strings: arithmetic in UTC (no time zone or DST involved), French display. */

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the product's date format, spec §9). */
export function frenchDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** Days from `start` to `end`. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}
