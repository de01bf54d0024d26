import { Alert, Modal, Table, Tag } from 'antd';
import { SYNC_ETAT_COLORS, SYNC_ETAT_LABELS, type SyncResultat } from 'shared/contract';
import { useTaskRapport } from '../api/get-task-rapport';

/**
 * « Voir le rapport » of a finished request sync: one row per request — updated (what changed), already aligned, to
 * check (why), unknown or failed — as the requests list shows the report of a small sync answered at once.
 */
export function TaskRapportModal({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const rapport = useTaskRapport(taskId);
  return (
    <Modal
      open
      title={`Rapport de la tâche n° ${taskId}`}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={760}
    >
      {rapport.isError ? (
        <Alert type="error" showIcon title={rapport.error.message} />
      ) : (
        <>
          {rapport.data && <p>{rapport.data.message}</p>}
          <Table<SyncResultat>
            size="small"
            rowKey="demande_id"
            loading={rapport.isPending}
            dataSource={rapport.data?.resultats ?? []}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { title: 'Demande', dataIndex: 'demande_id', width: 90 },
              {
                title: 'Résultat',
                width: 120,
                render: (_, row) => (
                  <Tag color={SYNC_ETAT_COLORS[row.etat]}>{SYNC_ETAT_LABELS[row.etat]}</Tag>
                ),
              },
              {
                title: 'Détail',
                render: (_, row) => (row.changements.length > 0 ? row.changements.join(' ; ') : row.message),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
