import { DownloadOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Empty, Flex, Modal, Skeleton, Typography } from 'antd';
import { errorMessage, formatDateTime, formatFileSize } from 'shared';
import type { CourrielDetail } from 'shared/contract';
import { fileDownloadFailure, useFileDownload } from 'shared/ui';
import { useCourriel } from '../api/get-courriel';
import { pieceJointeRequest } from '../api/download-piece-jointe';
import { CourrielStatutTag } from './courriel-statut-tag';

/** Each attachment as a download button; none: a French empty state; a confidential message's: not offered. */
function PiecesJointes({ courriel }: { courriel: CourrielDetail }) {
  const download = useFileDownload<number>({ failure: fileDownloadFailure });
  if (courriel.pieces_jointes.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aucune pièce jointe" />;
  if (courriel.confidentiel)
    return (
      <Typography.Text type="secondary">
        {courriel.pieces_jointes.length} pièce(s) jointe(s), non affichée(s) : courriel confidentiel.
      </Typography.Text>
    );
  return (
    <Flex vertical gap={8} align="flex-start">
      {courriel.pieces_jointes.map((piece) => (
        <Button
          key={piece.index}
          icon={<DownloadOutlined />}
          loading={download.running === piece.index}
          aria-label={`Télécharger ${piece.nom}`}
          onClick={() =>
            void download.start(piece.index, ...pieceJointeRequest(courriel.id, piece), piece.nom)
          }
        >
          {piece.nom} ({formatFileSize(piece.taille)})
        </Button>
      ))}
      {download.error && <Alert type="error" showIcon title={download.error} />}
    </Flex>
  );
}

function Content({ id }: { id: number }) {
  const courriel = useCourriel(id);
  if (courriel.isPending) return <Skeleton active />;
  if (courriel.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="Le courriel n'a pas pu être chargé."
        description={errorMessage(courriel.error)}
      />
    );
  const c = courriel.data;
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'objet', label: 'Objet', children: c.objet },
          { key: 'destinataires', label: 'Destinataires', children: c.destinataires.join(', ') },
          { key: 'expediteur', label: 'Expéditeur', children: c.expediteur },
          { key: 'date', label: 'Créé le', children: formatDateTime(c.created_at) },
          ...(c.envoye_at
            ? [{ key: 'envoi', label: 'Envoyé le', children: formatDateTime(c.envoye_at) }]
            : []),
          {
            key: 'etat',
            label: 'État',
            children: (
              <>
                <CourrielStatutTag statut={c.statut} />
                {c.tentatives > 1 && <span>{c.tentatives} tentatives</span>}
                {c.derniere_erreur && (
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {c.derniere_erreur}
                  </Typography.Paragraph>
                )}
              </>
            ),
          },
        ]}
      />
      <section aria-label="Message">
        <Typography.Title level={5}>Message</Typography.Title>
        {c.confidentiel ? (
          <Alert type="info" showIcon icon={<LockOutlined />} title={c.texte} />
        ) : (
          // The text as it was sent: its line breaks kept.
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{c.texte}</Typography.Paragraph>
        )}
      </section>
      <section aria-label="Pièces jointes">
        <Typography.Title level={5}>Pièces jointes</Typography.Title>
        <PiecesJointes courriel={c} />
      </section>
    </Flex>
  );
}

/**
 * One e-mail of the outbox, opened: subject, recipients, dates, state, its text (a notice instead for a
 * confidential one: a password-reset link is its recipient's alone) and its attachments, each downloadable.
 */
export function CourrielDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Courriel n° ${id}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Fermer</Button>}
      width="min(720px, 100vw)"
      destroyOnHidden
    >
      <Content id={id} />
    </Modal>
  );
}
