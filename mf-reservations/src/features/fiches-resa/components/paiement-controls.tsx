import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Switch, Typography } from 'antd';
import { errorMessage, isConflict, reservationKeys } from 'shared';
import { ETAT_PAIEMENT_LABELS, ETATS_PAIEMENT, FLUX_PAIEMENT_LABELS } from 'shared/contract/values';
import type { EtatPaiement, FluxPaiement, ReservationDetail } from 'shared/contract';
import { useSetApec } from '../api/set-apec';
import { useSetPaymentState } from '../api/set-payment-state';

// Writes at once, without a dialog: a failure shows beside the control (a 409 is not toasted, spec §8).
const InlineError = ({ error }: { error: Error | null }) =>
  error ? (
    <Typography.Text type="danger" role="alert">
      {errorMessage(error)}
    </Typography.Text>
  ) : null;

export interface PaiementControlProps {
  reservation: ReservationDetail;
  flux: FluxPaiement;
}

/**
 * Whether PAF/CAF applies, and its payment state (select when the stay may be pointed). The check carries the
 * stay's version as read: changed meanwhile → 409, said here with « Recharger la fiche ».
 */
export function PaiementControl({ reservation, flux }: PaiementControlProps) {
  const write = useSetPaymentState();
  const queryClient = useQueryClient();
  const pending = write.isPending;
  const applies = flux === 'paf' ? reservation.status_paf : reservation.status_caf;
  const etat = flux === 'paf' ? reservation.etat_payment_paf : reservation.etat_payment_caf;
  if (!applies) return <Typography.Text type="secondary">Ne s'applique pas</Typography.Text>;
  return (
    <Space orientation="vertical" size={4}>
      {reservation.actions.pointer ? (
        <Select<EtatPaiement>
          aria-label={`État de paiement ${FLUX_PAIEMENT_LABELS[flux]}`}
          value={etat}
          loading={pending}
          disabled={pending}
          style={{ minWidth: 150 }}
          options={ETATS_PAIEMENT.map((value) => ({ value, label: ETAT_PAIEMENT_LABELS[value] }))}
          onChange={(next) =>
            write.mutate({
              id: reservation.id,
              body: { type: flux, etat: next, version: reservation.version },
            })
          }
        />
      ) : (
        <span>{ETAT_PAIEMENT_LABELS[etat]}</span>
      )}
      <InlineError error={write.error} />
      {write.error && isConflict(write.error) ? (
        <Button
          size="small"
          onClick={() => {
            write.reset();
            void queryClient.invalidateQueries({ queryKey: reservationKeys.detail(reservation.id) });
          }}
        >
          Recharger la fiche
        </Button>
      ) : null}
    </Space>
  );
}

/** The APEC flag of the stay, switched at once. */
export function ApecSwitch({ reservation }: { reservation: ReservationDetail }) {
  const write = useSetApec();
  return (
    <Space orientation="vertical" size={4}>
      <Switch
        aria-label="APEC"
        checked={reservation.apec}
        loading={write.isPending}
        disabled={reservation.statut === 'annulee'}
        checkedChildren="Oui"
        unCheckedChildren="Non"
        onChange={(apec) => write.mutate({ id: reservation.id, body: { apec } })}
      />
      <InlineError error={write.error} />
    </Space>
  );
}
