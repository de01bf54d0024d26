/**
 * What an error becomes on the wire (the status, the French message, the field it is about), decided in one place:
 * the error handler of plugins/errors.ts sends it, and a route whose error body has another shape reshapes it.
 */
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import {
  AppError,
  DeliveryFailedError,
  isDatabaseUnavailable,
  isUniqueViolation,
  postgresErrorCode,
  TooManyRequestsError,
} from '../errors';
import { COMMON_MESSAGES, LIST_MESSAGES } from 'shared/contract';

/**
 * Database rule violations a service did not translate itself (a race, a path it could not foresee): a French
 * 4xx instead of a 500. Services map the cases they know precisely (e.g. modules/contrats/db-errors.ts).
 */
const DATABASE_ERRORS: Record<string, { status: number; message: string }> = {
  '23P01': { status: 409, message: COMMON_MESSAGES.overlap },
  // Serialization failure and deadlock: a concurrent write won; the user may simply retry.
  '40001': { status: 409, message: COMMON_MESSAGES.retry },
  '40P01': { status: 409, message: COMMON_MESSAGES.retry },
  '23503': { status: 409, message: COMMON_MESSAGES.referenced },
  '23514': { status: 400, message: COMMON_MESSAGES.rule },
  '23502': { status: 400, message: COMMON_MESSAGES.rule },
};

/**
 * Whole SQLSTATE classes, for the codes not listed above: class 22 (data exception: 22021 NUL or invalid byte
 * sequence, 22003 numeric out of range, 22007/22008 dates, 22P02 invalid text, 22001 too long…) is always a value
 * the request carried, so a 400; class 23 (integrity) another rule of the data.
 */
const DATABASE_ERROR_CLASSES: Record<string, { status: number; message: string }> = {
  '22': { status: 400, message: COMMON_MESSAGES.invalidValue },
  '23': { status: 400, message: COMMON_MESSAGES.rule },
};

/** The status and French message of a PostgreSQL error, or undefined when it is not the request's fault. */
export function databaseErrorResponse(
  code: string | undefined,
): { status: number; message: string } | undefined {
  if (code === undefined) return undefined;
  return DATABASE_ERRORS[code] ?? DATABASE_ERROR_CLASSES[code.slice(0, 2)];
}

const MESSAGE_BY_STATUS: Record<number, string> = {
  ...COMMON_MESSAGES.status,
  400: COMMON_MESSAGES.badRequest,
  401: COMMON_MESSAGES.unauthorized,
  403: COMMON_MESSAGES.forbidden,
  404: COMMON_MESSAGES.notFound,
  409: COMMON_MESSAGES.conflict,
  414: COMMON_MESSAGES.urlTooLong,
};

/**
 * The French message of a bare status, for the answers that have nothing more precise to say: Fastify's own 4xx
 * (below) and those of the HTTP layer itself (plugins/http-errors.ts). An unlisted 4xx reads as a 400, a 5xx as 500.
 */
export function statusMessage(status: number): string {
  return MESSAGE_BY_STATUS[status] ?? (status >= 500 ? COMMON_MESSAGES.internal : COMMON_MESSAGES.badRequest);
}

const joinPath = (...parts: (string | undefined)[]) => parts.filter((part) => part).join('.');

/** Longest refused value a message quotes (a sort column is a short word; anything longer is not one). */
const MAX_QUOTED = 64;

/**
 * Turns the first Ajv error into a French sentence naming the field. `value` is what the request carried there,
 * for the messages that quote it.
 */
export function validationMessage(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  value?: unknown,
): string {
  const [error] = errors;
  if (error === undefined) return statusMessage(400);
  const segments = error.instancePath.split('/').filter(Boolean);
  const field = segments.join('.');
  const body = context === 'body' || context === undefined;
  const part = body ? 'champ' : 'paramètre';
  const last = segments.at(-1);
  // An element of a list (`destinataires/1`) is named by its rank, as the user counts it: « l'élément n° 2 ».
  const say = COMMON_MESSAGES.field;
  const subject = say.subject(field, part);
  const params = error.params;
  const limit = typeof params.limit === 'number' ? params.limit : 0;

  switch (error.keyword) {
    case 'additionalProperties':
      return say.notAllowed(joinPath(field, String(params.additionalProperty)), part);
    case 'required':
      return say.required(joinPath(field, String(params.missingProperty)), part);
    case 'minLength':
      return limit === 1 ? say.empty(subject) : say.minLength(subject, limit);
    case 'maxLength':
      return say.maxLength(subject, limit);
    case 'minimum':
      return say.minimum(subject, limit);
    case 'maximum':
      return say.maximum(subject, limit);
    case 'minItems':
      return say.minItems(subject, limit);
    case 'maxItems':
      return say.maxItems(subject, limit);
    case 'uniqueItems':
      return say.uniqueItems(subject);
    case 'format':
      return params.format === 'email' ? say.email(subject) : say.invalid(subject);
    case 'enum':
      // Every list's `sort` is an enum of its columns (shared/contract ListQuery, the reservation lists' bodies).
      if (last === 'sort' && typeof value === 'string' && value.length <= MAX_QUOTED)
        return LIST_MESSAGES.sort(value);
      return field === '' ? COMMON_MESSAGES.badRequest : say.invalid(subject);
    case 'minProperties':
      if (field === '' && context === 'body') return COMMON_MESSAGES.nothingToChange;
      return say.invalid(subject);
    default:
      if (field === '') return context === 'body' ? COMMON_MESSAGES.invalidBody : statusMessage(400);
      return say.invalid(subject);
  }
}

