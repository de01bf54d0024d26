import type { EnvoiIssue } from '../contract/enums';
import { ApiError, DEFAULT_MESSAGES } from './api-error';
import type { Notifier } from './notifier';

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The server message of a body: `message`, or `msg` (multiple extension, spec §7). */
export function serverMessage(data: unknown): string | undefined {
  const body = asRecord(data);
  if (!body) return undefined;
  for (const key of ['message', 'msg'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** A sending whose e-mail was only kept in the outbox succeeded as a call, not as a sending: never a green toast. */
const KEPT: EnvoiIssue = 'conserve';

/**
 * Successful non-GET call: its `message` as a success toast, and each key of `messages` as one (spec §8). An e-mail
 * the call only kept in the local outbox (`envoi: 'conserve'`, no SMTP server) is told as information instead.
 */
export function handleSuccess(method: string | undefined, data: unknown, notify: Notifier): void {
  if ((method ?? 'get').toLowerCase() === 'get') return;
  const body = asRecord(data);
  if (!body) return;
  if (typeof body.message === 'string' && body.message) {
    if (body.envoi === KEPT) notify.info(body.message);
    else notify.success(body.message);
  }
  const messages = asRecord(body.messages);
  if (messages) for (const key of Object.keys(messages)) notify.success(key);
}

export interface FailureContext {
  notify: Notifier;
  /** Clears the session and goes back to '/' (401). */
  onUnauthorized: () => void;
}

/** Shows the failure as spec §8 says, then returns the error to rethrow. */
export function handleFailure(status: number | null, data: unknown, context: FailureContext): ApiError {
  const message = serverMessage(data);
  const { notify } = context;
  switch (status) {
    case null:
      notify.error(DEFAULT_MESSAGES.network);
      return new ApiError(DEFAULT_MESSAGES.network, null, data);
    case 404:
      notify.info(message ?? DEFAULT_MESSAGES.notFound);
      return new ApiError(message ?? DEFAULT_MESSAGES.notFound, status, data);
    case 401:
      notify.error(message ?? 'Votre session a expiré. Veuillez vous reconnecter.');
      context.onUnauthorized();
      return new ApiError(message ?? 'Votre session a expiré. Veuillez vous reconnecter.', status, data);
    case 403:
      notify.error(message ?? DEFAULT_MESSAGES.forbidden);
      return new ApiError(message ?? DEFAULT_MESSAGES.forbidden, status, data);
    case 409:
      console.warn('Conflit (409) :', message ?? data);
      return new ApiError(message ?? 'Conflit', status, data);
    default:
      notify.error(message ?? DEFAULT_MESSAGES.unknown);
      return new ApiError(message ?? DEFAULT_MESSAGES.unknown, status, data);
  }
}
