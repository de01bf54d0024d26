import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getPensionnaire(id: number, signal?: AbortSignal): Promise<Pensionnaire> {
  return getReference<Pensionnaire>(REFERENTIEL_PATHS.pensionnaires, id, signal);
}
