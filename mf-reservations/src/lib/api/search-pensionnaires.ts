import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { CONTRATS_SPEC_PATHS } from 'shared/contract/values';
import type { PensionnairesAnswer, PensionnaireTrouve } from 'shared/contract';
import { pensionnaireSearchKeys } from './query-keys';

export interface PensionnaireSearch {
  clientId: number;
  /** The sale contract that would house them. */
  contratId: number;
  /** Name, first name or file number; several words narrow the search. */
  search: string;
  /**
   * The stay being booked: `deja_heberge` says whether a resident already has one of its nights,
   * [startDate, endDate) (the one-bed-per-night rule). Without startDate, from today.
   */
  startDate?: string;
  endDate?: string;
}

/** GET /contrat_client/pensionnaires/search/:client/:contrat: the booking's and the full reservation's search. */
export async function searchPensionnaires(
  { clientId, contratId, search, startDate, endDate }: PensionnaireSearch,
  signal?: AbortSignal,
): Promise<PensionnaireTrouve[]> {
  const { data } = await apiClient.get<PensionnairesAnswer>(
    `${CONTRATS_SPEC_PATHS.contratClientPensionnairesSearch}/${clientId}/${contratId}`,
    {
      params: {
        ...(search.trim() ? { search: search.trim() } : {}),
        ...(startDate ? { start_date: startDate } : {}),
        ...(endDate ? { end_date: endDate } : {}),
      },
      signal,
    },
  );
  return data.pensionnaires;
}

export const searchPensionnairesQueryOptions = (criteria: PensionnaireSearch) =>
  queryOptions({
    queryKey: pensionnaireSearchKeys.search({ ...criteria, search: criteria.search.trim() }),
    queryFn: ({ signal }) => searchPensionnaires(criteria, signal),
    // The previous answer stays shown while the next word is searched: no flicker while typing.
    placeholderData: keepPreviousData,
  });

/** The residents matching the criteria (nothing asked while `criteria` is null). */
export function useSearchPensionnaires(
  criteria: PensionnaireSearch | null,
  queryConfig?: QueryConfig<typeof searchPensionnairesQueryOptions>,
) {
  return useQuery({
    ...searchPensionnairesQueryOptions(criteria ?? { clientId: 0, contratId: 0, search: '' }),
    enabled: criteria !== null,
    ...queryConfig,
  });
}
