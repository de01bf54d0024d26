import { apiClient, demandeKeys, type ListLoader } from 'shared';
import { DEMANDES_PATHS } from 'shared/contract/values';
import type { DemandeFilters, DemandeItem, DemandeListAnswer, DemandeListBody } from 'shared/contract';

type Sort = DemandeListBody['sort'];

/** POST /demandes_hebergement: one page of requests for the body's page, sort, searches and filters (spec §7). */
export async function getDemandes(body: DemandeListBody, signal?: AbortSignal): Promise<DemandeListAnswer> {
  const { data } = await apiClient.post<DemandeListAnswer>(DEMANDES_PATHS.list, body, { signal });
  return data;
}

export function demandesLoader(filters: DemandeFilters): ListLoader<DemandeItem> {
  return async (params, signal) => {
    const answer = await getDemandes(
      {
        page: params.page,
        pageSize: params.pageSize,
        ...(params.sort ? { sort: params.sort as Sort, order: params.order ?? 'asc' } : {}),
        ...params.search,
        ...filters,
      },
      signal,
    );
    return { data: answer.demandes, total: answer.total };
  };
}

/** What `ResourceTable` needs: pages filed under `demandeKeys.lists()`, which every write on a request invalidates. */
export function demandesListSource(filters: DemandeFilters) {
  return {
    path: DEMANDES_PATHS.list,
    load: demandesLoader(filters),
    loadKey: JSON.stringify(filters),
    queryKey: demandeKeys.lists(),
  };
}
