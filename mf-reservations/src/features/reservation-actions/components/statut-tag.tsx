import { Tag } from 'antd';
import {
  RESERVATION_STATUT_LABELS,
  TYPE_RESA_LABELS,
  type ReservationStatut,
  type TypeResa,
} from 'shared/contract';

const COLORS: Record<ReservationStatut, string> = {
  en_attente: 'gold',
  confirmee: 'blue',
  en_cours: 'green',
  terminee: 'default',
  annulee: 'red',
};

/** The status of a stay, in French, coloured. */
export function StatutTag({ statut }: { statut: ReservationStatut }) {
  return <Tag color={COLORS[statut]}>{RESERVATION_STATUT_LABELS[statut]}</Tag>;
}

/** « Initiale » / « Prolongation ». */
export function TypeResaTag({ type }: { type: TypeResa }) {
  return <Tag color={type === 'prolongation' ? 'purple' : 'cyan'}>{TYPE_RESA_LABELS[type]}</Tag>;
}
