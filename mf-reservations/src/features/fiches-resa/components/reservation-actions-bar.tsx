import {
  CheckOutlined,
  CloseOutlined,
  EditOutlined,
  FieldTimeOutlined,
  LogoutOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, reservationKeys } from 'shared';
import { parisToday } from 'shared/contract/values';
import type { ReservationDetail } from 'shared/contract';
import { CancelDialog } from './actions/cancel-dialog';
import { ConfirmDialog } from './actions/confirm-dialog';
import { EarlyDepartureDialog } from './actions/early-departure-dialog';
import { ExtendDialog } from './actions/extend-dialog';
import { RestoreButton } from './actions/restore-button';
import { UpdateDialog } from './actions/update-dialog';

type Dialog = 'confirmer' | 'annuler' | 'prolonger' | 'modifier' | 'depart';

export interface ReservationActionsBarProps {
  reservation: ReservationDetail;
}

/**
 * The actions `data.actions` allows, each through its dialog (« Rétablir » while its window lasts); each write
 * refreshes the card and its history (and whatever else it changed) through its mutation.
 */
export function ReservationActionsBar({ reservation: r }: ReservationActionsBarProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // « Recharger la fiche » after a 409: the card and its history, changed by someone else meanwhile.
  const reload = () => void queryClient.invalidateQueries({ queryKey: reservationKeys.detail(r.id) });
  const close = () => setDialog(null);
  const today = parisToday();
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
        {r.actions.retablir && r.retablissement && (
          <RestoreButton retablissement={r.retablissement} version={r.version} />
        )}
      </Space>
      <ConfirmDialog open={dialog === 'confirmer'} reservationId={r.id} scope="one" onClose={close} />
      <CancelDialog open={dialog === 'annuler'} reservationId={r.id} scope="one" onClose={close} />
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
            void navigate(dashboardUrl('fiche-resa', { id: created }));
        }}
      />
      <UpdateDialog open={dialog === 'modifier'} reservation={r} onClose={close} onReload={reload} />
      <EarlyDepartureDialog open={dialog === 'depart'} reservation={r} onClose={close} />
    </>
  );
}
