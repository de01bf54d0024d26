import { REFERENTIEL_PATHS, type ClientBody, type Client } from 'shared/contract';
import { createReference, updateReference, type Written } from '../../../lib/reference-api';

export function createClient(body: ClientBody): Promise<Written<Client>> {
  return createReference(REFERENTIEL_PATHS.clients, body);
}

export function updateClient(id: number, body: ClientBody): Promise<Written<Client>> {
  return updateReference(REFERENTIEL_PATHS.clients, id, body);
}
