import { Alert, Button, Empty, Radio, Space, Spin, Typography } from 'antd';
import { errorMessage, formatDate, formatMoney } from 'shared';
import { CONTRAT_STATUT_LABELS } from 'shared/contract/values';
import { MODE_TARIFICATION_LABELS } from '../model/labels';
import { useContratsClientDisponibles } from '../api/get-contrats-client-disponibles';
import type { BookingDraft, DraftAction } from '../model/booking-draft';

interface StepProps {
  draft: BookingDraft;
  dispatch: (action: DraftAction) => void;
}

/** Step 2: the client's active contract covering the stay (POST /contrat_client/available). */
export function StepContratClient({ draft, dispatch }: StepProps) {
  const { client, startDate, endDate } = draft;
  const contrats = useContratsClientDisponibles(
    client && startDate && endDate
      ? { client_id: client.id, start_date: startDate, end_date: endDate }
      : null,
  );

  if (contrats.isLoading) return <Spin description="Recherche des contrats du client…" />;
  if (contrats.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(contrats.error)}
        action={<Button onClick={() => void contrats.refetch()}>Réessayer</Button>}
      />
    );
  const rows = contrats.data ?? [];
  if (rows.length === 0)
    return (
      <Empty
        description={
          <>
            <Typography.Text strong>Aucun contrat client actif ne couvre ces dates</Typography.Text>
            <br />
            Vérifiez les dates du séjour ou activez un contrat couvrant la période pour {client?.nom}.
          </>
        }
      />
    );
  return (
    <Radio.Group
      aria-label="Contrat client"
      value={draft.contratClient?.id}
      onChange={(event) => {
        const contrat = rows.find((row) => row.id === event.target.value);
        if (contrat) dispatch({ type: 'contratClient', contrat });
      }}
    >
      <Space orientation="vertical">
        {rows.map((contrat) => (
          <Radio key={contrat.id} value={contrat.id}>
            <strong>{contrat.reference}</strong> — du {formatDate(contrat.date_debut)} au{' '}
            {formatDate(contrat.date_fin)} · {CONTRAT_STATUT_LABELS[contrat.statut]} ·{' '}
            {MODE_TARIFICATION_LABELS[contrat.mode_tarification]} · PAF{' '}
            {formatMoney(contrat.montant_paf_jour)} / CAF {formatMoney(contrat.montant_caf_jour)} par jour
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
