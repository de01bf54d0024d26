/** Calendar days as 'YYYY-MM-DD' strings: arithmetic in UTC (no time zone or DST involved), French display. */

// One definition of the French day for the API and the contract's messages; the API's modules import it from here.
export { frenchDate } from 'shared/contract';

/** Days from `start` to `end`. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}
