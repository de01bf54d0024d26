import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BIRTH_DATE_FORMAT, isBirthDate, isDayInRange } from 'shared/contract';
import { BadRequestError } from '../errors';

export const INPUT_MESSAGES = {
  nul: "La requête contient un caractère nul, qui n'est pas autorisé.",
  integer: (noun: string, field: string) => `${noun} ${field} doit être un nombre entier.`,
  number: (noun: string, field: string) => `${noun} ${field} doit être un nombre.`,
} as const;

/**
 * Ajv's formats for the contract's days (ajv `onCreate`, after ajv-formats registered its own 'date'): 'date' is a
 * real day of years 1900–2100, 'birth-date' also not after today (shared/src/contract/days.ts holds the rule).
 */
export function registerDayFormats(ajv: {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}): void {
  ajv.addFormat('date', { type: 'string', validate: isDayInRange });
  ajv.addFormat(BIRTH_DATE_FORMAT, { type: 'string', validate: (value: string) => isBirthDate(value) });
}

// ---------------------------------------------------------------------------------------------------------
// NUL: PostgreSQL text cannot hold U+0000 (22021), and no form can type it.

/** First string (value or key) holding U+0000, walked without recursion: a JSON body may nest thousands deep. */
function holdsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Numbers: with coerceTypes, Ajv turns any string `s` with `s == +s` into a number before any keyword runs:
// "Infinity", "1e309" (Infinity), "  12", "0x10", "1e3" all pass an integer schema, and the coerced value is never
// type-checked again. Here, before validation, a string or number meeting an integer (or number) schema must be
// written plainly; everything else is Ajv's job.

type Schema = Record<string, unknown>;
const INTEGER = /^-?\d{1,16}$/;
const DECIMAL = /^-?\d{1,16}(\.\d{1,16})?$/;

const typesOf = (schema: Schema): unknown[] =>
  Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];

/** The scalar types a schema (or the branches of its anyOf/oneOf) accepts. */
function scalarTypes(schema: Schema): Set<unknown> {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches === undefined) {
    const types = new Set(typesOf(schema));
    if (typeof schema.const === 'string' || Array.isArray(schema.enum)) types.add('string');
    return types;
  }
  return new Set(branches.flatMap((branch) => [...scalarTypes(branch)]));
}

function numberProblem(types: Set<unknown>, value: unknown): 'integer' | 'number' | undefined {
  const integer = types.has('integer');
  if (!integer && !types.has('number')) return undefined;
  if (typeof value === 'number') {
    if (integer && !types.has('number')) return Number.isSafeInteger(value) ? undefined : 'integer';
    return Number.isFinite(value) ? undefined : 'number';
  }
  // Only the strings Ajv would turn into a number (`s == +s`): the others ('', which may become null, or 'abc') fail
  // or pass its own checks with its own message. A schema that also takes strings keeps them as they are.
  if (typeof value !== 'string' || value === '' || Number.isNaN(Number(value)) || types.has('string')) {
    return undefined;
  }
  if (integer && !types.has('number')) {
    return INTEGER.test(value) && Number.isSafeInteger(Number(value)) ? undefined : 'integer';
  }
  return DECIMAL.test(value) ? undefined : 'number';
}

function checkNumbers(schema: unknown, value: unknown, path: string[], noun: string): void {
  if (typeof schema !== 'object' || schema === null || value === undefined || value === null) return;
  const node = schema as Schema;
  const problem = numberProblem(scalarTypes(node), value);
  if (problem !== undefined) {
    const field = path.join('.');
    throw new BadRequestError(INPUT_MESSAGES[problem](noun, field === '' ? 'envoyé' : field));
  }
  if (typeof value === 'object') {
    // Structure only: a scalar was judged above against all the branches together.
    const branches = [
      ...((node.anyOf ?? node.oneOf ?? []) as unknown[]),
      ...((node.allOf ?? []) as unknown[]),
    ];
    for (const branch of branches) checkNumbers(branch, value, path, noun);
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkNumbers(node.items, item, [...path, String(index)], noun));
  } else if (typeof value === 'object') {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    for (const [key, child] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) checkNumbers(properties[key], child, [...path, key], noun);
    }
  } else if (typesOf(node).includes('array')) {
    // coerceTypes 'array': `?id=1` meets an array schema as its single item.
    checkNumbers(node.items, value, path, noun);
  }
}

const PARTS = [
  ['params', 'params', 'Le paramètre'],
  ['querystring', 'query', 'Le paramètre'],
  ['body', 'body', 'Le champ'],
] as const;

/** Runs before schema validation on every route; throws a French 400 (plugins/errors.ts sends it). */
export function guardInput(request: FastifyRequest): void {
  const schema = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
  for (const [schemaPart, requestPart, noun] of PARTS) {
    const value: unknown = request[requestPart];
    if (holdsNul(value)) throw new BadRequestError(INPUT_MESSAGES.nul);
    checkNumbers(schema[schemaPart], value, [], noun);
  }
}

/**
 * Input rules that no schema keyword can express, applied once to every route (present and future) before its
 * schema is validated: no NUL character anywhere, integers and numbers written plainly, JSON bodies only. Register it
 * before the routes.
 */
export default fp(
  async (app) => {
    // The API reads JSON only: a text/plain body would be a string meeting an object schema (a vague 400), and it is
    // the one body type a foreign page can POST without a CORS preflight. Now a 415 like any other type.
    app.removeContentTypeParser('text/plain');
    app.addHook('preValidation', async (request) => guardInput(request));
  },
  { name: 'input-guards' },
);
