import { ApiError, DEFAULT_MESSAGES } from '../../api/api-error';

/** What to tell the user about a failed write: the server's French message, or a generic one for a bug. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  console.error(error);
  return DEFAULT_MESSAGES.unknown;
}
