import { ApiError, DEFAULT_MESSAGES } from '../../api/api-error';

/** What to tell the user about a failed write: the server's French message, or a generic one for a bug. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  console.error(error);
  return DEFAULT_MESSAGES.unknown;
}

/** Whether the failure is a 409 (a conflict: the client only logs it, the dialog must say it). */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The form field an API error names (`champ`: `lignes.1.dateFin`) as an antd name path (`['lignes', 1, 'dateFin']`),
 * or null when the error names none.
 */
export function errorField(error: unknown): (string | number)[] | null {
  if (!(error instanceof ApiError)) return null;
  const champ = (error.data as { champ?: unknown } | null)?.champ;
  if (typeof champ !== 'string' || champ === '') return null;
  return champ.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
