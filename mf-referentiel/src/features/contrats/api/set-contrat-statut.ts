import { apiClient } from 'shared';
import type { ContratStatut } from 'shared/contract';
import type { Written } from '../../../lib/reference-api';
import type { ContratDetail, ContratKind, ContratKindName } from '../kinds';

/** 409 « Transition impossible : … » outside CONTRAT_TRANSITIONS. */
export async function setContratStatut<K extends ContratKindName>(
  kind: ContratKind<K>,
  id: number,
  statut: ContratStatut,
): Promise<Written<ContratDetail<K>>> {
  const { data } = await apiClient.put<Written<ContratDetail<K>>>(`${kind.path}/${id}/statut`, { statut });
  return data;
}
