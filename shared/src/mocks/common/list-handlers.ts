import { COMMON_MESSAGES, LIST_MESSAGES } from '../../contract';
import { http, type HttpHandler } from 'msw';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListParams, type Page } from '../../contract/list';
import { containsText } from '../../format/search';
import { api, fail, json } from './http';

export interface ListHandlerOptions {
  /** Columns `sort` accepts; another one answers 400 like the API. Default: any field. */
  sortable?: readonly string[];
  /** Order without `sort`. Default: `id` ascending. */
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  /** Id parameters matched exactly, like the API's (`clientId=1` is not client 11). */
  exact?: readonly string[];
}

type Row = Record<string, unknown>;

const PAGING_KEYS = new Set(['page', 'pageSize', 'sort', 'order', 'archived']);

function integerParam(raw: string | null, fallback: number): number | null {
  if (raw === null) return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

/** Reads a list query as the API validates it (`ListQuery`): a message on what it would reject. */
export function parseListQuery(
  query: URLSearchParams,
  searchable: readonly string[],
  options: ListHandlerOptions = {},
): ListParams | { message: string } {
  const page = integerParam(query.get('page'), 1);
  const pageSize = integerParam(query.get('pageSize'), DEFAULT_PAGE_SIZE);
  if (page === null || page < 1) return { message: LIST_MESSAGES.page };
  if (pageSize === null || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    return { message: LIST_MESSAGES.pageSize(MAX_PAGE_SIZE) };
  const sort = query.get('sort');
  if (sort !== null && (sort === '' || (options.sortable && !options.sortable.includes(sort))))
    return { message: LIST_MESSAGES.sort(sort) };
  const order = query.get('order');
  if (order !== null && order !== 'asc' && order !== 'desc') return { message: LIST_MESSAGES.order };
  const archived = query.get('archived');
  if (archived !== null && archived !== 'true' && archived !== 'false')
    return { message: LIST_MESSAGES.archived };
  const search: Record<string, string> = {};
  const filters: Record<string, number> = {};
  for (const [key, value] of query) {
    if (PAGING_KEYS.has(key)) continue;
    if (options.exact?.includes(key)) {
      const id = Number(value);
      if (!Number.isInteger(id) || id < 1) return { message: COMMON_MESSAGES.invalidParam(key) };
      filters[key] = id;
      continue;
    }
    if (!searchable.includes(key)) return { message: LIST_MESSAGES.search(key) };
    if (value.length < 1 || value.length > 100) return { message: LIST_MESSAGES.searchLength(key) };
    search[key] = value;
  }
  return {
    page,
    pageSize,
    ...(sort !== null ? { sort } : {}),
    ...(order === 'asc' || order === 'desc' ? { order } : {}),
    archived: archived === 'true',
    search,
    filters,
  };
}

/**
 * A resident's names as the API searches them (its `nom_recherche`): « nom prénom nom », which holds both orders of
 * the two — « Diallo Aminata » and « Aminata Diallo ».
 */
export const residentNames = (nom: string, prenom: string) => `${nom} ${prenom} ${nom}`;

function compare(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'fr');
}

/** One page of `rows` for `params`, computed as the API does: search, archived filter, sort, then slice. */
export function listPage<T extends object>(
  rows: readonly T[],
  params: ListParams,
  options: ListHandlerOptions = {},
): Page<T> {
  const { key: defaultKey, order: defaultOrder } = options.defaultSort ?? { key: 'id', order: 'asc' };
  const needles = Object.entries(params.search ?? {}).filter(([, needle]) => needle.trim() !== '');
  const matching = rows.filter((row) => {
    const record = row as Row;
    const archived = record.archivedAt !== null && record.archivedAt !== undefined;
    if (archived !== Boolean(params.archived)) return false;
    if (Object.entries(params.filters ?? {}).some(([column, id]) => record[column] !== id)) return false;
    return needles.every(([column, needle]) => {
      const value = record[column];
      return value !== null && value !== undefined && containsText(String(value), needle);
    });
  });
  const sortKey = params.sort ?? defaultKey;
  const direction = (params.order ?? (params.sort ? 'asc' : defaultOrder)) === 'desc' ? -1 : 1;
  const sorted = [...matching].sort(
    (a, b) =>
      direction *
      (compare((a as Row)[sortKey], (b as Row)[sortKey]) || compare((a as Row).id, (b as Row).id)),
  );
  const start = (params.page - 1) * params.pageSize;
  return { data: sorted.slice(start, start + params.pageSize), total: matching.length };
}

/**
 * `GET {MOCK_API}{path}` implementing the list contract in memory over `rows`: each `searchable` column is a
 * substring parameter, case and accents aside (`containsText`; AND), `archived=true` lists rows whose `archivedAt` is set, then sort and
 * pagination. Parameters the API would reject answer 400. `rows` is read at each request, so a test or a write
 * handler may change it.
 */
export function listHandler<T extends object>(
  path: string,
  rows: readonly T[],
  searchable: readonly string[],
  options: ListHandlerOptions = {},
): HttpHandler {
  return http.get(api(path), ({ request }) => {
    const params = parseListQuery(new URL(request.url).searchParams, searchable, options);
    if ('message' in params) return fail(400, params.message);
    return json(200, listPage(rows, params, options));
  });
}
