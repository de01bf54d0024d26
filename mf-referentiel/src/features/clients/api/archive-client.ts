import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { archiveReference, restoreReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while the client has open contracts, live reservations or active residents. */
export function archiveClient(id: number): Promise<Written<Client>> {
  return archiveReference(REFERENTIEL_PATHS.clients, id);
}

export function restoreClient(id: number): Promise<Written<Client>> {
  return restoreReference(REFERENTIEL_PATHS.clients, id);
}
