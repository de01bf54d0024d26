import { useCallback, useMemo } from 'react';
import { useRememberedSearchParams } from './list-memory';

/** Value of one extra filter: one value, several (repeated parameter `?statut=a&statut=b`), or none. */
export type UrlFilterValue = string | string[] | undefined;

export interface UrlFiltersState<K extends string> {
  /** Current values; a key absent from the URL is left out. Multi-valued keys always give an array. */
  values: Partial<Record<K, string | string[]>>;
  /** Whether at least one filter is set. */
  active: boolean;
  /** Stable text of the values, e.g. a `loadKey` for `ResourceTable`. */
  key: string;
  /** Sets (or clears, with `undefined`, '' or []) one filter. Back to page 1. */
  setFilter: (name: K, value: UrlFilterValue) => void;
  /** Sets several filters at once (one history entry). Back to page 1. */
  setFilters: (values: Partial<Record<K, UrlFilterValue>>) => void;
  /** Clears every filter of `names`, and the parameters `also` (e.g. column searches). Back to page 1. */
  clearFilters: (also?: readonly string[]) => void;
}

export interface UrlFiltersOptions<K extends string> {
  /** Filters whose URL parameter may repeat (read as an array). */
  multiple?: readonly K[];
}

/**
 * Extra list filters (selects above a table) kept in the URL under their own names, so that a filtered list is
 * bookmarkable. Every change removes `page` (back to page 1) and pushes a history entry; other parameters (page
 * size, sort, column searches, `mode`) are left alone.
 */
export function useUrlFilters<K extends string>(
  names: readonly K[],
  options: UrlFiltersOptions<K> = {},
): UrlFiltersState<K> {
  const [searchParams, setSearchParams] = useRememberedSearchParams(names);
  const namesKey = names.join('\n');
  const multipleKey = (options.multiple ?? []).join('\n');

  const values = useMemo(() => {
    const multiple = new Set(multipleKey.split('\n'));
    const result: Partial<Record<K, string | string[]>> = {};
    for (const name of namesKey.split('\n') as K[]) {
      const all = searchParams.getAll(name).filter((value) => value !== '');
      if (all.length === 0) continue;
      result[name] = multiple.has(name) ? all : all[0];
    }
    return result;
  }, [searchParams, namesKey, multipleKey]);

  const apply = useCallback(
    (changes: Partial<Record<K, UrlFilterValue>>) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes) as [K, UrlFilterValue][]) {
          next.delete(name);
          for (const item of Array.isArray(value) ? value : [value]) {
            if (item !== undefined && item !== '') next.append(name, item);
          }
        }
        next.delete('page');
        return next;
      }),
    [setSearchParams],
  );

  const setFilter = useCallback(
    (name: K, value: UrlFilterValue) => apply({ [name]: value } as Partial<Record<K, UrlFilterValue>>),
    [apply],
  );
  const clearFilters = useCallback(
    (also: readonly string[] = []) =>
      apply(
        Object.fromEntries([...namesKey.split('\n'), ...also].map((name) => [name, undefined])) as Partial<
          Record<K, UrlFilterValue>
        >,
      ),
    [apply, namesKey],
  );

  return {
    values,
    active: Object.keys(values).length > 0,
    key: JSON.stringify(values),
    setFilter,
    setFilters: apply,
    clearFilters,
  };
}
