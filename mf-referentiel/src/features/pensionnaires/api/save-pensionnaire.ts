import { REFERENTIEL_PATHS, type PensionnaireBody, type Pensionnaire } from 'shared/contract';
import { createReference, updateReference, type Written } from '../../../lib/reference-api';

export function createPensionnaire(body: PensionnaireBody): Promise<Written<Pensionnaire>> {
  return createReference(REFERENTIEL_PATHS.pensionnaires, body);
}

export function updatePensionnaire(id: number, body: PensionnaireBody): Promise<Written<Pensionnaire>> {
  return updateReference(REFERENTIEL_PATHS.pensionnaires, id, body);
}
