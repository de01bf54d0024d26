import { clientKeys, contratClientKeys, invalidate, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Client, type ClientBody } from 'shared/contract';
import { updateReference, type Written } from '../../../lib/reference-api';

export function updateClient({ id, body }: { id: number; body: ClientBody }): Promise<Written<Client>> {
  return updateReference(REFERENTIEL_PATHS.clients, id, body);
}

/**
 * The card shows the answer at once; the lists and the lookup refresh, and so do the sale contracts, which carry
 * the client's name.
 */
export function useUpdateClient(mutationConfig?: MutationConfig<typeof updateClient>) {
  return useWrite(
    updateClient,
    (queryClient, written) => {
      queryClient.setQueryData(clientKeys.detail(written.data.id), written.data);
      return invalidate(queryClient, clientKeys.all, contratClientKeys.all);
    },
    mutationConfig,
  );
}
