import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { archiveReference, restoreReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while the hotel still has open contracts or live reservations. */
export function archiveEtablissement(id: number): Promise<Written<Etablissement>> {
  return archiveReference(REFERENTIEL_PATHS.etablissements, id);
}

export function restoreEtablissement(id: number): Promise<Written<Etablissement>> {
  return restoreReference(REFERENTIEL_PATHS.etablissements, id);
}
