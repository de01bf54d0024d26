import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '../../api/api-client';
import type { ListParams, Page } from '../../contract/list';

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

function listUrl(path: string, query: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** GETs one page of a list endpoint through `apiClient` (so failures are toasted as spec §8 says). */
export async function fetchList<T>(
  path: string,
  params: ListParams,
  options: { signal?: AbortSignal } = {},
): Promise<Page<T>> {
  const { data } = await apiClient.get<Page<T>>(listUrl(path, listQueryString(params)), {
    signal: options.signal,
  });
  return data;
}

export interface ListState<T> {
  /** Rows of the page; those of the previous request stay while the next one loads, none after a failure. */
  data: T[];
  total: number;
  loading: boolean;
  /** The failure of the last request (an `ApiError` carrying the server's French message). */
  error: Error | null;
  /** Asks for the same page again, e.g. after a write. */
  reload: () => void;
}

/**
 * Loads one page for `params` another way than `GET path?query`, e.g. a POST whose body carries the filters.
 * Must reject on failure (the `apiClient` does) and honour `signal`.
 */
export type ListLoader<T> = (params: ListParams, signal: AbortSignal) => Promise<Page<T>>;

export interface UseListOptions<T> {
  /** Loads the page instead of `GET path?query`. */
  load?: ListLoader<T>;
  /**
   * What `load` depends on besides `params` (e.g. the serialized extra filters): a change reloads. The loader's
   * own identity is ignored, so callers may pass an inline function.
   */
  loadKey?: string;
}

interface Settled<T> {
  /** Request these results answer: while it differs from the current one, the list is loading. */
  key: string;
  page: Page<T> | null;
  error: Error | null;
}

/**
 * Loads a page of `path` whenever the params change. A request overtaken by a newer one is aborted, so a slow
 * answer can never replace a newer one.
 */
export function useList<T>(path: string, params: ListParams, options: UseListOptions<T> = {}): ListState<T> {
  const url = listUrl(path, listQueryString(params));
  const [attempt, setAttempt] = useState(0);
  const custom = options.load !== undefined;
  const key = `${attempt} ${url}${custom ? ` ${options.loadKey ?? ''}` : ''}`;
  const [settled, setSettled] = useState<Settled<T>>({ key: '', page: null, error: null });
  const loadRef = useRef(options.load);
  const paramsRef = useRef(params);
  useEffect(() => {
    loadRef.current = options.load;
    paramsRef.current = params;
  });

  useEffect(() => {
    const controller = new AbortController();
    const load = loadRef.current;
    const request = load
      ? load(paramsRef.current, controller.signal)
      : apiClient.get<Page<T>>(url, { signal: controller.signal }).then(({ data }) => data);
    request.then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, page: data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key, page: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [key, url]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return {
    data: settled.page?.data ?? [],
    total: settled.page?.total ?? 0,
    loading: settled.key !== key,
    error: settled.key === key ? settled.error : null,
    reload,
  };
}
