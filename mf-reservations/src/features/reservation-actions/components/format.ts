import dayjs from 'dayjs';
import { ApiError, DEFAULT_MESSAGES, formatDate } from 'shared';

/** « 05/03/2026 – 12/03/2026 » (the departure day ends the period). */
export const periode = (debut: string, fin: string) => `${formatDate(debut)} – ${formatDate(fin)}`;

/** « 05/03/2026 14:07 » */
export const formatDateTime = (value: string) => {
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY HH:mm') : '';
};

/** « 3 nuits » */
export const nuits = (count: number) => `${count} nuit${count > 1 ? 's' : ''}`;

/** What to tell the user about a failed write: the server's French message, or a generic one for a bug. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  console.error(error);
  return DEFAULT_MESSAGES.unknown;
}

/** Whether the failure is a 409 (a conflict: the client only logs it, the dialog must say it). */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
