import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, disponibiliteKeys } from 'shared';
import { CONTRATS_SPEC_PATHS, type TypeChambreData, type TypeChambresAnswer } from 'shared/contract';

export interface TypesChambreCriteria {
  contratId: number;
  etablissementId: number;
  startDate: string;
  endDate: string;
}

/**
 * GET /contrat_etablissement/type_chambres/:contrat/:etablissement (the booking screen's call): the hotel contract's
 * room types with their purchase prices cut to the stay (per sub-period, meals included) and the rooms left.
 */
export async function getTypesChambre(
  { contratId, etablissementId, startDate, endDate }: TypesChambreCriteria,
  signal?: AbortSignal,
): Promise<TypeChambreData[]> {
  const { data } = await apiClient.get<TypeChambresAnswer>(
    `${CONTRATS_SPEC_PATHS.contratEtablissementTypeChambres}/${contratId}/${etablissementId}`,
    { params: { start_date: startDate, end_date: endDate }, signal },
  );
  return data.type_chambres_data;
}

export const typesChambreQueryOptions = (criteria: TypesChambreCriteria) =>
  queryOptions({
    queryKey: disponibiliteKeys.typesChambre(criteria),
    queryFn: ({ signal }) => getTypesChambre(criteria, signal),
  });

/** Nothing asked while `criteria` is null (no hotel chosen yet). */
export const useTypesChambre = (criteria: TypesChambreCriteria | null) =>
  useQuery({
    ...typesChambreQueryOptions(criteria ?? { contratId: 0, etablissementId: 0, startDate: '', endDate: '' }),
    enabled: criteria !== null,
  });
