import { Alert, Empty, Flex, Skeleton, Tabs, Typography } from 'antd';
import { canManageReleases, useAuth } from 'shared';
import { useRegistryStatus } from '../api/get-registry-status';
import { RemoteVersions } from './remote-versions';

function Registry() {
  const status = useRegistryStatus();
  if (status.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (status.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="Impossible de charger le registre des versions."
        description={status.error.message}
      />
    );
  if (status.data.length === 0)
    return (
      <Empty description="Aucune version enregistrée : livrez un module avec « pnpm release <module> »." />
    );
  return (
    <Tabs
      destroyOnHidden
      items={status.data.map((remote) => ({
        key: remote.remote,
        label: remote.remote,
        children: <RemoteVersions status={remote} />,
      }))}
    />
  );
}

/**
 * « Versions des modules » (issue 38 §2): per remote, the release served and its canary, the releases registered,
 * the trail, and promote / rollback. In the host, not in a remote: it must work when a remote's release is broken.
 */
export default function ModuleVersionsPage() {
  const { jwtTokenDecoded } = useAuth();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Versions des modules
      </Typography.Title>
      {canManageReleases(jwtTokenDecoded) ? (
        <Registry />
      ) : (
        <Alert type="warning" showIcon title="Cette page est réservée aux administrateurs." />
      )}
    </Flex>
  );
}
