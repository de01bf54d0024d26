import { listQueryOptions } from 'shared';
import { FACTURATION_PATHS, type FactureQuery, type ListParams } from 'shared/contract';
import { facturationKeys } from './facturation-keys';

/** The filters of the list bar as the API's query takes them (the paging and sort come from the table). */
export type FactureFilters = Omit<FactureQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

/** `/facturation/factures?type=…&statut=…`: the table adds its page and sort to it (`listUrl`). */
export function facturesPath(filters: FactureFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${FACTURATION_PATHS.factures}?${text}` : FACTURATION_PATHS.factures;
}

/** `ResourceTable`'s source for GET /facturation/factures with the bar's filters. */
export function facturesListSource(filters: FactureFilters) {
  return { path: facturesPath(filters), queryKey: facturationKeys.lists() };
}

/** One page of invoices or credit notes, under the key `ResourceTable` files it. */
export const facturesQueryOptions = (filters: FactureFilters, params: ListParams) =>
  listQueryOptions({ ...facturesListSource(filters), params });
