import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from 'shared';
import type { FactureHistoriqueAnswer, FactureHistoriqueEntry } from 'shared/contract';
import { facturationKeys } from './facturation-keys';
import { facturePath } from './get-facture';

/** GET /facturation/factures/:id/historique: who did what to the document, oldest first (the audit trail). */
export async function getFactureHistorique(
  id: number,
  signal?: AbortSignal,
): Promise<FactureHistoriqueEntry[]> {
  const { data } = await apiClient.get<FactureHistoriqueAnswer>(`${facturePath(id)}/historique`, { signal });
  return data.historique;
}

/** Under `facturationKeys.all`: every invoicing write (an issue, a payment, a credit note…) refreshes it. */
export const factureHistoriqueQueryOptions = (id: number) =>
  queryOptions({
    queryKey: facturationKeys.historique(id),
    queryFn: ({ signal }) => getFactureHistorique(id, signal),
  });

export function useFactureHistorique(id: number) {
  return useQuery(factureHistoriqueQueryOptions(id));
}
