import { Alert, Modal, Table, Tag } from 'antd';
import { SYNC_ETAT_COLORS, SYNC_ETAT_LABELS } from 'shared/contract/values';
import type { SyncAnswer, SyncResultat } from 'shared/contract';

/** The sync's answer: its summary (the toast's text) over one row per request asked, unknown ones included. */
export function SyncReport({
  open,
  answer,
  onClose,
}: {
  open: boolean;
  answer: SyncAnswer | null;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title="Synchronisation des demandes" onCancel={onClose} onOk={onClose} width={720}>
      {answer && (
        <Alert
          showIcon
          style={{ marginBottom: 12 }}
          type={answer.resultats.every((row) => row.ok) ? 'success' : 'warning'}
          title={answer.message}
        />
      )}
      <Table<SyncResultat>
        size="small"
        rowKey="demande_id"
        pagination={false}
        dataSource={answer?.resultats ?? []}
        columns={[
          { title: 'Demande', dataIndex: 'demande_id', width: 90 },
          {
            title: 'Résultat',
            render: (_, row) => <Tag color={SYNC_ETAT_COLORS[row.etat]}>{SYNC_ETAT_LABELS[row.etat]}</Tag>,
            width: 120,
          },
          {
            title: 'Détail',
            render: (_, row) => (row.changements.length > 0 ? row.changements.join(' ; ') : row.message),
          },
        ]}
      />
    </Modal>
  );
}
