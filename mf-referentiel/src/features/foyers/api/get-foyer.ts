import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { FOYERS_PATHS, type FoyerDetail } from 'shared/contract';
import { foyerKeys } from './foyer-keys';

/** GET /foyers/:id: the household, its members, their stays and the requests. */
export async function getFoyer(id: number, signal?: AbortSignal): Promise<FoyerDetail> {
  const { data } = await apiClient.get<FoyerDetail>(`${FOYERS_PATHS.list}/${id}`, { signal });
  return data;
}

export const foyerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: foyerKeys.detail(id),
    queryFn: ({ signal }) => getFoyer(id, signal),
  });

export function useFoyer(id: number, queryConfig?: QueryConfig<typeof foyerQueryOptions>) {
  return useQuery({ ...foyerQueryOptions(id), ...queryConfig });
}
