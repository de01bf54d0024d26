import { Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from 'shared';
import {
  ETAT_PAIEMENT_LABELS,
  ETATS_PAIEMENT,
  FLUX_PAIEMENT_LABELS,
  type EtatPaiement,
  type FluxPaiement,
  type ReservationDetail,
} from 'shared/contract';
import { setApec, setPaymentState } from '../api/reservation-api';

/** Runs one immediate write; its failure is shown beside the control (a 409 is not toasted, spec §8). */
function useWrite(onDone: () => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (write: () => Promise<unknown>) => {
    setPending(true);
    setError(null);
    try {
      await write();
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}

const InlineError = ({ error }: { error: string | null }) =>
  error ? (
    <Typography.Text type="danger" role="alert">
      {error}
    </Typography.Text>
  ) : null;

export interface PaiementControlProps {
  reservation: ReservationDetail;
  flux: FluxPaiement;
  onDone: () => void;
}

/** Whether PAF/CAF applies, and its payment state (select when the stay may be pointed). */
export function PaiementControl({ reservation, flux, onDone }: PaiementControlProps) {
  const { pending, error, run } = useWrite(onDone);
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
          onChange={(value) => void run(() => setPaymentState(reservation.id, { type: flux, etat: value }))}
        />
      ) : (
        <span>{ETAT_PAIEMENT_LABELS[etat]}</span>
      )}
      <InlineError error={error} />
    </Space>
  );
}

/** The APEC flag of the stay, switched at once. */
export function ApecSwitch({ reservation, onDone }: { reservation: ReservationDetail; onDone: () => void }) {
  const { pending, error, run } = useWrite(onDone);
  return (
    <Space orientation="vertical" size={4}>
      <Switch
        aria-label="APEC"
        checked={reservation.apec}
        loading={pending}
        disabled={reservation.statut === 'annulee'}
        checkedChildren="Oui"
        unCheckedChildren="Non"
        onChange={(apec) => void run(() => setApec(reservation.id, { apec }))}
      />
      <InlineError error={error} />
    </Space>
  );
}
