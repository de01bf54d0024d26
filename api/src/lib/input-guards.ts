import type { FastifyRequest } from 'fastify';
import { BIRTH_DATE_FORMAT, isBirthDate, isDayInRange } from 'shared/contract';
import { BadRequestError } from '../errors';

/**
 * The most values (every string, number, object, array… counted once) and nesting levels a request part (path,
 * query, body) may hold. Far above any body of the contract (500 tariff lines of a dozen fields ≈ 6,500 values,
 * 3 levels), far below what costs anything to walk: a 1 MiB body of `[0,0,0,…]` holds 500,000 values.
 */
export const INPUT_LIMITS = { values: 20_000, depth: 32 } as const;

export const INPUT_MESSAGES = {
  nul: "La requête contient un caractère nul, qui n'est pas autorisé.",
  tooMany: `La requête contient trop de valeurs (${INPUT_LIMITS.values.toLocaleString('fr-FR')} au plus).`,
  tooDeep: `La requête est trop imbriquée (${INPUT_LIMITS.depth} niveaux au plus).`,
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
// Structure: NUL characters (PostgreSQL text cannot hold U+0000, 22021, and no form can type it), and the size of
// what the body parser built. A 1 MiB JSON body may hold 500,000 items or nest 500,000 deep: neither recursion nor
// spreading the items into a call (`push(...items)`, a RangeError past ~120,000 arguments) survives that, so the
// walk keeps its own stack and refuses a part as soon as it passes INPUT_LIMITS, before reading the rest.

type StructureProblem = 'nul' | 'tooMany' | 'tooDeep';

/** A request part refused for its size or nesting: a sign of a hostile client (logged, once per address). */
export class InputStructureError extends BadRequestError {
  override name = 'InputStructureError';
}

/** The first structure problem of a request part, walked without recursion and counted before it is stacked. */
function structureProblem(root: unknown): StructureProblem | undefined {
  const values: unknown[] = [root];
  const depths: number[] = [0];
  let counted = 1;
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() ?? 0;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= INPUT_LIMITS.depth) return 'tooDeep';
    if (Array.isArray(value)) {
      counted += value.length;
      if (counted > INPUT_LIMITS.values) return 'tooMany';
      for (const item of value as unknown[]) {
        values.push(item);
        depths.push(depth + 1);
      }
    } else {
      const keys = Object.keys(value);
      counted += keys.length;
      if (counted > INPUT_LIMITS.values) return 'tooMany';
      for (const key of keys) {
        if (key.includes('\u0000')) return 'nul';
        values.push((value as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
  }
  return undefined;
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
    const problem = structureProblem(value);
    if (problem === 'nul') throw new BadRequestError(INPUT_MESSAGES.nul);
    if (problem !== undefined) throw new InputStructureError(INPUT_MESSAGES[problem]);
    checkNumbers(schema[schemaPart], value, [], noun);
  }
}
