import { and, asc, desc, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LIST_MESSAGES, type ListParams } from 'shared/contract';
import type { TSchema } from 'typebox';
import { BadRequestError } from '../errors';
import { containsText } from './text-search';

type Expression = AnyColumn | SQL;

/** What a list endpoint lets clients search and sort on. Keys are the query parameters of the contract. */
export interface ListSpec {
  /** Parameter → expression matched as a substring, case and accents aside (spec §2, column search; text-search.ts). */
  searchable: Record<string, Expression>;
  /** Id parameter → column matched exactly (foreign keys: `clientId=1` is not client 11). */
  exact?: Record<string, AnyColumn>;
  /** Parameter of `sort` → expression. */
  sortable: Record<string, Expression>;
  defaultSort: { key: string; order: 'asc' | 'desc' };
  /** Unique column appended to every sort, so that pages never repeat or skip rows. */
  tieBreaker: AnyColumn;
  /** Reference data: `archived=true` lists archived rows, otherwise active ones. */
  archivedAt?: AnyColumn;
}

/** The `sort` values a list query schema accepts: the enum of its `sort` property (shared/contract ListQuery). */
export function sortValuesOf(query: TSchema): string[] {
  const sort = (query as { properties?: Record<string, { enum?: unknown[] }> }).properties?.sort;
  return (sort?.enum ?? []).filter((value): value is string => typeof value === 'string');
}

/**
 * The list spec of a route whose query schema is `query`, checked once at start-up: it sorts on exactly the values
 * the schema's `sort` enum accepts (what the OpenAPI document shows, what Ajv enforces), its default among them.
 * A column added on one side only fails the API's start, not a user's request.
 */
export function listSpecFor(query: TSchema, spec: ListSpec): ListSpec {
  const accepted = [...sortValuesOf(query)].sort();
  const sortable = Object.keys(spec.sortable).sort();
  if (accepted.join() !== sortable.join() || !accepted.includes(spec.defaultSort.key)) {
    throw new Error(
      `Tri de liste incohérent : le contrat accepte [${accepted.join(', ')}], la liste trie sur [${sortable.join(', ')}] (défaut ${spec.defaultSort.key}).`,
    );
  }
  return spec;
}

export interface ListClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * Turns validated list parameters into WHERE / ORDER BY / LIMIT / OFFSET. Values are bound parameters; only
 * whitelisted expressions are ever referenced, so nothing the client sends becomes SQL text.
 */
export function listClauses(spec: ListSpec, params: ListParams): ListClauses {
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(params.search ?? {})) {
    const expression = spec.searchable[key];
    if (expression === undefined) throw new BadRequestError(LIST_MESSAGES.search(key));
    const needle = value.trim();
    if (needle === '') continue;
    conditions.push(containsText(sql`(${expression})::text`, needle));
  }
  for (const [key, value] of Object.entries(params.filters ?? {})) {
    const column = spec.exact?.[key];
    if (column === undefined) throw new BadRequestError(LIST_MESSAGES.filter(key));
    conditions.push(eq(column, value));
  }
  if (spec.archivedAt)
    conditions.push(params.archived ? isNotNull(spec.archivedAt) : isNull(spec.archivedAt));

  const sortKey = params.sort ?? spec.defaultSort.key;
  const sortExpression = spec.sortable[sortKey];
  if (sortExpression === undefined) throw new BadRequestError(LIST_MESSAGES.sort(sortKey));
  const direction = (params.order ?? (params.sort ? 'asc' : spec.defaultSort.order)) === 'desc' ? desc : asc;

  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    orderBy: [direction(sortExpression), direction(spec.tieBreaker)],
    limit: params.pageSize,
    offset: (params.page - 1) * params.pageSize,
  };
}

/**
 * Splits a validated querystring of the list contract into ListParams: the paging keys, and every other key
 * as a column search (the route schema has already rejected unknown keys).
 */
export function toListParams(query: Record<string, unknown>): ListParams {
  const { page, pageSize, sort, order, archived, ...rest } = query;
  const search = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  // The route schema types id filters as integers: they arrive as numbers.
  const filters = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
  return {
    page: page as number,
    pageSize: pageSize as number,
    ...(typeof sort === 'string' ? { sort } : {}),
    ...(order === 'asc' || order === 'desc' ? { order } : {}),
    ...(archived === true ? { archived: true } : {}),
    search,
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  };
}
