import { Tag } from 'antd';
import type { ReservationStatut } from '../contract/enums';
import { RESERVATION_STATUT_LABELS } from '../contract/reservation-values';

/** Colour of each stay status, the same on every screen that shows a stay. */
export const RESERVATION_STATUT_COLORS: Record<ReservationStatut, string> = {
  en_attente: 'gold',
  confirmee: 'blue',
  en_cours: 'green',
  terminee: 'default',
  annulee: 'red',
};

/**
 * A stay's status in French, coloured (« Terminée », not `terminee`), for the remotes that show stays of another
 * remote's (the request card, the household card); with `count`, « Confirmée : 3 ».
 */
export function ReservationStatutTag({ statut, count }: { statut: ReservationStatut; count?: number }) {
  const label = RESERVATION_STATUT_LABELS[statut] ?? statut;
  return (
    <Tag color={RESERVATION_STATUT_COLORS[statut]}>{count === undefined ? label : `${label} : ${count}`}</Tag>
  );
}
