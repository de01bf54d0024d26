import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, reservationKeys, type QueryConfig } from 'shared';
import { ROOMING_PATHS } from 'shared/contract/values';
import type { PointageListAnswer, PointageListBody } from 'shared/contract';

/** POST /reservations/pointage_nuitees: one page of stays with their nights, for the three pointage screens. */
export async function getPointageNuitees(
  body: PointageListBody,
  signal?: AbortSignal,
): Promise<PointageListAnswer> {
  const { data } = await apiClient.post<PointageListAnswer>(ROOMING_PATHS.pointageNuitees, body, { signal });
  return data;
}

/**
 * Filed under `reservationKeys.lists()`: every write on a stay (ours, the stay card's, a booking) refreshes it,
 * and ours refresh the dashboard counters with it.
 */
export const pointageNuiteesQueryOptions = (body: PointageListBody) =>
  queryOptions({
    queryKey: reservationKeys.list({ pointage: body }),
    queryFn: ({ signal }) => getPointageNuitees(body, signal),
    // The rows stay on screen while the next page or day arrives: the focused row does not jump.
    placeholderData: keepPreviousData,
  });

export function usePointageNuitees(
  body: PointageListBody,
  queryConfig?: QueryConfig<typeof pointageNuiteesQueryOptions>,
) {
  return useQuery({ ...pointageNuiteesQueryOptions(body), ...queryConfig });
}
