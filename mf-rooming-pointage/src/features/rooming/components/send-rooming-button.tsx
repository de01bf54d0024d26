import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { canManageReferenceData, dashboardUrl, useAuth } from 'shared';
import type { EnvoiIssue, SendRoomingAnswer } from 'shared/contract';
import { SendEmailDialog } from 'shared/ui';
import { useSendRooming } from '../api/send-rooming';

export interface SendRoomingButtonProps {
  /** The hotel chosen in the filters, with its e-mail address when it has one. */
  etablissement: { id: number; nom: string; email: string | null } | undefined;
  /** YYYY-MM when the period is one calendar month, else null. */
  mois: string | null;
}

/** What the screen says became of the rooming list: green only when it really left. */
const OUTCOME: Record<Exclude<EnvoiIssue, 'echec'>, { type: 'success' | 'warning'; words: string }> = {
  envoye: { type: 'success', words: 'envoyé' },
  conserve: { type: 'warning', words: "conservé dans la boîte d'envoi, non transmis" },
};

/** The outbox, where a kept or failed message is read and sent again (mf-demandes, ?boite=envoi). */
const OUTBOX_URL = `${dashboardUrl('demandes-hebergement')}?boite=envoi`;

/** The API saves one address as the hotel's (400 otherwise): said before sending. */
const SAVE_ONE = "Indiquez une seule adresse pour l'enregistrer comme adresse de l'établissement.";

/**
 * « Envoyer à l'établissement »: e-mails the hotel its rooming list PDF for the month shown, through the send
 * dialog (the hotel's address pre-filled, or the recipients to type when it has none; an administrator may save
 * the one typed as the hotel's), then says what became of the e-mail: sent, or only kept in the outbox.
 */
export function SendRoomingButton({ etablissement, mois }: SendRoomingButtonProps) {
  const { jwtTokenDecoded } = useAuth();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<SendRoomingAnswer | null>(null);
  const send = useSendRooming();
  const reason =
    etablissement === undefined
      ? 'Choisissez un établissement'
      : mois === null
        ? 'Choisissez un mois entier (le rooming envoyé couvre un mois)'
        : undefined;
  const monthLabel = mois ? dayjs(`${mois}-01`).format('MM/YYYY') : '';
  const outcome = result && result.envoi !== 'echec' ? OUTCOME[result.envoi] : null;
  return (
    <Flex vertical gap={8}>
      <Button
        type="primary"
        icon={<SendOutlined />}
        disabled={reason !== undefined}
        title={reason}
        onClick={() => setOpen(true)}
      >
        Envoyer à l&apos;établissement
      </Button>
      {open && etablissement && mois && (
        <SendEmailDialog<SendRoomingAnswer>
          open
          title={`Envoyer le rooming de ${monthLabel} à ${etablissement.nom}`}
          description={`La rooming list du mois (toutes les nuitées de ${etablissement.nom}, tous clients) est jointe en PDF.`}
          recipients={etablissement.email ? [etablissement.email] : []}
          noAddressNotice="Cet établissement n'a pas d'adresse e-mail"
          check={(destinataires, values) =>
            values.enregistrer_adresse === true && destinataires.length !== 1 ? SAVE_ONE : null
          }
          onSend={(destinataires, values) =>
            send.mutateAsync({
              etablissementId: etablissement.id,
              mois,
              body: {
                destinataires,
                ...(values.enregistrer_adresse === true ? { enregistrer_adresse: true } : {}),
              },
            })
          }
          onDone={setResult}
          onClose={() => setOpen(false)}
        >
          {canManageReferenceData(jwtTokenDecoded) && (
            <Form.Item
              name="enregistrer_adresse"
              valuePropName="checked"
              extra="Une seule adresse : elle remplace celle de la fiche de l'établissement."
            >
              <Checkbox>Enregistrer cette adresse pour l&apos;établissement</Checkbox>
            </Form.Item>
          )}
        </SendEmailDialog>
      )}
      {result && outcome && (
        <Alert
          type={outcome.type}
          showIcon
          closable
          onClose={() => setResult(null)}
          title={`Rooming de ${monthLabel} : ${outcome.words} (${result.data.destinataires.join(', ')})`}
          description={
            result.envoi === 'conserve' ? (
              <>
                {result.data.derniere_erreur} — <Link to={OUTBOX_URL}>Voir la boîte d&apos;envoi</Link>
              </>
            ) : undefined
          }
        />
      )}
    </Flex>
  );
}
