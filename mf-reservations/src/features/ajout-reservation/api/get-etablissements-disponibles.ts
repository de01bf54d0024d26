import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { CONTRATS_SPEC_PATHS } from 'shared/contract/values';
import type {
  ContratEtablissementAvailableBody,
  ContratsEtablissementsAnswer,
  DisponibiliteEtablissement,
} from 'shared/contract';
import { disponibiliteKeys } from '../../../lib/api/query-keys';

/** POST /contrat_etablissement/available: hotels whose active contract prices every night, with free room types. */
export async function getEtablissementsDisponibles(
  body: ContratEtablissementAvailableBody,
  signal?: AbortSignal,
): Promise<DisponibiliteEtablissement[]> {
  const { data } = await apiClient.post<ContratsEtablissementsAnswer>(
    CONTRATS_SPEC_PATHS.contratEtablissementAvailable,
    body,
    { signal },
  );
  return data.contrats_etablissements;
}

/** Under `disponibiliteKeys`: every stay written (rooms taken or freed) and every contract edited refresh it. */
export const etablissementsDisponiblesQueryOptions = (body: ContratEtablissementAvailableBody) =>
  queryOptions({
    queryKey: disponibiliteKeys.etablissements(body),
    queryFn: ({ signal }) => getEtablissementsDisponibles(body, signal),
  });

/** Nothing asked while `body` is null (dates not chosen). */
export function useEtablissementsDisponibles(
  body: ContratEtablissementAvailableBody | null,
  queryConfig?: QueryConfig<typeof etablissementsDisponiblesQueryOptions>,
) {
  return useQuery({
    ...etablissementsDisponiblesQueryOptions(body ?? { start_date: '', end_date: '' }),
    enabled: body !== null,
    ...queryConfig,
  });
}
