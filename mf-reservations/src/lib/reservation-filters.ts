import { useMemo } from 'react';
import { useUrlFilters, type UrlFiltersState } from 'shared/ui';
import {
  ETATS_PAIEMENT,
  ETATS_FILTRE,
  JOURS_FILTRE,
  RESERVATION_STATUTS,
  TYPES_RESA,
} from 'shared/contract/values';
import type { ReservationFilters } from 'shared/contract';
import { periodOf } from './period-filter';

/** The list's extra filters, each in the URL under the API field's own name (bookmarkable). */
export const RESERVATION_URL_FILTERS = [
  'statut',
  'type_resa',
  'client_id',
  'etablissement_id',
  'start_date',
  'end_date',
  'etat_payment_paf',
  'etat_payment_caf',
  'etat',
  'jours',
  'numero_dossier',
] as const;
export type ReservationUrlFilter = (typeof RESERVATION_URL_FILTERS)[number];

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

function id(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/**
 * The API filters of the URL values. Values a hand-edited URL got wrong are left out rather than sent (the API
 * would answer 400); the paid streams are implied by a payment-state filter (`status_paf: true`).
 */
export function toReservationFilters(values: Partial<Record<ReservationUrlFilter, string | string[]>>) {
  const filters: ReservationFilters = {};
  const statuts = [values.statut ?? []]
    .flat()
    .map((value) => oneOf(RESERVATION_STATUTS, value))
    .filter((value) => value !== undefined);
  if (statuts.length > 0) filters.statut = [...new Set(statuts)];
  const typeResa = oneOf(TYPES_RESA, values.type_resa);
  if (typeResa) filters.type_resa = typeResa;
  const clientId = id(values.client_id);
  if (clientId) filters.client_id = clientId;
  const etablissementId = id(values.etablissement_id);
  if (etablissementId) filters.etablissement_id = etablissementId;
  Object.assign(filters, periodOf(values));
  const paf = oneOf(ETATS_PAIEMENT, values.etat_payment_paf);
  if (paf) Object.assign(filters, { status_paf: true, etat_payment_paf: paf });
  const caf = oneOf(ETATS_PAIEMENT, values.etat_payment_caf);
  if (caf) Object.assign(filters, { status_caf: true, etat_payment_caf: caf });
  const etat = oneOf(ETATS_FILTRE, values.etat);
  if (etat) filters.etat = etat;
  const jours = oneOf(JOURS_FILTRE, values.jours);
  if (jours) filters.jours = jours;
  const dossier = typeof values.numero_dossier === 'string' ? values.numero_dossier.trim().slice(0, 100) : '';
  if (dossier) filters.numero_dossier = dossier;
  return filters;
}

export interface ReservationFiltersState extends UrlFiltersState<ReservationUrlFilter> {
  /** The API body's filter fields. */
  filters: ReservationFilters;
}

/** The reservation filters kept in the URL, and the API filters they mean. */
export function useReservationFilters(): ReservationFiltersState {
  const state = useUrlFilters(RESERVATION_URL_FILTERS, { multiple: ['statut'] });
  const filters = useMemo(() => toReservationFilters(state.values), [state.values]);
  return { ...state, filters };
}
