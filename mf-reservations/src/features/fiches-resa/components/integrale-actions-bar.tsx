import { CheckOutlined, CloseOutlined, FieldTimeOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import type { RecapPensionnaire, ReservationIntegraleDetail } from 'shared/contract';
import { AddPensionnaireDialog } from './actions/add-pensionnaire-dialog';
import { CancelDialog } from './actions/cancel-dialog';
import { ConfirmDialog } from './actions/confirm-dialog';
import { ExtendDialog } from './actions/extend-dialog';

type Dialog = 'confirmer' | 'annuler' | 'prolonger' | 'ajouter';

export interface IntegraleActionsBarProps {
  integrale: ReservationIntegraleDetail;
  recap: RecapPensionnaire[] | null;
}

/**
 * Confirmer tout, Prolonger tout, Annuler tout (each an `applyToAllPr` call on one stay of the parent) and
 * Ajouter un pensionnaire — replaced by the reason when every stay is cancelled (the API answers 409).
 */
export function IntegraleActionsBar({ integrale, recap }: IntegraleActionsBarProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const rows = integrale.reservations;
  const pending = rows.find((row) => row.statut === 'en_attente');
  const cancellable = rows.find((row) => ['en_attente', 'confirmee', 'en_cours'].includes(row.statut));
  // Prolonger tout: on the last stay of a resident; the new departure must follow every last departure.
  const lastIds = new Set((recap ?? []).map((row) => row.derniere_reservation_id));
  const lasts = rows.filter(
    (row) =>
      lastIds.has(row.id) &&
      (row.statut === 'confirmee' || row.statut === 'en_cours') &&
      !row.prolongee_par_id,
  );
  const latest = lasts.reduce<(typeof lasts)[number] | null>(
    (best, row) => (!best || row.date_fin > best.date_fin ? row : best),
    null,
  );

  return (
    <>
      <Space wrap>
        {integrale.actions.confirmer && pending && (
          <Button type="primary" icon={<CheckOutlined />} onClick={() => setDialog('confirmer')}>
            Confirmer tout
          </Button>
        )}
        {integrale.actions.prolonger && latest && (
          <Button icon={<FieldTimeOutlined />} onClick={() => setDialog('prolonger')}>
            Prolonger tout
          </Button>
        )}
        {integrale.actions.ajouter ? (
          <Button icon={<UserAddOutlined />} onClick={() => setDialog('ajouter')}>
            Ajouter un pensionnaire
          </Button>
        ) : (
          <Typography.Text type="secondary">
            Toutes les réservations sont annulées : ajout de pensionnaire impossible (créez une nouvelle
            réservation).
          </Typography.Text>
        )}
        {integrale.actions.annuler && cancellable && (
          <Button danger icon={<CloseOutlined />} onClick={() => setDialog('annuler')}>
            Annuler tout
          </Button>
        )}
      </Space>
      {pending && (
        <ConfirmDialog open={dialog === 'confirmer'} reservationId={pending.id} scope="all" onClose={close} />
      )}
      {cancellable && (
        <CancelDialog
          open={dialog === 'annuler'}
          reservationId={cancellable.id}
          scope="all"
          onClose={close}
        />
      )}
      {latest && (
        <ExtendDialog
          open={dialog === 'prolonger'}
          reservationId={latest.id}
          currentEnd={latest.date_fin}
          scope="all"
          onClose={close}
        />
      )}
      {integrale.actions.ajouter && (
        <AddPensionnaireDialog open={dialog === 'ajouter'} integrale={integrale} onClose={close} />
      )}
    </>
  );
}
