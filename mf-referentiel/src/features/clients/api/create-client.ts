import { clientKeys, invalidate, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Client, type ClientBody } from 'shared/contract';
import { createReference, type Written } from '../../../lib/reference-api';

export function createClient(body: ClientBody): Promise<Written<Client>> {
  return createReference(REFERENTIEL_PATHS.clients, body);
}

/** A new client: the client lists and the clients lookup (every client Select) refresh. */
export function useCreateClient(mutationConfig?: MutationConfig<typeof createClient>) {
  return useWrite(
    createClient,
    (queryClient) => invalidate(queryClient, clientKeys.lists(), clientKeys.lookups()),
    mutationConfig,
  );
}
