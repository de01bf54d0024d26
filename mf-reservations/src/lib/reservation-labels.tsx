import { Tag } from 'antd';
import { formatNumber, formatPeriod } from 'shared';
import {
  ETAT_PAIEMENT_LABELS,
  FLUX_PAIEMENT_LABELS,
  RESERVATION_STATUT_LABELS,
  RESERVATION_STATUTS,
  TYPE_RESA_LABELS,
} from 'shared/contract/values';
import type { EtatPaiement, FluxPaiement, ReservationIntegraleItem, TypeResa } from 'shared/contract';

const ETAT_PAIEMENT_COLORS: Record<EtatPaiement, string> = {
  a_verifier: 'orange',
  paye: 'green',
  non_paye: 'red',
};

/** « Initiale » / « Prolongation ». */
export function TypeResaTag({ type }: { type: TypeResa }) {
  return <Tag color={type === 'prolongation' ? 'purple' : 'cyan'}>{TYPE_RESA_LABELS[type]}</Tag>;
}

/** « PAF : À vérifier »: the payment state of one stream. */
export function EtatPaiementTag({ flux, etat }: { flux: FluxPaiement; etat: EtatPaiement }) {
  return (
    <Tag color={ETAT_PAIEMENT_COLORS[etat]}>
      {FLUX_PAIEMENT_LABELS[flux]} : {ETAT_PAIEMENT_LABELS[etat]}
    </Tag>
  );
}

export const STATUT_OPTIONS = RESERVATION_STATUTS.map((value) => ({
  value,
  label: RESERVATION_STATUT_LABELS[value],
}));
export const TYPE_RESA_OPTIONS = (Object.keys(TYPE_RESA_LABELS) as TypeResa[]).map((value) => ({
  value,
  label: TYPE_RESA_LABELS[value],
}));
export const ETAT_PAIEMENT_OPTIONS = (Object.keys(ETAT_PAIEMENT_LABELS) as EtatPaiement[]).map((value) => ({
  value,
  label: ETAT_PAIEMENT_LABELS[value],
}));

/** « 3 réservations », « 1 réservation », « 0 réservation ». */
export function countLabel(total: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(total)} ${total > 1 ? plural : singular}`;
}

/** « 3 nuits », « 1 nuit ». */
export const nuits = (count: number) => countLabel(count, 'nuit');

type IntegralePeriod = Pick<
  ReservationIntegraleItem,
  'date_debut' | 'date_fin' | 'nombre_reservations' | 'statuts'
>;

/** Every stay of the full reservation is cancelled: its period is then its original dates (docs/domain.md). */
export const integraleAnnulee = (integrale: IntegralePeriod) =>
  integrale.nombre_reservations > 0 && integrale.statuts.annulee === integrale.nombre_reservations;

/** The period of a full reservation (the span of its live stays), marked « Annulée » when none is left. */
export function IntegralePeriode({ integrale }: { integrale: IntegralePeriod }) {
  return (
    <>
      {formatPeriod(integrale.date_debut, integrale.date_fin)}
      {integraleAnnulee(integrale) && (
        <Tag color="red" style={{ marginInlineStart: 8 }}>
          Annulée
        </Tag>
      )}
    </>
  );
}
