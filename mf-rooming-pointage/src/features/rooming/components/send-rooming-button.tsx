import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Popconfirm } from 'antd';
import dayjs from 'dayjs';
import { errorMessage } from 'shared';
import { COURRIEL_STATUT_LABELS } from 'shared/contract';
import { useSendRooming } from '../api/send-rooming';

export interface SendRoomingButtonProps {
  etablissementId: number | undefined;
  etablissementNom: string | undefined;
  /** YYYY-MM when the period is one calendar month, else null. */
  mois: string | null;
}

/**
 * « Envoyer à l'établissement »: e-mails the hotel its rooming list PDF for the month shown, after a confirmation,
 * and says what became of the e-mail (sent, kept in the outbox, refused with the server's reason).
 */
export function SendRoomingButton({ etablissementId, etablissementNom, mois }: SendRoomingButtonProps) {
  const send = useSendRooming();
  const reason =
    etablissementId === undefined
      ? 'Choisissez un établissement'
      : mois === null
        ? 'Choisissez un mois entier (le rooming envoyé couvre un mois)'
        : undefined;
  const monthLabel = mois ? dayjs(`${mois}-01`).format('MM/YYYY') : '';
  const sent = send.data?.data;
  return (
    <Flex vertical gap={8}>
      <Popconfirm
        title={`Envoyer le rooming de ${monthLabel} à ${etablissementNom ?? "l'établissement"} ?`}
        okText="Envoyer"
        cancelText="Annuler"
        disabled={reason !== undefined}
        onConfirm={() => {
          if (etablissementId !== undefined && mois) send.mutate({ etablissementId, mois });
        }}
      >
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={reason !== undefined}
          title={reason}
        >
          Envoyer à l'établissement
        </Button>
      </Popconfirm>
      {sent && (
        <Alert
          type={sent.statut === 'envoye' ? 'success' : sent.statut === 'echec' ? 'error' : 'info'}
          showIcon
          closable
          onClose={() => send.reset()}
          title={`Rooming de ${monthLabel} : ${COURRIEL_STATUT_LABELS[sent.statut].toLowerCase()} (${sent.destinataires.join(', ')})`}
          description={sent.derniere_erreur ?? undefined}
        />
      )}
      {send.isError && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => send.reset()}
          title={`L'envoi a échoué : ${errorMessage(send.error)}`}
          description="Le courriel est conservé dans la boîte d'envoi et peut être renvoyé."
        />
      )}
    </Flex>
  );
}
