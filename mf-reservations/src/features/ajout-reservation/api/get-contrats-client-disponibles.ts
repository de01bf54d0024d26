import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { CONTRATS_SPEC_PATHS } from 'shared/contract/values';
import type { ContratClientAvailableBody, ContratClientResume, ContratsClientAnswer } from 'shared/contract';
import { contratClientDisponibleKeys } from '../../../lib/api/query-keys';

/** POST /contrat_client/available: the client's active contracts covering the whole stay. */
export async function getContratsClientDisponibles(
  body: ContratClientAvailableBody,
  signal?: AbortSignal,
): Promise<ContratClientResume[]> {
  const { data } = await apiClient.post<ContratsClientAnswer>(
    CONTRATS_SPEC_PATHS.contratClientAvailable,
    body,
    {
      signal,
    },
  );
  return data.contrats;
}

export const contratsClientDisponiblesQueryOptions = (body: ContratClientAvailableBody) =>
  queryOptions({
    queryKey: contratClientDisponibleKeys.period(body),
    queryFn: ({ signal }) => getContratsClientDisponibles(body, signal),
  });

/** Nothing asked while `body` is null (client or dates not chosen). */
export function useContratsClientDisponibles(
  body: ContratClientAvailableBody | null,
  queryConfig?: QueryConfig<typeof contratsClientDisponiblesQueryOptions>,
) {
  return useQuery({
    ...contratsClientDisponiblesQueryOptions(body ?? { client_id: 0, start_date: '', end_date: '' }),
    enabled: body !== null,
    ...queryConfig,
  });
}
