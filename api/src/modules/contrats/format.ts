/** Small value helpers of the contracts module: money and rates as exact decimal strings, periods in words. */
import { frenchDate } from '../../lib/days';

/** '84.5' → '84.50', '007' → '7.00': the text PostgreSQL's numeric(12,2) answers, so values compare as strings. */
export function normaliseDecimal(value: string): string {
  const [integer = '0', fraction = ''] = value.split('.');
  return `${BigInt(integer).toString()}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** A half-open period [start, end) in words: « du 01/01/2025 au 01/07/2025 exclu ». */
export function periode(start: string, end: string): string {
  return `du ${frenchDate(start)} au ${frenchDate(end)} exclu`;
}
