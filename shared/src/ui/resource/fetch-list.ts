import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '../../api/api-client';
import { listUrl, type ListLoader } from '../../api/get-list';
import type { ListParams, Page } from '../../contract/list';

// The fetcher moved to the API layer; screens still import it from here.
export { fetchList, listQueryString, type ListLoader } from '../../api/get-list';

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
  const url = listUrl(path, params);
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
