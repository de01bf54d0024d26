import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from 'shared';
import { parisToday } from 'shared/contract/values';
import type { PointageReservation } from 'shared/contract';

export interface NoShowDialogProps {
  stay: PointageReservation;
  /** The first night, marked absent. */
  night: string;
  saving: boolean;
  onConfirm: (cancelRest: boolean) => void;
  onCancel: () => void;
}

/**
 * An arrival that never came (absent on the first night): confirm the absence and offer to cancel the remaining
 * nights (from today on: the API cancels them in the same transaction and releases the allotment) — unticked until
 * the agent ticks it, the primary button then naming both. A stay that ends today or before has none: only the
 * absence is recorded.
 */
export function NoShowDialog({ stay, night, saving, onConfirm, onCancel }: NoShowDialogProps) {
  const today = parisToday();
  const hasRest = today < stay.date_fin;
  // Unticked: the least destructive choice is the default; cancelling the rest frees nights that cannot be got back.
  const [cancelRest, setCancelRest] = useState(false);
  const who = `${stay.pensionnaire_nom.toLocaleUpperCase('fr')} ${stay.pensionnaire_prenom}`;
  return (
    <Modal
      open
      title="Arrivée non présentée"
      okText={hasRest && cancelRest ? "Confirmer l'absence et annuler la suite" : "Confirmer l'absence"}
      cancelText="Annuler"
      okButtonProps={{ danger: true, loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onOk={() => onConfirm(hasRest && cancelRest)}
      onCancel={onCancel}
      mask={{ closable: !saving }}
    >
      <Typography.Paragraph>
        {who} ne s'est pas présenté(e) le {formatDate(night)}, première nuit du séjour à{' '}
        {stay.etablissement_nom} (départ prévu le {formatDate(stay.date_fin)}).
      </Typography.Paragraph>
      {hasRest ? (
        <Checkbox
          checked={cancelRest}
          disabled={saving}
          onChange={(event) => setCancelRest(event.target.checked)}
        >
          Annuler les nuits restantes (du {formatDate(today)} au départ prévu le {formatDate(stay.date_fin)})
          et libérer la chambre
        </Checkbox>
      ) : (
        <Typography.Paragraph type="secondary">
          Le séjour ne compte plus de nuit à venir : seule l'absence est enregistrée.
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
