import type { Groupe } from 'shared/contract';
import { archiveReference, restoreReference, type Written } from '../../../lib/reference-api';
import { GROUPE_PATHS, type GroupeKind } from './groupe-kinds';

/** 409 with the French reason while the group still holds active hotels or clients. */
export function archiveGroupe(kind: GroupeKind, id: number): Promise<Written<Groupe>> {
  return archiveReference(GROUPE_PATHS[kind], id);
}

export function restoreGroupe(kind: GroupeKind, id: number): Promise<Written<Groupe>> {
  return restoreReference(GROUPE_PATHS[kind], id);
}
