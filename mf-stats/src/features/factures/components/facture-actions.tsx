import { DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, dashboardUrl, isConflict } from 'shared';
import { FACTURATION_MESSAGES, type FactureDetail } from 'shared/contract';
import { ConfirmWriteButton } from 'shared/ui';
import { downloadFactureFile } from '../api/facture-files';
import { useDeleteDraft, useIssueFacture, useRecomputeDraft, useSendFacture } from '../api/facture-writes';
import { useClientFacturation } from '../api/get-facture';
import { useIsAdmin } from '../model/use-is-admin';
import { AvoirModal } from './avoir-modal';
import { DraftEditModal } from './draft-edit-modal';
import { PaymentModal } from './payment-modal';
import { PdfPreviewButton } from './pdf-preview';

/** The 409 of an issue whose seller settings are incomplete: the card shows it with a link to the settings. */
const SETTINGS_MISSING = FACTURATION_MESSAGES.settingsMissing([]).split(':')[0]!;
export const isSettingsMissing = (error: unknown) =>
  isConflict(error) && error instanceof ApiError && error.message.startsWith(SETTINGS_MISSING);

export interface FactureActionsProps {
  facture: FactureDetail;
  /** An issue refused for missing seller settings: the card says it with the link to « Paramètres de facturation ». */
  onSettingsMissing: (message: string) => void;
}

/** Where a document is sent: its billing e-mail (else the client's), and the address the document carries. */
function SendDescription({ facture }: { facture: FactureDetail }) {
  const client = useClientFacturation(facture.clientId, true).data;
  const adresse = facture.document?.acheteur.adresse;
  return (
    <>
      Le PDF de {facture.numero} sera envoyé par e-mail à{' '}
      <strong>{client ? (client.emailEffectif ?? 'aucune adresse e-mail connue') : '…'}</strong>
      {adresse && (
        <>
          {' '}
          — adresse de facturation : {adresse.ligne1}
          {adresse.ligne2 ? `, ${adresse.ligne2}` : ''}, {adresse.codePostal} {adresse.ville}
        </>
      )}
      .
    </>
  );
}

/**
 * The card's actions by state and role (docs/invoicing.md « Permissions »): a draft is edited, recomputed, deleted
 * by anyone and issued by an administrator; an issued document is viewed, downloaded, sent, paid (anyone) and
 * credited (administrators). Buttons a role may not use are not rendered.
 */
export function FactureActions({ facture, onSettingsMissing }: FactureActionsProps) {
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'payment' | 'avoir' | null>(null);
  const recompute = useRecomputeDraft();
  const remove = useDeleteDraft({ onSuccess: () => void navigate(dashboardUrl('factures')) });
  const issue = useIssueFacture();
  const send = useSendFacture();
  const close = () => setDialog(null);

  if (facture.statut === 'brouillon')
    return (
      <Flex wrap gap={8} role="group" aria-label="Actions">
        <Button onClick={() => setDialog('edit')}>Modifier</Button>
        <Button loading={recompute.isPending} onClick={() => recompute.mutate(facture.id)}>
          Recalculer
        </Button>
        <ConfirmWriteButton
          danger
          title="Supprimer le brouillon"
          description={`Le brouillon de ${facture.clientNom} est supprimé ; ses nuitées pourront être facturées à nouveau.`}
          okText="Supprimer"
          onConfirm={() => remove.mutateAsync(facture.id)}
        >
          Supprimer
        </ConfirmWriteButton>
        {isAdmin && (
          <ConfirmWriteButton
            buttonProps={{ type: 'primary' }}
            title="Émettre la facture"
            description="La facture reçoit son numéro définitif : elle ne pourra plus être modifiée (une correction se fera par un avoir)."
            okText="Émettre"
            onConfirm={async () => {
              try {
                await issue.mutateAsync(facture.id);
              } catch (error) {
                if (!isSettingsMissing(error)) throw error;
                onSettingsMissing((error as ApiError).message);
              }
            }}
          >
            Émettre
          </ConfirmWriteButton>
        )}
        <DraftEditModal facture={facture} open={dialog === 'edit'} onClose={close} />
      </Flex>
    );

  const numero = facture.numero ?? '';
  const isInvoice = facture.type === 'facture';
  const left = Number(facture.resteAPayer) > 0;
  const credited = facture.nuitees.every((n) => n.avoirId !== null);
  return (
    <Flex wrap gap={8} role="group" aria-label="Actions">
      <PdfPreviewButton id={facture.id} numero={numero} />
      <Button icon={<DownloadOutlined />} onClick={() => void downloadFactureFile(facture.id, 'xml', numero)}>
        Télécharger le XML
      </Button>
      <ConfirmWriteButton
        buttonProps={{ icon: <MailOutlined /> }}
        title={isInvoice ? 'Envoyer la facture' : 'Envoyer l’avoir'}
        description={<SendDescription facture={facture} />}
        okText="Envoyer"
        onConfirm={() => send.mutateAsync(facture.id)}
      >
        Envoyer par e-mail
      </ConfirmWriteButton>
      {isInvoice && left && (
        <Button type="primary" onClick={() => setDialog('payment')}>
          Enregistrer un paiement
        </Button>
      )}
      {isInvoice && isAdmin && !credited && (
        <Button danger onClick={() => setDialog('avoir')}>
          Établir un avoir
        </Button>
      )}
      {isInvoice && <PaymentModal facture={facture} open={dialog === 'payment'} onClose={close} />}
      {isInvoice && isAdmin && <AvoirModal facture={facture} open={dialog === 'avoir'} onClose={close} />}
    </Flex>
  );
}
