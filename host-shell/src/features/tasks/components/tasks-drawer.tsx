import { DownloadOutlined, FileSearchOutlined, RedoOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Drawer,
  Grid,
  Progress,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { formatDateTime, formatPercent, useAuth } from 'shared';
import { canRetryTask, TASK_STATUT_LABELS, type Task, type TaskStatut } from 'shared/contract';
import { fileDownloadFailure, useFileDownload } from 'shared/ui';
import { taskFileName, taskFileRequest } from '../api/download-task-file';
import { isActiveTask, useTasks } from '../api/get-tasks';
import { useRetryTask } from '../api/retry-task';
import { TaskRapportModal } from './task-rapport-modal';

const PAGE_SIZE = 10;

const STATUT_COLORS: Record<TaskStatut, string> = {
  en_attente: 'default',
  en_cours: 'processing',
  terminee: 'success',
  echec: 'error',
};

export interface TasksDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * « Tâches » (issue 12 §3, docs/frontend.md « Tâches »): one's background tasks — an administrator's: everyone's —
 * newest first, with their state, progress, result (the file of an export, the report of a request sync) or French
 * error, and « Relancer » on a failed one. Kept current by the socket's `tache` events; re-read every 15 s only while the socket is down and a
 * task is queued or running.
 */
export default function TasksDrawer({ open, onClose }: TasksDrawerProps) {
  const { jwtTokenDecoded } = useAuth();
  const isAdmin = jwtTokenDecoded.role === 'admin';
  const compact = !Grid.useBreakpoint().md;
  const [page, setPage] = useState(1);
  const tasks = useTasks({ page, pageSize: PAGE_SIZE }, { enabled: open });
  const retry = useRetryTask();
  const download = useFileDownload<number>({ failure: fileDownloadFailure });
  const [rapportOf, setRapportOf] = useState<number | null>(null);

  const columns: TableColumnsType<Task> = [
    { title: 'N°', dataIndex: 'id', width: 64 },
    { title: 'Tâche', dataIndex: 'libelle' },
    ...(isAdmin
      ? [
          {
            title: 'Demandée par',
            key: 'demandeur',
            render: (_: unknown, task: Task) => task.demandeur?.nom ?? 'Système',
          },
        ]
      : []),
    {
      title: 'Créée le',
      dataIndex: 'created_at',
      width: 130,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: 'État',
      key: 'statut',
      width: 150,
      render: (_, task) => (
        <Space orientation="vertical" size={2} style={{ width: '100%' }}>
          <Tag color={STATUT_COLORS[task.statut]}>{TASK_STATUT_LABELS[task.statut]}</Tag>
          {isActiveTask(task) && (
            <Progress
              percent={task.progression}
              format={(percent) => formatPercent(percent, { decimals: 0 })}
              size="small"
              aria-label={`Progression de la tâche n° ${task.id}`}
            />
          )}
        </Space>
      ),
    },
    {
      title: 'Résultat',
      key: 'resultat',
      render: (_, task) => (
        <Space orientation="vertical" size={4}>
          {task.resultat && <span>{task.resultat.message}</span>}
          {task.resultat?.lien && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={download.running === task.id}
              onClick={() => void download.start(task.id, ...taskFileRequest(task), taskFileName(task))}
            >
              Télécharger
            </Button>
          )}
          {task.resultat?.rapport && (
            <Button size="small" icon={<FileSearchOutlined />} onClick={() => setRapportOf(task.id)}>
              Voir le rapport
            </Button>
          )}
          {task.erreur && <Typography.Text type="danger">{task.erreur}</Typography.Text>}
          {task.relancee_par !== null && (
            <Typography.Text type="secondary">Relancée (tâche n° {task.relancee_par})</Typography.Text>
          )}
          {canRetryTask(task) && (
            <Button
              size="small"
              icon={<RedoOutlined />}
              loading={retry.isPending && retry.variables === task.id}
              onClick={() => retry.mutate(task.id)}
            >
              Relancer
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer title="Tâches" open={open} onClose={onClose} size={compact ? '100%' : 760} destroyOnHidden>
      {download.error && (
        <Alert
          type="error"
          showIcon
          closable
          title={download.error}
          onClose={download.clearError}
          style={{ marginBottom: 12 }}
        />
      )}
      {tasks.isError ? (
        <Alert
          type="error"
          showIcon
          title="Les tâches n'ont pas pu être chargées."
          description={tasks.error.message}
          action={
            <Button size="small" onClick={() => void tasks.refetch()}>
              Réessayer
            </Button>
          }
        />
      ) : (
        <Table<Task>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={tasks.data?.data ?? []}
          loading={tasks.isPending}
          locale={{ emptyText: 'Aucune tâche pour le moment.' }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: tasks.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      )}
      {rapportOf !== null && <TaskRapportModal taskId={rapportOf} onClose={() => setRapportOf(null)} />}
    </Drawer>
  );
}
