import { REFERENTIEL_PATHS, type TypeChambre } from 'shared/contract';
import { archiveReference, restoreReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while open contracts or live reservations use the room type. */
export function archiveTypeChambre(id: number): Promise<Written<TypeChambre>> {
  return archiveReference(REFERENTIEL_PATHS.typesChambre, id);
}

export function restoreTypeChambre(id: number): Promise<Written<TypeChambre>> {
  return restoreReference(REFERENTIEL_PATHS.typesChambre, id);
}
