import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, demandeKeys } from 'shared';
import {
  COMMUNICATION_PATHS,
  DEMANDES_PATHS,
  type Communication,
  type CommunicationsAnswer,
  type DemandeItem,
  type DemandeListAnswer,
} from 'shared/contract';

/** POST /demandes_hebergement { pensionnaire_id }: the requests naming the resident, newest first. */
export async function getPensionnaireDemandes(id: number, signal?: AbortSignal): Promise<DemandeItem[]> {
  const { data } = await apiClient.post<DemandeListAnswer>(
    DEMANDES_PATHS.list,
    { page: 1, pageSize: 50, pensionnaire_id: id },
    { signal },
  );
  return data.demandes;
}

/** Under the requests' keys: an action on a request refreshes the resident card too. */
export const pensionnaireDemandesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: demandeKeys.list({ pensionnaire_id: id }),
    queryFn: ({ signal }) => getPensionnaireDemandes(id, signal),
  });

export const usePensionnaireDemandes = (id: number) => useQuery(pensionnaireDemandesQueryOptions(id));

/** GET /communication/pensionnaire/:id: the documents about the resident or the requests naming them. */
export async function getPensionnaireCommunications(
  id: number,
  signal?: AbortSignal,
): Promise<Communication[]> {
  const { data } = await apiClient.get<CommunicationsAnswer>(`${COMMUNICATION_PATHS.pensionnaire}/${id}`, {
    signal,
  });
  return data.communications;
}

export const pensionnaireCommunicationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: demandeKeys.communicationsOfResident(id),
    queryFn: ({ signal }) => getPensionnaireCommunications(id, signal),
  });

export const usePensionnaireCommunications = (id: number) =>
  useQuery(pensionnaireCommunicationsQueryOptions(id));
