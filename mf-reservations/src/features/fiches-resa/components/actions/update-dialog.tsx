import { Checkbox, Form, Input, Typography } from 'antd';
import type { ReservationDetail } from 'shared/contract';
import { useUpdateReservation } from '../../api/update-reservation';
import { ActionModal } from './action-modal';

export interface UpdateDialogProps {
  open: boolean;
  reservation: ReservationDetail;
  onClose: () => void;
  /** Offered when the stay changed meanwhile (409). */
  onReload: () => void;
}

interface Values {
  chambre?: string;
  petit_dejeuner: boolean;
  dejeuner: boolean;
  diner: boolean;
  status_paf: boolean;
  status_caf: boolean;
}

/** Modifier: room number, meals, PAF/CAF (PUT /reservations/:id with the version read). */
export function UpdateDialog({ open, reservation, onClose, onReload }: UpdateDialogProps) {
  const update = useUpdateReservation();
  const { chambre, petit_dejeuner, dejeuner, diner, status_paf, status_caf } = reservation;
  return (
    <ActionModal<Values>
      open={open}
      title="Modifier la réservation"
      okText="Enregistrer"
      initialValues={{ chambre: chambre ?? '', petit_dejeuner, dejeuner, diner, status_paf, status_caf }}
      onSubmit={({ chambre: room, ...options }) =>
        update.mutateAsync({
          id: reservation.id,
          body: { version: reservation.version, chambre: room?.trim() ? room.trim() : null, ...options },
        })
      }
      onClose={onClose}
      onReload={onReload}
    >
      <Form.Item
        name="chambre"
        label="Numéro de chambre"
        rules={[{ max: 20, message: 'Au plus 20 caractères.' }]}
      >
        <Input maxLength={20} placeholder="Non attribuée" />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        Les repas et le PAF / CAF s'appliquent aux nuitées à partir d'aujourd'hui.
      </Typography.Paragraph>
      <Form.Item label="Repas" style={{ marginBottom: 8 }}>
        <Form.Item name="petit_dejeuner" valuePropName="checked" noStyle>
          <Checkbox>Petit-déjeuner</Checkbox>
        </Form.Item>
        <Form.Item name="dejeuner" valuePropName="checked" noStyle>
          <Checkbox>Déjeuner</Checkbox>
        </Form.Item>
        <Form.Item name="diner" valuePropName="checked" noStyle>
          <Checkbox>Dîner</Checkbox>
        </Form.Item>
      </Form.Item>
      <Form.Item label="Participations" style={{ marginBottom: 0 }}>
        <Form.Item name="status_paf" valuePropName="checked" noStyle>
          <Checkbox>PAF applicable</Checkbox>
        </Form.Item>
        <Form.Item name="status_caf" valuePropName="checked" noStyle>
          <Checkbox>CAF applicable</Checkbox>
        </Form.Item>
      </Form.Item>
    </ActionModal>
  );
}
