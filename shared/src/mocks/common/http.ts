import { COMMON_MESSAGES } from '../../contract';
import { HttpResponse } from 'msw';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { decodeToken, type DecodedToken } from '../../auth/decode-token';
import { MOCK_API } from './mock-api';

/** The mocked URL of an API path. */
export const api = (path: string) => `${MOCK_API}${path}`;

export const json = (status: number, body: unknown) => HttpResponse.json(body as never, { status });

/** `{ message, champ? }` with its status, as the API's error handler answers (`champ`: the body field at fault). */
export const fail = (status: number, message: string, champ?: string) =>
  json(status, champ === undefined ? { message } : { message, champ });

/** The claims of the request's bearer token, or null without a readable one. */
export function claimsOf(request: Request): DecodedToken | null {
  const header = request.headers.get('Authorization');
  if (!header?.startsWith('Bearer ')) return null;
  try {
    return decodeToken(header.slice('Bearer '.length));
  } catch {
    return null;
  }
}

/** The 401 answer for a request without a readable token, else undefined (the next handler answers). */
export const requireSession = (request: Request) =>
  claimsOf(request) ? undefined : fail(401, COMMON_MESSAGES.unauthorized);

/** The JSON body, or null when there is none or it does not parse. */
export const readJson = (request: Request): Promise<unknown> => request.json().catch(() => null);

function firstError(schema: TSchema, body: unknown) {
  const [error] = Value.Errors(schema, body).filter((e) => e.keyword !== 'boolean' && e.keyword !== 'anyOf');
  return error;
}

/**
 * The body field the first schema error of `body` is about (`lignes.0.prixNuiteeHt`), as the API answers it in
 * `champ` (api/src/plugins/errors.ts `validationField`), or undefined.
 */
export function validationField(schema: TSchema, body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const error = firstError(schema, body);
  if (!error) return undefined;
  const params = error.params as Record<string, unknown>;
  const extra =
    error.keyword === 'additionalProperties'
      ? (params.additionalProperties as string[])[0]
      : error.keyword === 'required'
        ? (params.requiredProperties as string[])[0]
        : undefined;
  const field = [...error.instancePath.split('/').filter(Boolean), ...(extra ? [extra] : [])].join('.');
  return field === '' ? undefined : field;
}

/** The first schema error of `body` worded as the API's `validationMessage` (api/src/lib/error-responses.ts). */
export function validationMessage(schema: TSchema, body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return COMMON_MESSAGES.invalidBody;
  const error = firstError(schema, body);
  if (!error) return null;
  const params = error.params as Record<string, unknown>;
  const name = error.instancePath.split('/').filter(Boolean).join('.');
  const limit = Number(params.limit);
  const field = COMMON_MESSAGES.field;
  const subject = field.subject(name);
  switch (error.keyword) {
    case 'additionalProperties':
      return field.notAllowed(String((params.additionalProperties as string[])[0]));
    case 'required':
      return field.required(String((params.requiredProperties as string[])[0]));
    case 'minLength':
      return limit === 1 ? field.empty(subject) : field.minLength(subject, limit);
    case 'maxLength':
      return field.maxLength(subject, limit);
    case 'minimum':
      return field.minimum(subject, limit);
    case 'maximum':
      return field.maximum(subject, limit);
    case 'minItems':
      return field.minItems(subject, limit);
    case 'maxItems':
      return field.maxItems(subject, limit);
    case 'uniqueItems':
      return field.uniqueItems(subject);
    case 'format':
      return params.format === 'email' ? field.email(subject) : field.invalid(subject);
    case 'minProperties':
      return name ? field.invalid(subject) : COMMON_MESSAGES.nothingToChange;
    default:
      return name ? field.invalid(subject) : COMMON_MESSAGES.invalidBody;
  }
}

/** The body when it matches `schema`, else the 400 answer the API would give. */
export async function validBody<T>(request: Request, schema: TSchema): Promise<T | Response> {
  const body = await readJson(request);
  const invalid = validationMessage(schema, body);
  return invalid ? fail(400, invalid, validationField(schema, body)) : (body as T);
}
