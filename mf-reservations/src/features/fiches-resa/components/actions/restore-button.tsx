import { UndoOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from 'shared';
import {
  MAX_MOTIF_ANNULATION,
  MOTIF_RETABLISSEMENT_REQUIS,
  RESERVATION_STATUT_LABELS,
} from 'shared/contract/values';
import type { Retablissement } from 'shared/contract';
import { ConfirmWriteButton } from 'shared/ui';
import { useRestoreReservation } from '../../api/restore-reservation';

export interface RestoreButtonProps {
  retablissement: Retablissement;
  /** The stay's version as read (the card's): a write made meanwhile answers 409. */
  version?: number;
  size?: 'small' | 'middle';
}

const WHAT: Record<Retablissement['type'], string> = {
  annulation: "l'annulation",
  depart_anticipe: 'le départ anticipé',
  no_show: "l'annulation pour absence dès la première nuit (no-show)",
};

const nights = (count: number) => `${count} nuit${count > 1 ? 's' : ''}`;

/** What « Rétablir » will do, in the words of the card: what it undoes, what the stay gets back, who is told. */
export function restoreDescription(r: Retablissement): string {
  const extensions = r.reservation_ids.length - 1;
  const withExtensions =
    extensions > 0
      ? ` (avec ${extensions} prolongation${extensions > 1 ? 's' : ''} annulée${extensions > 1 ? 's' : ''} en même temps)`
      : '';
  const booked =
    r.premiere_nuit === null
      ? ''
      : `, ${nights(r.nuits)} de nouveau réservée${r.nuits > 1 ? 's' : ''} à partir du ${formatDate(r.premiere_nuit)}${withExtensions}`;
  return (
    `Rétablir ${WHAT[r.type]} du ${formatDateTime(r.le)} (possible jusqu'au ${formatDate(r.jusqu_au)} inclus) : ` +
    `la réservation n° ${r.reservation_id} retrouve le statut « ${RESERVATION_STATUT_LABELS[r.statut]} » et son ` +
    `départ du ${formatDate(r.date_fin)}${booked}. Les nuits, la chambre et les contrats sont vérifiés de nouveau ; ` +
    `l’établissement reçoit un avis de rétablissement.`
  );
}

/** « Rétablir »: confirms what it will do and asks the reason, then PUT /reservations/retablissement/:id. */
export function RestoreButton({ retablissement: r, version, size }: RestoreButtonProps) {
  const restore = useRestoreReservation();
  return (
    <ConfirmWriteButton
      title={`Rétablir la réservation n° ${r.reservation_id}`}
      description={restoreDescription(r)}
      okText="Rétablir"
      reason={{
        label: 'Motif du rétablissement',
        requiredMessage: MOTIF_RETABLISSEMENT_REQUIS,
        maxLength: MAX_MOTIF_ANNULATION,
        placeholder: 'Conservé dans l’historique de la réservation',
      }}
      buttonProps={{ icon: <UndoOutlined />, size }}
      onConfirm={(motif) =>
        restore.mutateAsync({
          id: r.reservation_id,
          body: { motif: motif ?? '', ...(version === undefined ? {} : { version }) },
        })
      }
    >
      Rétablir
    </ConfirmWriteButton>
  );
}
