import { getReference } from '../../../lib/reference-api';
import type { ContratDetail, ContratKind, ContratKindName } from '../kinds';

export function getContrat<K extends ContratKindName>(
  kind: ContratKind<K>,
  id: number,
  signal?: AbortSignal,
): Promise<ContratDetail<K>> {
  return getReference<ContratDetail<K>>(kind.path, id, signal);
}
