import { Alert, Checkbox, Form, Input } from 'antd';
import { MAX_MOTIF_ANNULATION, MOTIF_ANNULATION_REQUIS } from 'shared/contract/values';
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
  motif: string;
  applyToAllPr?: boolean;
}

/** Annuler: future nights cancelled, past nights kept (PUT /reservations/annulation/:id, motif required, in the history). */
export function CancelDialog({ open, reservationId, scope, onClose }: CancelDialogProps) {
  const cancel = useCancelReservation();
  return (
    <ActionModal<Values>
      open={open}
      title={scope === 'all' ? 'Annuler toutes les réservations' : 'Annuler la réservation'}
      okText={scope === 'all' ? 'Annuler tout' : 'Annuler la réservation'}
      danger
      initialValues={{ applyToAllPr: false, motif: '' }}
      onSubmit={(values) =>
        cancel.mutateAsync({
          id: reservationId,
          body: { applyToAllPr: scope === 'all' || values.applyToAllPr === true, motif: values.motif.trim() },
        })
      }
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
        rules={[
          { required: true, whitespace: true, message: MOTIF_ANNULATION_REQUIS },
          { max: MAX_MOTIF_ANNULATION, message: `Au plus ${MAX_MOTIF_ANNULATION} caractères.` },
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={MAX_MOTIF_ANNULATION}
          showCount
          placeholder="Motif conservé dans l'historique"
        />
      </Form.Item>
      {scope === 'one' && (
        <Form.Item name="applyToAllPr" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>Annuler toutes les réservations de la réservation intégrale</Checkbox>
        </Form.Item>
      )}
    </ActionModal>
  );
}
