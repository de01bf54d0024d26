import { clientKeys, invalidate, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { restoreReference, type Written } from '../../../lib/reference-api';

export function restoreClient(id: number): Promise<Written<Client>> {
  return restoreReference(REFERENTIEL_PATHS.clients, id);
}

/** The client is back in the active lists and the lookup. */
export function useRestoreClient(mutationConfig?: MutationConfig<typeof restoreClient>) {
  return useWrite(restoreClient, (queryClient) => invalidate(queryClient, clientKeys.all), mutationConfig);
}
