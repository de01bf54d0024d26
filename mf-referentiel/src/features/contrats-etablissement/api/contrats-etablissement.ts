import { apiClient } from 'shared';
import {
  CONTRATS_PATHS,
  type ContratEtablissementBody,
  type ContratEtablissementDetail,
  type ContratEtablissementUpdateBody,
  type ContratStatut,
} from 'shared/contract';
import { createReference, getReference, updateReference, type Written } from '../../../lib/reference-api';

const PATH = CONTRATS_PATHS.contratsEtablissement;

export function getContratEtablissement(
  id: number,
  signal?: AbortSignal,
): Promise<ContratEtablissementDetail> {
  return getReference<ContratEtablissementDetail>(PATH, id, signal);
}

export function createContratEtablissement(
  body: ContratEtablissementBody,
): Promise<Written<ContratEtablissementDetail>> {
  return createReference(PATH, body);
}

/** Replaces the header and every line (lines keep their `id`). */
export function updateContratEtablissement(
  id: number,
  body: ContratEtablissementUpdateBody,
): Promise<Written<ContratEtablissementDetail>> {
  return updateReference(PATH, id, body);
}

/** 409 « Transition impossible : … » outside CONTRAT_TRANSITIONS. */
export async function setContratEtablissementStatut(
  id: number,
  statut: ContratStatut,
): Promise<Written<ContratEtablissementDetail>> {
  const { data } = await apiClient.put<Written<ContratEtablissementDetail>>(`${PATH}/${id}/statut`, {
    statut,
  });
  return data;
}
