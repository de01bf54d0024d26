import { isApiDate } from 'shared';
import { FACTURE_STATUTS, type FactureStatut, type FactureType } from 'shared/contract';
import type { FactureFilters } from '../api/get-factures';

/**
 * The list filters kept in the URL, under the API's own names (docs/invoicing.md; the dashboard's counters link to
 * them): `Factures?enRetard=1&statut=emise&clientId=2&periodeDebut=…&periodeFin=…&numero=…`.
 */
export const FACTURE_URL_FILTERS = [
  'statut',
  'clientId',
  'periodeDebut',
  'periodeFin',
  'numero',
  'enRetard',
] as const;
export type FactureUrlFilter = (typeof FACTURE_URL_FILTERS)[number];

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The API query of the URL's filters for one kind of document. What a hand-edited URL gets wrong (an unknown state,
 * a malformed day or id) is left out rather than sent for a 400.
 */
export function filtersOf(
  type: FactureType,
  values: Partial<Record<FactureUrlFilter, string | string[]>>,
): FactureFilters {
  const filters: FactureFilters = { type };
  const statut = one(values.statut);
  if (type === 'facture' && (FACTURE_STATUTS as readonly string[]).includes(statut ?? ''))
    filters.statut = statut as FactureStatut;
  const clientId = one(values.clientId);
  if (clientId && /^[1-9]\d{0,8}$/.test(clientId)) filters.clientId = Number(clientId);
  for (const key of ['periodeDebut', 'periodeFin'] as const) {
    const day = one(values[key]);
    if (isApiDate(day)) filters[key] = day;
  }
  const numero = one(values.numero)?.trim();
  if (numero) filters.numero = numero.slice(0, 20);
  const enRetard = one(values.enRetard);
  if (type === 'facture' && (enRetard === '1' || enRetard === 'true')) filters.enRetard = true;
  return filters;
}
