import { createReference, updateReference, type Written } from '../../../lib/reference-api';
import type { ContratBody, ContratDetail, ContratKind, ContratKindName } from '../kinds';

/** Creates a contract (brouillon) with its lines. */
export function createContrat<K extends ContratKindName>(
  kind: ContratKind<K>,
  body: ContratBody<K>,
): Promise<Written<ContratDetail<K>>> {
  return createReference(kind.path, body);
}

/** Replaces the header and every line (lines keep their `id`). */
export function updateContrat<K extends ContratKindName>(
  kind: ContratKind<K>,
  id: number,
  body: ContratBody<K>,
): Promise<Written<ContratDetail<K>>> {
  return updateReference(kind.path, id, body);
}
