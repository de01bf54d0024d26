import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getEtablissement(id: number, signal?: AbortSignal): Promise<Etablissement> {
  return getReference<Etablissement>(REFERENTIEL_PATHS.etablissements, id, signal);
}
