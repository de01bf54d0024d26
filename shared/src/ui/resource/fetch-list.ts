import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { listKeyOf, listQueryOptions, type ListLoader } from '../../api/get-list';
import type { ListParams } from '../../contract/list';

// The fetcher moved to the API layer; screens still import it from here.
export { fetchList, listQueryString, type ListLoader } from '../../api/get-list';

export interface ListState<T> {
  /** Rows of the page; those of the previous page stay while the next one loads, none after a failure. */
  data: T[];
  total: number;
  /** No rows of these params yet: the first load, or the previous page's rows shown meanwhile. */
  loading: boolean;
  /** The failure of the last request (an `ApiError` carrying the server's French message). */
  error: Error | null;
  /** Refreshes every page of this list (the one shown at once), e.g. after a write or « Réessayer ». */
  reload: () => void;
}

export interface UseListOptions<T> {
  /** Loads the page instead of `GET path?query`. */
  load?: ListLoader<T>;
  /**
   * What `load` depends on besides `params` (e.g. the serialized extra filters): a change loads another page. The
   * loader's own identity is ignored, so callers may pass an inline function.
   */
  loadKey?: string;
  /** Key prefix of the list's pages (default `keysOfPath(path).lists()`); see `ListQuerySource.queryKey`. */
  queryKey?: QueryKey;
}

/**
 * One page of `path` for `params`, from the query cache: a page seen before shows at once (and refreshes in the
 * background once stale); a new one keeps the previous rows until it arrives. A request overtaken by a newer one
 * is cancelled, so a slow answer never replaces a newer one.
 */
export function useList<T>(path: string, params: ListParams, options: UseListOptions<T> = {}): ListState<T> {
  const { load, loadKey, queryKey } = options;
  const queryClient = useQueryClient();
  const query = useQuery(listQueryOptions<T>({ path, params, load, loadKey, queryKey }));
  const listKey = useMemo(() => listKeyOf({ path, queryKey }), [path, queryKey]);
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: listKey }),
    [queryClient, listKey],
  );
  const failed = query.isError;
  return {
    data: failed ? [] : (query.data?.data ?? []),
    total: failed ? 0 : (query.data?.total ?? 0),
    loading: query.isPending || query.isPlaceholderData,
    error: query.error,
    reload,
  };
}
