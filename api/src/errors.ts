/** What an error may carry besides its cause. */
export interface AppErrorOptions extends ErrorOptions {
  /**
   * The body field the error is about, as a path (`lignes.1.dateFin`, 0-based indexes): answered as `champ` so that
   * the form shows the message beside that field (ErrorBody in shared/src/contract/common.ts).
   */
  champ?: string;
}

/**
 * Typed domain errors. Services throw them; the one error handler (plugins/errors.ts) turns them into
 * `{ message, champ? }` with their status code. Messages are French and safe to show to the user.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly champ: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options?: AppErrorOptions,
  ) {
    super(message, options);
    this.champ = options?.champ;
  }
}

export class BadRequestError extends AppError {
  override name = 'BadRequestError';
  constructor(message = 'La requête est invalide.', options?: AppErrorOptions) {
    super(400, message, options);
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(
    message = 'Vous devez être connecté pour accéder à cette ressource.',
    options?: AppErrorOptions,
  ) {
    super(401, message, options);
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(message = "Vous n'êtes pas autorisé à accéder à cette ressource.", options?: AppErrorOptions) {
    super(403, message, options);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message = 'Ressource introuvable.', options?: AppErrorOptions) {
    super(404, message, options);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(
    message = 'Cette opération entre en conflit avec des données existantes.',
    options?: AppErrorOptions,
  ) {
    super(409, message, options);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  constructor(
    message = 'Trop de requêtes. Réessayez dans quelques minutes.',
    /** Sent as the Retry-After header when known. */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(429, message, options);
  }
}

/**
 * 502: the SMTP server refused an e-mail or could not be reached. The message stays in the outbox (`courrielId`),
 * to be sent again; the answer says so (`envoi: 'echec'`, shared/contract EnvoiEchecBody).
 */
export class DeliveryFailedError extends AppError {
  override name = 'DeliveryFailedError';
  constructor(
    message: string,
    readonly courrielId: number,
    options?: ErrorOptions,
  ) {
    super(502, message, options);
  }
}

const PG_UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a PostgreSQL error and the constraint it names, if any. */
export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

/**
 * Drizzle wraps driver errors (DrizzleQueryError with the driver error as `cause`); node-postgres exposes the
 * SQLSTATE as `code` and the violated constraint as `constraint`: walk the cause chain.
 */
export function pgErrorInfo(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function postgresErrorCode(error: unknown): string | undefined {
  return pgErrorInfo(error)?.code;
}

export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === PG_UNIQUE_VIOLATION;
}

/** True when the error is a violation of the named constraint (e.g. a unique index a concurrent write won). */
export function violates(error: unknown, constraint: string): boolean {
  return pgErrorInfo(error)?.constraint === constraint;
}

/**
 * SQLSTATEs of a server that is going or not yet back: class 08 (connection exception), 57P01 admin_shutdown (also
 * « terminating connection due to unexpected postmaster exit », sent by a backend whose postmaster was killed),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** The socket's own errors on the way to the server. ENOENT only from connect(): a unix socket not there yet. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres's own errors, which carry no code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * True when the error says the database cannot be reached (stopped, restarting, the connection cut), not that the
 * request or the data is wrong: the one error handler answers 503 and Retry-After (plugins/errors.ts). Walks the
 * cause chain as pgErrorInfo does (Drizzle wraps driver errors).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    const { code, syscall, message } = current as { code?: unknown; syscall?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
      if (code === 'ENOENT' && syscall === 'connect') return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
