import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { errorMessage, formatDateTime } from 'shared';
import {
  RELEASE_ACTION_LABELS,
  releaseEventReason,
  type ReleaseEvent,
  type ReleaseSummary,
  type RemoteStatus,
} from 'shared/contract';
import { useReleaseHistory } from '../api/get-release-history';
import { useRemoteReleases } from '../api/get-remote-releases';
import { PromoteReleaseButton } from './promote-release-button';
import { RollbackButton } from './rollback-button';

const percent = (value: number) => `${value}\u00a0%`;

function Failure({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error)}
      action={
        <Button size="small" onClick={() => void retry()}>
          Réessayer
        </Button>
      }
    />
  );
}

function Pointers({ status }: { status: RemoteStatus }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="Version en ligne">
        {status.live ? <Typography.Text code>{status.live.id}</Typography.Text> : 'Aucune version en ligne'}
      </Descriptions.Item>
      {status.live && (
        <>
          <Descriptions.Item label="Construite le">{formatDateTime(status.live.builtAt)}</Descriptions.Item>
          <Descriptions.Item label="Commit">
            <Typography.Text code>{status.live.commit}</Typography.Text>
          </Descriptions.Item>
        </>
      )}
      <Descriptions.Item label="Canari">
        {status.canary ? (
          <>
            <Typography.Text code>{status.canary.release.id}</Typography.Text> pour{' '}
            {percent(status.canary.percent)} des utilisateurs
          </>
        ) : (
          'Aucun canari'
        )}
      </Descriptions.Item>
      {status.updatedAt && (
        <Descriptions.Item label="Dernier changement">{formatDateTime(status.updatedAt)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

function Releases({ status }: { status: RemoteStatus }) {
  const releases = useRemoteReleases(status.remote);
  if (releases.isError) return <Failure error={releases.error} retry={releases.refetch} />;
  return (
    <Table<ReleaseSummary>
      rowKey="id"
      size="small"
      loading={releases.isPending}
      dataSource={releases.data ?? []}
      pagination={false}
      // Wider than a phone (375 px): the table scrolls inside its card, the page does not scroll sideways.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description="Aucune version enregistrée" /> }}
      columns={[
        {
          title: 'Version',
          dataIndex: 'id',
          render: (id: string) => (
            <Flex gap={4} wrap>
              <Typography.Text code>{id}</Typography.Text>
              {status.live?.id === id && <Tag color="green">En ligne</Tag>}
              {status.canary?.release.id === id && (
                <Tag color="gold">Canari {percent(status.canary.percent)}</Tag>
              )}
            </Flex>
          ),
        },
        { title: 'Commit', dataIndex: 'commit' },
        { title: 'Construite le', dataIndex: 'builtAt', render: (value: string) => formatDateTime(value) },
        {
          title: 'Enregistrée',
          key: 'registered',
          render: (_, release) => `${formatDateTime(release.registeredAt)} par ${release.registeredBy}`,
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, release) =>
            status.live?.id === release.id ? null : <PromoteReleaseButton status={status} id={release.id} />,
        },
      ]}
    />
  );
}

function History({ history }: { history: ReturnType<typeof useReleaseHistory> }) {
  if (history.isError) return <Failure error={history.error} retry={history.refetch} />;
  return (
    <Table<ReleaseEvent>
      rowKey="id"
      size="small"
      loading={history.isPending}
      dataSource={history.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description="Aucun changement enregistré" /> }}
      columns={[
        { title: 'Quand', dataIndex: 'at', render: (value: string) => formatDateTime(value) },
        { title: 'Qui', dataIndex: 'actor' },
        {
          title: 'Action',
          key: 'action',
          render: (_, event) =>
            event.canaryPercent === null
              ? RELEASE_ACTION_LABELS[event.action]
              : `${RELEASE_ACTION_LABELS[event.action]} (${percent(event.canaryPercent)})`,
        },
        { title: 'De', dataIndex: 'fromId', render: (value: string | null) => value ?? '—' },
        { title: 'Vers', dataIndex: 'toId', render: (value: string | null) => value ?? '—' },
        { title: 'Motif', key: 'reason', render: (_, event) => releaseEventReason(event) ?? '' },
      ]}
    />
  );
}

/** One remote of « Versions des modules »: its pointers and rollback, its releases to promote, its trail. */
export function RemoteVersions({ status }: { status: RemoteStatus }) {
  const history = useReleaseHistory(status.remote);
  return (
    <Flex vertical gap={16}>
      {/* Title and button in one wrapping row, not `extra`: the header's title shrinks to nothing beside a wide
          button on a phone (375 px); here the button goes under the title when both do not fit. */}
      <Card
        styles={{ title: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 8 } }}
        title={
          <Flex wrap align="center" justify="space-between" gap={8}>
            <span>Version servie</span>
            {history.isPending ? (
              <Skeleton.Button active size="small" />
            ) : (
              <RollbackButton status={status} history={history.data ?? []} />
            )}
          </Flex>
        }
      >
        <Pointers status={status} />
      </Card>
      <Card title="Versions enregistrées">
        <Releases status={status} />
      </Card>
      <Card title="Historique">
        <History history={history} />
      </Card>
    </Flex>
  );
}
