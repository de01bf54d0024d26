import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

type SetSearchParams = ReturnType<typeof useSearchParams>[1];
type SearchParamsInit = Parameters<SetSearchParams>[0] extends infer I
  ? Exclude<I, (...args: never[]) => unknown>
  : never;

/** What `setSearchParams` takes (a record may repeat a key as an array) as URLSearchParams. */
function toSearchParams(init: SearchParamsInit): URLSearchParams {
  if (
    init === undefined ||
    typeof init === 'string' ||
    init instanceof URLSearchParams ||
    Array.isArray(init)
  )
    return new URLSearchParams(init as ConstructorParameters<typeof URLSearchParams>[0]);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init))
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  return params;
}

/** Session storage key of a list's last filters: one per route (`/dashboard/client-details/7` is its own). */
const STORAGE_PREFIX = 'ebas3.liste:';

/** Remembered, but not restored: a list opened again starts on its first page. */
const NOT_REMEMBERED = new Set(['page']);

/**
 * The URL parameters the lists of each route own (column searches, sort, page size, archived switch, the filters
 * above them): what is remembered, and what tells whether a URL already names filters. Registered while rendering,
 * so that every list of a page has declared its own before the first effect reads them.
 */
const listKeys = new Map<string, Set<string>>();

function keysOf(pathname: string): Set<string> {
  let keys = listKeys.get(pathname);
  if (keys === undefined) {
    keys = new Set();
    listKeys.set(pathname, keys);
  }
  return keys;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage disabled by the browser's privacy settings: lists simply forget.
    return null;
  }
}

function remembered(pathname: string): URLSearchParams | null {
  const stored = storage()?.getItem(STORAGE_PREFIX + pathname);
  return stored ? new URLSearchParams(stored) : null;
}

/** Keeps the list parameters of `params` for `pathname`; none left forgets the list. */
function remember(pathname: string, params: URLSearchParams): void {
  const keys = keysOf(pathname);
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (keys.has(key) && !NOT_REMEMBERED.has(key)) kept.append(key, value);
  const text = kept.toString();
  try {
    if (text === '') storage()?.removeItem(STORAGE_PREFIX + pathname);
    else storage()?.setItem(STORAGE_PREFIX + pathname, text);
  } catch {
    // Quota or disabled storage: the filters are simply not remembered.
  }
}

/**
 * `useSearchParams` for a list's own parameters (`keys`), remembered for its route in session storage: the list
 * opened again with none of its parameters in the URL — from the side menu, a breadcrumb, a card's « Retour » —
 * gets its last filters back (on its first page). Every change made through the returned setter is remembered at
 * once, so clearing the filters (« Réinitialiser les filtres », the last tag closed) forgets them; a URL that names
 * filters itself (a bookmark, a dashboard shortcut) wins and is remembered in turn. `useListQuery` and
 * `useUrlFilters` read the URL through it: every list has it.
 */
export function useRememberedSearchParams(keys: readonly string[]): [URLSearchParams, SetSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const { pathname } = location;
  const own = keysOf(pathname);
  for (const key of keys) own.add(key);

  // On each arrival at the route (a new history entry, the menu clicked again included).
  useEffect(() => {
    const named = [...keysOf(pathname)].some((key) => searchParams.has(key));
    if (named) {
      remember(pathname, searchParams);
      return;
    }
    const stored = remembered(pathname);
    if (stored === null) return;
    // Every list of the page restores the same stored set: their navigations agree.
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of stored) if (!next.has(key)) next.append(key, value);
        return next;
      },
      { replace: true },
    );
    // Only an arrival decides; the list's own changes are remembered by the setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, pathname]);

  const set = useCallback<SetSearchParams>(
    (next, options) =>
      setSearchParams((previous) => {
        const params = toSearchParams(typeof next === 'function' ? next(previous) : next);
        remember(pathname, params);
        return params;
      }, options),
    [setSearchParams, pathname],
  );
  return [searchParams, set];
}
