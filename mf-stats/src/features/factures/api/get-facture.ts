import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, useRecordQuery } from 'shared';
import { FACTURATION_PATHS, type ClientFacturation, type FactureDetail } from 'shared/contract';
import { facturationKeys } from './facturation-keys';

export const facturePath = (id: number) => `${FACTURATION_PATHS.factures}/${id}`;

/** GET /facturation/factures/:id: the card — lines, annex, nights, payments, credit notes, frozen document. */
export async function getFacture(id: number, signal?: AbortSignal): Promise<FactureDetail> {
  const { data } = await apiClient.get<FactureDetail>(facturePath(id), { signal });
  return data;
}

export const factureQueryOptions = (id: number) =>
  queryOptions({ queryKey: facturationKeys.detail(id), queryFn: ({ signal }) => getFacture(id, signal) });

/** The invoice (or credit note) of the route's `:id`. */
export function useFacture() {
  return useRecordQuery(factureQueryOptions);
}

/** GET /facturation/clients/:id: the billing details an invoice is sent to (`emailEffectif`). */
export async function getClientFacturation(id: number, signal?: AbortSignal): Promise<ClientFacturation> {
  const { data } = await apiClient.get<ClientFacturation>(`${FACTURATION_PATHS.clients}/${id}`, { signal });
  return data;
}

export const clientFacturationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: facturationKeys.client(id),
    queryFn: ({ signal }) => getClientFacturation(id, signal),
  });

export function useClientFacturation(id: number, enabled: boolean) {
  return useQuery({ ...clientFacturationQueryOptions(id), enabled });
}
