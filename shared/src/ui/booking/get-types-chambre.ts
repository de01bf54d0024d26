import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRATS_SPEC_PATHS } from 'shared/contract/values';
import type { TypeChambreData, TypeChambresAnswer } from 'shared/contract';
import { apiClient } from '../../api/api-client';
import type { QueryConfig } from '../../api/query-client';
import { disponibiliteKeys } from '../../api/query-keys';

export interface TypesChambreCriteria {
  contratId: number;
  etablissementId: number;
  startDate: string;
  endDate: string;
}

/**
 * GET /contrat_etablissement/type_chambres/:contrat/:etablissement: the hotel contract's room types with their
 * purchase prices cut to the stay (per sub-period, meals included) and the rooms left. Read by mf-reservations'
 * booking screen and mf-demandes' « Traiter » assistant (a remote never imports another).
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

/** Under `disponibiliteKeys`: free rooms change with every stay written. */
export const typesChambreQueryOptions = (criteria: TypesChambreCriteria) =>
  queryOptions({
    queryKey: disponibiliteKeys.typesChambre(criteria),
    queryFn: ({ signal }) => getTypesChambre(criteria, signal),
  });

/** Nothing asked while `criteria` is null (hotel or dates not chosen). */
export function useTypesChambre(
  criteria: TypesChambreCriteria | null,
  queryConfig?: QueryConfig<typeof typesChambreQueryOptions>,
) {
  return useQuery({
    ...typesChambreQueryOptions(criteria ?? { contratId: 0, etablissementId: 0, startDate: '', endDate: '' }),
    enabled: criteria !== null,
    ...queryConfig,
  });
}
