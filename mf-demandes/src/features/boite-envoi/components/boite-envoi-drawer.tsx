import { EyeOutlined, LockOutlined, RedoOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Flex, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, formatNumber } from 'shared';
import { COURRIEL_STATUT_LABELS, COURRIEL_STATUTS } from 'shared/contract/values';
import type { Courriel, CourrielStatut } from 'shared/contract';
import { useCourriels } from '../api/get-courriels';
import { useResendCourriel } from '../api/resend-courriel';
import { CourrielDetailModal } from './courriel-detail';
import { CourrielStatutTag } from './courriel-statut-tag';

const PAGE_SIZE = 20;

/** Failed, kept (no SMTP server) or stuck messages can be sent again; a sent one cannot (409). */
const canResend = (courriel: Courriel) => courriel.statut !== 'envoye';

/**
 * « Boîte d'envoi »: every e-mail the product sent or kept (GET /courriels), newest first, with its state, attempts
 * and the reason of a failure; « Ouvrir » shows one whole (text, attachments), « Renvoyer » sends again the ones
 * not sent. Without an SMTP server, this is where the messages are (docs/api.md « Courriels »).
 */
export function BoiteEnvoiDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [statut, setStatut] = useState<CourrielStatut | undefined>();
  const [opened, setOpened] = useState<number | null>(null);
  const courriels = useCourriels(
    { page, pageSize: PAGE_SIZE, ...(statut === undefined ? {} : { statut }) },
    open,
  );
  const resend = useResendCourriel();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Boîte d'envoi des courriels"
      // Wide enough for the table at 1366 px, the whole screen on a phone.
      size="min(1080px, 100vw)"
      destroyOnHidden
    >
      <Select<CourrielStatut>
        aria-label="État du courriel"
        allowClear
        placeholder="Tous les états"
        style={{ width: 200, marginBottom: 12 }}
        value={statut ?? null}
        options={COURRIEL_STATUTS.map((s) => ({ value: s, label: COURRIEL_STATUT_LABELS[s] }))}
        onChange={(value) => {
          setStatut(value ?? undefined);
          setPage(1);
        }}
      />
      {courriels.isError ? (
        <Alert type="error" showIcon title="La boîte d'envoi n'a pas pu être chargée." />
      ) : (
        <Table<Courriel>
          size="small"
          rowKey="id"
          scroll={{ x: 760 }}
          loading={courriels.isFetching}
          dataSource={courriels.data?.data ?? []}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  statut === undefined
                    ? "Aucun courriel dans la boîte d'envoi"
                    : `Aucun courriel « ${COURRIEL_STATUT_LABELS[statut].toLowerCase()} »`
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: courriels.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${formatNumber(total)} courriel${total > 1 ? 's' : ''}`,
            onChange: setPage,
          }}
          columns={[
            { title: 'Créé le', width: 110, render: (_, row) => formatDateTime(row.created_at) },
            { title: 'Destinataires', render: (_, row) => row.destinataires.join(', ') },
            {
              title: 'Objet',
              render: (_, row) => (
                <>
                  {row.confidentiel && <LockOutlined aria-label="Confidentiel" />} {row.objet}
                  {row.pieces_jointes.length > 0 && (
                    <Typography.Text type="secondary">
                      {' '}
                      — {row.pieces_jointes.map((p) => p.nom).join(', ')}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            {
              title: 'État',
              width: 220,
              render: (_, row) => (
                <>
                  <CourrielStatutTag statut={row.statut} />
                  {row.tentatives > 1 && <span>{row.tentatives} tentatives</span>}
                  {row.derniere_erreur && (
                    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                      {row.derniere_erreur}
                    </Typography.Paragraph>
                  )}
                </>
              ),
            },
            {
              title: 'Action',
              width: 130,
              render: (_, row) => (
                <Flex vertical gap={4} align="flex-start">
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={`Ouvrir le courriel « ${row.objet} »`}
                    onClick={() => setOpened(row.id)}
                  >
                    Ouvrir
                  </Button>
                  {canResend(row) && (
                    <Button
                      size="small"
                      icon={<RedoOutlined />}
                      loading={resend.isPending && resend.variables === row.id}
                      onClick={() => resend.mutate(row.id)}
                    >
                      Renvoyer
                    </Button>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
      {opened !== null && <CourrielDetailModal id={opened} onClose={() => setOpened(null)} />}
    </Drawer>
  );
}