/**
 * What an error becomes on the wire: its status, its French message, the body field it is about (`champ`) and, for
 * a 429 or a 503, the delay to wait.
 */
export interface ErrorResponse {
  status: number;
  message: string;
  champ?: string;
  retryAfterSeconds?: number;
  /** Fields the body carries beside `message` (a failed sending: `envoi`, `courriel_id`). */
  details?: Record<string, unknown>;
}

/** The value an Ajv error is about, read from the request part it validated. */
function rejectedValue(
  request: FastifyRequest,
  context: string | undefined,
  error: FastifySchemaValidationError | undefined,
): unknown {
  const part =
    context === 'querystring'
      ? request.query
      : context === 'params'
        ? request.params
        : context === 'body'
          ? request.body
          : undefined;
  let value: unknown = part;
  for (const segment of (error?.instancePath ?? '').split('/').filter(Boolean)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * The database cannot be reached (stopped, restarting, the connection cut): 503, and Retry-After in seconds — an
 * embedded server is restarted within a few (docs/database.md « When PostgreSQL dies »).
 */
export const DATABASE_UNAVAILABLE: Readonly<ErrorResponse> = Object.freeze({
  status: 503,
  message: COMMON_MESSAGES.databaseUnavailable,
  retryAfterSeconds: 5,
});

/** The body field an Ajv error is about (`lignes.0.remise`), or undefined for the body as a whole. */
function validationField(error: FastifySchemaValidationError | undefined): string | undefined {
  if (error === undefined) return undefined;
  const params = error.params;
  const field = joinPath(
    ...error.instancePath.split('/').filter(Boolean),
    error.keyword === 'additionalProperties' ? String(params.additionalProperty) : undefined,
    error.keyword === 'required' ? String(params.missingProperty) : undefined,
  );
  return field === '' ? undefined : field;
}

/**
 * The one status mapping: typed errors keep theirs, validation and JSON errors are 400s, a database out of reach a
 * 503 with Retry-After, database rule violations their 4xx, Fastify's own 4xx a French message, anything else a 500
 * without detail (the real error is logged).
 * The error handler below sends it; a route whose answer has another shape (`errorHandler` of the spec's calls
 * that read `msg` or a fixed message) builds its body from it, so the statuses stay the same everywhere.
 */
export function errorResponse(error: FastifyError, request: FastifyRequest): ErrorResponse {
  if (error instanceof DeliveryFailedError)
    return {
      status: error.statusCode,
      message: error.message,
      details: { envoi: 'echec', courriel_id: error.courrielId },
    };
  if (error instanceof AppError) {
    const appError: AppError = error;
    return {
      status: appError.statusCode,
      message: appError.message,
      ...(appError.champ !== undefined ? { champ: appError.champ } : {}),
      ...(appError instanceof TooManyRequestsError && appError.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: appError.retryAfterSeconds }
        : {}),
    };
  }
  if (error.validation) {
    const message = validationMessage(
      error.validation,
      error.validationContext,
      rejectedValue(request, error.validationContext, error.validation[0]),
    );
    // Only a body field is a form's field; a parameter is the screen's business.
    const champ = error.validationContext === 'body' ? validationField(error.validation[0]) : undefined;
    return { status: 400, message, ...(champ !== undefined ? { champ } : {}) };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, message: COMMON_MESSAGES.invalidBody };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'base de données injoignable');
    return DATABASE_UNAVAILABLE;
  }
  if (isUniqueViolation(error)) {
    request.log.warn({ err: error }, 'unique violation not handled by the service');
    return { status: 409, message: COMMON_MESSAGES.conflict };
  }
  const databaseError = databaseErrorResponse(postgresErrorCode(error));
  if (databaseError !== undefined) {
    request.log.warn({ err: error }, 'database rule violation not handled by the service');
    return databaseError;
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, message: statusMessage(status) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, message: COMMON_MESSAGES.internal };
}

/**
 * Sends `body` (default `{ message, champ? }` and the error's details) with the mapped status, and Retry-After
 * when the error gives one.
 */
export function sendError(
  reply: FastifyReply,
  response: ErrorResponse,
  body: Record<string, unknown> = {
    message: response.message,
    ...(response.champ !== undefined ? { champ: response.champ } : {}),
    ...response.details,
  },
): FastifyReply {
  if (response.retryAfterSeconds !== undefined)
    reply.header('Retry-After', String(response.retryAfterSeconds));
  return reply.status(response.status).send(body);
}
