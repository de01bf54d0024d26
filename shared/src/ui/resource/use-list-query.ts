import { useCallback, useMemo } from 'react';
import type { ListParams } from '../../contract/list';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/list-values';
import { useRememberedSearchParams } from './list-memory';

/** The paging, sort and archive parameters every list owns besides its column searches. */
const LIST_KEYS = ['page', 'pageSize', 'sort', 'order', 'archived'];

/** Longest search value the API accepts (`ListQuery`); a longer one from a hand-edited URL is cut. */
const MAX_SEARCH_LENGTH = 100;

export interface ListQueryOptions {
  /**
   * Columns the list searches on. Each value lives in the URL under the column's own name, exactly like the API
   * parameter (`?nom=dup&ville=lyo`); other URL parameters are left alone.
   */
  searchable?: readonly string[];
  /** Columns the list sorts on. A `sort` in the URL outside this list is ignored (the API would answer 400). */
  sortable?: readonly string[];
  /** Page size when the URL names none; omitted from the URL while in use. */
  defaultPageSize?: number;
}

export interface ListQueryState {
  /** What to ask the API for: `search` holds only non-empty values, `archived` is always set. */
  params: ListParams & { search: Record<string, string>; archived: boolean };
  /** Whether at least one column search is active. */
  filtered: boolean;
  /** Goes to `page`; a new `pageSize` goes back to page 1. */
  setPage: (page: number, pageSize?: number, options?: { replace?: boolean }) => void;
  /** Sorts on `sort` (`undefined`: the server's default order). Back to page 1. */
  setSort: (sort: string | undefined, order?: 'asc' | 'desc') => void;
  /** Searches `column` for `value` (trimmed; empty clears it). Back to page 1. */
  setSearch: (column: string, value: string) => void;
  /** Clears every column search. Back to page 1. */
  clearSearch: () => void;
  /** Lists archived records instead of active ones. Back to page 1. */
  setArchived: (archived: boolean) => void;
}

function positiveInteger(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
}

function splitKey(key: string): string[] {
  return key === '' ? [] : key.split('\n');
}

/**
 * State of a server list (page, size, sort, archived, column searches) kept in the URL, so that a list can be
 * bookmarked and Back returns to the previous page or filter. Every change pushes a history entry.
 */
export function useListQuery(options: ListQueryOptions = {}): ListQueryState {
  // Callers pass inline arrays: depend on their content, not their identity.
  const searchableKey = (options.searchable ?? []).join('\n');
  const [searchParams, setSearchParams] = useRememberedSearchParams([
    ...LIST_KEYS,
    ...splitKey(searchableKey),
  ]);
  const defaultPageSize = Math.min(options.defaultPageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const sortableKey = options.sortable ? options.sortable.join('\n') : null;

  const params = useMemo(() => {
    const pageSize = positiveInteger(searchParams.get('pageSize'));
    const sort = searchParams.get('sort') ?? '';
    const sortable = sortableKey === null ? null : splitKey(sortableKey);
    const order = searchParams.get('order');
    const search: Record<string, string> = {};
    for (const column of splitKey(searchableKey)) {
      const value = searchParams.get(column)?.trim().slice(0, MAX_SEARCH_LENGTH);
      if (value) search[column] = value;
    }
    const sortOk = sort !== '' && (sortable === null || sortable.includes(sort));
    return {
      page: positiveInteger(searchParams.get('page')) ?? 1,
      pageSize: pageSize !== undefined && pageSize <= MAX_PAGE_SIZE ? pageSize : defaultPageSize,
      ...(sortOk ? { sort, order: order === 'desc' ? ('desc' as const) : ('asc' as const) } : {}),
      archived: searchParams.get('archived') === 'true',
      search,
    };
  }, [searchParams, searchableKey, sortableKey, defaultPageSize]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, options: { resetPage?: boolean; replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          change(next);
          if (options.resetPage ?? true) next.delete('page');
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback<ListQueryState['setPage']>(
    (page, pageSize, options) => {
      const sizeChanged = pageSize !== undefined && pageSize !== params.pageSize;
      update(
        (next) => {
          if (sizeChanged) {
            if (pageSize === defaultPageSize) next.delete('pageSize');
            else next.set('pageSize', String(pageSize));
          } else if (page > 1) next.set('page', String(page));
          else next.delete('page');
        },
        { resetPage: sizeChanged, ...options },
      );
    },
    [update, params.pageSize, defaultPageSize],
  );

  const setSort = useCallback<ListQueryState['setSort']>(
    (sort, order = 'asc') =>
      update((next) => {
        if (sort) {
          next.set('sort', sort);
          next.set('order', order);
        } else {
          next.delete('sort');
          next.delete('order');
        }
      }),
    [update],
  );

  const setSearch = useCallback<ListQueryState['setSearch']>(
    (column, value) =>
      update((next) => {
        const needle = value.trim().slice(0, MAX_SEARCH_LENGTH);
        if (needle) next.set(column, needle);
        else next.delete(column);
      }),
    [update],
  );

  const clearSearch = useCallback(
    () =>
      update((next) => {
        for (const column of splitKey(searchableKey)) next.delete(column);
      }),
    [update, searchableKey],
  );

  const setArchived = useCallback(
    (archived: boolean) =>
      update((next) => {
        if (archived) next.set('archived', 'true');
        else next.delete('archived');
      }),
    [update],
  );

  return {
    params,
    filtered: Object.keys(params.search).length > 0,
    setPage,
    setSort,
    setSearch,
    clearSearch,
    setArchived,
  };
}
