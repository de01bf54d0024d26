import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, contratClientDisponibleKeys, disponibiliteKeys } from 'shared';
import { CONTRATS_SPEC_PATHS } from 'shared/contract/values';
import type {
  ContratClientAvailableBody,
  ContratClientResume,
  ContratEtablissementAvailableBody,
  ContratsClientAnswer,
  ContratsEtablissementsAnswer,
} from 'shared/contract';

/** POST /contrat_client/available: the client's active contracts covering the whole stay (the contract calls). */
export async function getContratsClient(body: ContratClientAvailableBody, signal?: AbortSignal) {
  const { data } = await apiClient.post<ContratsClientAnswer>(
    CONTRATS_SPEC_PATHS.contratClientAvailable,
    body,
    {
      signal,
    },
  );
  return data.contrats;
}

export const contratsClientQueryOptions = (body: ContratClientAvailableBody) =>
  queryOptions<ContratClientResume[]>({
    queryKey: contratClientDisponibleKeys.period(body),
    queryFn: ({ signal }) => getContratsClient(body, signal),
  });

export const useContratsClient = (body: ContratClientAvailableBody) =>
  useQuery(contratsClientQueryOptions(body));

/**
 * POST /contrat_etablissement/available: hotels with a contract for the dates, their room types and rooms left, in
 * the scope `perimetre` asks around `ville` (the city's first), with the départements looked in.
 */
export async function getDisponibilites(body: ContratEtablissementAvailableBody, signal?: AbortSignal) {
  const { data } = await apiClient.post<ContratsEtablissementsAnswer>(
    CONTRATS_SPEC_PATHS.contratEtablissementAvailable,
    body,
    { signal },
  );
  return data;
}

export const disponibilitesQueryOptions = (body: ContratEtablissementAvailableBody) =>
  queryOptions<ContratsEtablissementsAnswer>({
    // Under disponibiliteKeys.all, so every stay written refreshes it; a leaf of its own, since it keeps the whole
    // answer where the booking screen's `etablissements` keeps the list.
    queryKey: [...disponibiliteKeys.all, 'perimetre', body],
    queryFn: ({ signal }) => getDisponibilites(body, signal),
  });

export const useDisponibilites = (body: ContratEtablissementAvailableBody) =>
  useQuery(disponibilitesQueryOptions(body));
