import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StatsQuery } from 'shared/contract';
import { paramsOfQuery, queryFromParams } from './period';

/** The screen's filters, read from and written to the URL (a link or a reload shows the same figures). */
export function useStatsQuery(months = 12): [StatsQuery, (query: StatsQuery) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const query = useMemo(() => queryFromParams(params, months), [key, months]);
  return [query, (next) => setParams(paramsOfQuery(next), { replace: false })];
}
