import { apiClient } from 'shared';
import {
  CONTRATS_PATHS,
  type ContratClientBody,
  type ContratClientDetail,
  type ContratClientUpdateBody,
  type ContratStatut,
} from 'shared/contract';
import { createReference, getReference, updateReference, type Written } from '../../../lib/reference-api';

const PATH = CONTRATS_PATHS.contratsClients;

export function getContratClient(id: number, signal?: AbortSignal): Promise<ContratClientDetail> {
  return getReference<ContratClientDetail>(PATH, id, signal);
}

export function createContratClient(body: ContratClientBody): Promise<Written<ContratClientDetail>> {
  return createReference(PATH, body);
}

/** Replaces the header and every line (lines keep their `id`). */
export function updateContratClient(
  id: number,
  body: ContratClientUpdateBody,
): Promise<Written<ContratClientDetail>> {
  return updateReference(PATH, id, body);
}

/** 409 « Transition impossible : … » outside CONTRAT_TRANSITIONS. */
export async function setContratClientStatut(
  id: number,
  statut: ContratStatut,
): Promise<Written<ContratClientDetail>> {
  const { data } = await apiClient.put<Written<ContratClientDetail>>(`${PATH}/${id}/statut`, { statut });
  return data;
}
