import {
  CheckOutlined,
  CloseOutlined,
  EditOutlined,
  FieldTimeOutlined,
  LogoutOutlined,
} from '@ant-design/icons';
import { Button, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { API_DATE_FORMAT, dashboardUrl } from 'shared';
import type { ReservationDetail } from 'shared/contract';
import { CancelDialog } from './actions/cancel-dialog';
import { ConfirmDialog } from './actions/confirm-dialog';
import { EarlyDepartureDialog } from './actions/early-departure-dialog';
import { ExtendDialog } from './actions/extend-dialog';
import { UpdateDialog } from './actions/update-dialog';

type Dialog = 'confirmer' | 'annuler' | 'prolonger' | 'modifier' | 'depart';

export interface ReservationActionsBarProps {
  reservation: ReservationDetail;
  /** Reloads the detail and its history. */
  onChanged: () => void;
}

/** The actions `data.actions` allows, each through its dialog; the detail and history reload after each. */
export function ReservationActionsBar({ reservation: r, onChanged }: ReservationActionsBarProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const navigate = useNavigate();
  const close = () => setDialog(null);
  const today = dayjs().format(API_DATE_FORMAT);
  const canDepart =
    r.actions.modifier && r.prolongee_par_id === null && r.date_fin > today && r.nombre_nuits > 1;

  return (
    <>
      <Space wrap>
        {r.actions.confirmer && (
          <Button type="primary" icon={<CheckOutlined />} onClick={() => setDialog('confirmer')}>
            Confirmer
          </Button>
        )}
        {r.actions.prolonger && (
          <Button icon={<FieldTimeOutlined />} onClick={() => setDialog('prolonger')}>
            Prolonger
          </Button>
        )}
        {r.actions.modifier && (
          <Button icon={<EditOutlined />} onClick={() => setDialog('modifier')}>
            Modifier
          </Button>
        )}
        {canDepart && (
          <Button icon={<LogoutOutlined />} onClick={() => setDialog('depart')}>
            Départ anticipé
          </Button>
        )}
        {r.actions.annuler && (
          <Button danger icon={<CloseOutlined />} onClick={() => setDialog('annuler')}>
            Annuler
          </Button>
        )}
      </Space>
      <ConfirmDialog
        open={dialog === 'confirmer'}
        reservationId={r.id}
        scope="one"
        onClose={close}
        onDone={onChanged}
      />
      <CancelDialog
        open={dialog === 'annuler'}
        reservationId={r.id}
        scope="one"
        onClose={close}
        onDone={onChanged}
      />
      <ExtendDialog
        open={dialog === 'prolonger'}
        reservationId={r.id}
        currentEnd={r.date_fin}
        scope="one"
        onClose={close}
        onDone={(answer) => {
          // One new stay: open it; several (every resident): stay here, the chain shows the new one.
          const [created] = answer.reservation_ids;
          if (answer.reservation_ids.length === 1 && created !== undefined)
            navigate(dashboardUrl('fiche-resa', { id: created }));
          else onChanged();
        }}
      />
      <UpdateDialog
        open={dialog === 'modifier'}
        reservation={r}
        onClose={close}
        onDone={onChanged}
        onReload={onChanged}
      />
      <EarlyDepartureDialog open={dialog === 'depart'} reservation={r} onClose={close} onDone={onChanged} />
    </>
  );
}
