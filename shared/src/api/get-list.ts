import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ListParams, Page } from '../contract/list';
import { apiClient } from './api-client';
import { keysOfPath } from './query-keys';

/**
 * The flat query string of the list contract: `page=1&pageSize=20&sort=nom&order=asc&archived=true&nom=dup`.
 * `archived` is sent only when true and search values are trimmed, empty ones left out (the API rejects `nom=`).
 * Values are percent-encoded (`%20`, not `+`), which every query parser decodes the same way.
 */
export function listQueryString(params: ListParams): string {
  const entries: [string, string][] = [
    ['page', String(params.page)],
    ['pageSize', String(params.pageSize)],
  ];
  if (params.sort) entries.push(['sort', params.sort]);
  if (params.order) entries.push(['order', params.order]);
  if (params.archived) entries.push(['archived', 'true']);
  for (const [column, value] of Object.entries(params.search ?? {})) {
    const needle = value.trim();
    if (needle) entries.push([column, needle]);
  }
  return entries.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

/** `path` (which may already carry a filter, `/clients?type=…`) with the list's query string. */
export function listUrl(path: string, params: ListParams): string {
  return `${path}${path.includes('?') ? '&' : '?'}${listQueryString(params)}`;
}

/** GETs one page of a list endpoint through `apiClient` (so failures are toasted as spec §8 says). */
export async function fetchList<T>(
  path: string,
  params: ListParams,
  options: { signal?: AbortSignal } = {},
): Promise<Page<T>> {
  const { data } = await apiClient.get<Page<T>>(listUrl(path, params), { signal: options.signal });
  return data;
}

/**
 * Loads one page for `params` another way than `GET path?query`, e.g. a POST whose body carries the filters.
 * Must reject on failure (the `apiClient` does) and pass `signal` on, so a page nobody waits for any more is
 * cancelled.
 */
export type ListLoader<T> = (params: ListParams, signal: AbortSignal) => Promise<Page<T>>;

export interface ListQuerySource<T> {
  /** List endpoint, relative to the API base (`/etablissements`, `/clients?type=association`). */
  path: string;
  params: ListParams;
  /** Loads the page instead of `GET path?query`. */
  load?: ListLoader<T>;
  /**
   * What `load` reads besides `params` (e.g. the serialized filter bar): part of the key, so a change loads
   * another page. The loader's own identity is not, so callers may pass an inline function.
   */
  loadKey?: string;
  /**
   * Key prefix of the list's pages. Default: `keysOfPath(path).lists()` (`['etablissements', 'list']`), which the
   * resource's writes invalidate through `…Keys.all`. Give it when the list belongs to another resource's keys
   * (full reservations: `reservationIntegraleKeys.lists()`).
   */
  queryKey?: QueryKey;
}

/** The key prefix of every page of this list: what a write on its rows invalidates. */
export function listKeyOf(source: Pick<ListQuerySource<unknown>, 'path' | 'queryKey'>): QueryKey {
  return source.queryKey ?? keysOfPath(source.path).lists();
}

/**
 * Query options of one page of a list. The previous page's rows stay on screen while the next one loads
 * (`keepPreviousData`): no flicker when paging, sorting or searching.
 */
export function listQueryOptions<T>({ path, params, load, loadKey, queryKey }: ListQuerySource<T>) {
  return queryOptions({
    queryKey: [...listKeyOf({ path, queryKey }), { path, ...params, ...(load ? { loadKey } : {}) }],
    queryFn: ({ signal }) => (load ? load(params, signal) : fetchList<T>(path, params, { signal })),
    placeholderData: keepPreviousData,
  });
}
