import type { Groupe, GroupeBody } from 'shared/contract';
import { createReference, updateReference, type Written } from '../../../lib/reference-api';
import { GROUPE_PATHS, type GroupeKind } from './groupe-kinds';

export function createGroupe(kind: GroupeKind, body: GroupeBody): Promise<Written<Groupe>> {
  return createReference(GROUPE_PATHS[kind], body);
}

export function updateGroupe(kind: GroupeKind, id: number, body: GroupeBody): Promise<Written<Groupe>> {
  return updateReference(GROUPE_PATHS[kind], id, body);
}
