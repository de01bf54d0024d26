import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { archiveReference, restoreReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while the resident has a live reservation. */
export function archivePensionnaire(id: number): Promise<Written<Pensionnaire>> {
  return archiveReference(REFERENTIEL_PATHS.pensionnaires, id);
}

export function restorePensionnaire(id: number): Promise<Written<Pensionnaire>> {
  return restoreReference(REFERENTIEL_PATHS.pensionnaires, id);
}
