import { useMemo } from 'react';
import { useRememberedSearchParams } from 'shared/ui';
import type { StatsQuery } from 'shared/contract';
import { paramsOfQuery, queryFromParams } from './period';

export interface StatsQueryState {
  query: StatsQuery;
  setQuery: (query: StatsQuery) => void;
  /** The URL names a period, a client or a hotel: the screen is not on its defaults. */
  filtered: boolean;
  reset: () => void;
}

/** The URL parameters of the stats screens, remembered for each (`useRememberedSearchParams`). */
const STATS_PARAMS = ['debut', 'fin', 'clientId', 'etablissementId'];

/**
 * The screen's filters, read from and written to the URL (a link or a reload shows the same figures), remembered
 * for the screen when it is opened again without any.
 */
export function useStatsQuery(months = 12): StatsQueryState {
  const [params, setParams] = useRememberedSearchParams(STATS_PARAMS);
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const query = useMemo(() => queryFromParams(params, months), [key, months]);
  return {
    query,
    setQuery: (next) => setParams(paramsOfQuery(next), { replace: false }),
    filtered: STATS_PARAMS.some((name) => params.has(name)),
    // Back to the default period, every client and hotel; forgotten for the screen too.
    reset: () => setParams(new URLSearchParams(), { replace: false }),
  };
}
