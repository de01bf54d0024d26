import { REFERENTIEL_PATHS, type TypeChambre, type TypeChambreBody } from 'shared/contract';
import { createReference, updateReference, type Written } from '../../../lib/reference-api';

export function createTypeChambre(body: TypeChambreBody): Promise<Written<TypeChambre>> {
  return createReference(REFERENTIEL_PATHS.typesChambre, body);
}

export function updateTypeChambre(id: number, body: TypeChambreBody): Promise<Written<TypeChambre>> {
  return updateReference(REFERENTIEL_PATHS.typesChambre, id, body);
}
