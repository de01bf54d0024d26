import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getClient(id: number, signal?: AbortSignal): Promise<Client> {
  return getReference<Client>(REFERENTIEL_PATHS.clients, id, signal);
}
