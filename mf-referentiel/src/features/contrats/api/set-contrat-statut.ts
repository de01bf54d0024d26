import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import type { ContratStatut } from 'shared/contract';
import type { Written } from '../../../lib/reference-api';
import type { ContratDetail, ContratKind, ContratKindName } from '../kinds';

/** 409 « Transition impossible : … » outside CONTRAT_TRANSITIONS. */
export async function setContratStatut<K extends ContratKindName>({
  kind,
  id,
  statut,
}: {
  kind: ContratKind<K>;
  id: number;
  statut: ContratStatut;
}): Promise<Written<ContratDetail<K>>> {
  const { data } = await apiClient.put<Written<ContratDetail<K>>>(`${kind.path}/${id}/statut`, { statut });
  return data;
}

/** The card shows the new status at once; the kind's lists (status column and filter) refresh. */
export function useSetContratStatut(mutationConfig?: MutationConfig<typeof setContratStatut>) {
  return useWrite(
    setContratStatut,
    (queryClient, written, { kind }) => {
      queryClient.setQueryData(kind.keys.detail(written.data.id), written.data);
      return invalidate(queryClient, kind.keys.lists());
    },
    mutationConfig,
  );
}
