import { REFERENTIEL_PATHS, type Etablissement, type EtablissementBody } from 'shared/contract';
import { createReference, updateReference, type Written } from '../../../lib/reference-api';

export function createEtablissement(body: EtablissementBody): Promise<Written<Etablissement>> {
  return createReference(REFERENTIEL_PATHS.etablissements, body);
}

export function updateEtablissement(id: number, body: EtablissementBody): Promise<Written<Etablissement>> {
  return updateReference(REFERENTIEL_PATHS.etablissements, id, body);
}
