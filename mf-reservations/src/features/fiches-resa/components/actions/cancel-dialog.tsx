import { Alert, Checkbox, Form, Input } from 'antd';
import { useCancelReservation } from '../../api/cancel-reservation';
import { ActionModal } from './action-modal';

export interface CancelDialogProps {
  open: boolean;
  reservationId: number;
  /** 'one': this stay, with the option of every stay of the full reservation; 'all': every stay. */
  scope: 'one' | 'all';
  onClose: () => void;
}

interface Values {
  motif?: string;
  applyToAllPr?: boolean;
}

/** Annuler: future nights cancelled, past nights kept (PUT /reservations/annulation/:id, motif in the history). */
export function CancelDialog({ open, reservationId, scope, onClose }: CancelDialogProps) {
  const cancel = useCancelReservation();
  return (
    <ActionModal<Values>
      open={open}
      title={scope === 'all' ? 'Annuler toutes les réservations' : 'Annuler la réservation'}
      okText={scope === 'all' ? 'Annuler tout' : 'Annuler la réservation'}
      danger
      initialValues={{ applyToAllPr: false, motif: '' }}
      onSubmit={(values) => {
        const motif = values.motif?.trim();
        return cancel.mutateAsync({
          id: reservationId,
          body: {
            applyToAllPr: scope === 'all' || values.applyToAllPr === true,
            ...(motif ? { motif } : {}),
          },
        });
      }}
      onClose={onClose}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Les nuitées à partir d'aujourd'hui seront annulées ; les nuitées passées restent dues. Cette action est définitive."
      />
      <Form.Item
        name="motif"
        label="Motif de l'annulation"
        rules={[{ max: 500, message: 'Au plus 500 caractères.' }]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="Motif conservé dans l'historique" />
      </Form.Item>
      {scope === 'one' && (
        <Form.Item name="applyToAllPr" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>Annuler toutes les réservations de la réservation intégrale</Checkbox>
        </Form.Item>
      )}
    </ActionModal>
  );
}
