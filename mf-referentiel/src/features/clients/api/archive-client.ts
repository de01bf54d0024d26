import { clientKeys, invalidate, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { archiveReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while the client has open contracts, live reservations or active residents. */
export function archiveClient(id: number): Promise<Written<Client>> {
  return archiveReference(REFERENTIEL_PATHS.clients, id);
}

/** The client leaves the active lists and the lookup; its card shows it archived. */
export function useArchiveClient(mutationConfig?: MutationConfig<typeof archiveClient>) {
  return useWrite(archiveClient, (queryClient) => invalidate(queryClient, clientKeys.all), mutationConfig);
}
