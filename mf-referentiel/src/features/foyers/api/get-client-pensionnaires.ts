import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, listQueryString, pensionnaireKeys } from 'shared';
import { REFERENTIEL_PATHS, type Page, type Pensionnaire } from 'shared/contract';

/** Active residents of one client whose name contains `nom` (the choices of « Ajouter un membre »), 20 at most. */
export async function getClientPensionnaires(
  clientId: number,
  nom: string,
  signal?: AbortSignal,
): Promise<Pensionnaire[]> {
  const query = listQueryString({
    page: 1,
    pageSize: 20,
    sort: 'nom',
    search: nom.trim() ? { nom } : {},
  });
  const { data } = await apiClient.get<Page<Pensionnaire>>(
    `${REFERENTIEL_PATHS.pensionnaires}?clientId=${clientId}&${query}`,
    { signal },
  );
  return data.data;
}

/** Under the residents' list keys: a membership change (which invalidates `pensionnaireKeys.all`) refreshes it. */
export const clientPensionnairesQueryOptions = (clientId: number, nom: string) =>
  queryOptions({
    queryKey: pensionnaireKeys.list({ clientId, nom: nom.trim(), usage: 'foyer' }),
    queryFn: ({ signal }) => getClientPensionnaires(clientId, nom, signal),
    placeholderData: keepPreviousData,
  });

export const useClientPensionnaires = (clientId: number, nom: string, enabled: boolean) =>
  useQuery({ ...clientPensionnairesQueryOptions(clientId, nom), enabled });
