import { Checkbox, Form, Typography } from 'antd';
import { useConfirmReservation } from '../../api/confirm-reservation';
import { ActionModal } from './action-modal';

export interface ConfirmDialogProps {
  open: boolean;
  reservationId: number;
  /** 'one': this stay, with the option of every stay of the full reservation; 'all': every stay. */
  scope: 'one' | 'all';
  onClose: () => void;
}

interface Values {
  applyToAllPr?: boolean;
}

/** Confirmer: en_attente → confirmee (PUT /reservations/confirmation/:id). */
export function ConfirmDialog({ open, reservationId, scope, onClose }: ConfirmDialogProps) {
  const confirm = useConfirmReservation();
  return (
    <ActionModal<Values>
      open={open}
      title={scope === 'all' ? 'Confirmer toutes les réservations' : 'Confirmer la réservation'}
      okText="Confirmer"
      initialValues={{ applyToAllPr: false }}
      onSubmit={(values) =>
        confirm.mutateAsync({
          id: reservationId,
          body: { applyToAllPr: scope === 'all' || values.applyToAllPr === true },
        })
      }
      onClose={onClose}
    >
      {scope === 'all' ? (
        <Typography.Paragraph>
          Toutes les réservations en attente de cette réservation intégrale seront confirmées.
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>
            La réservation N° {reservationId} passera à l'état « Confirmée ».
          </Typography.Paragraph>
          <Form.Item name="applyToAllPr" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>Confirmer aussi toutes les réservations de la réservation intégrale</Checkbox>
          </Form.Item>
        </>
      )}
    </ActionModal>
  );
}
