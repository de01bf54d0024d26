import { Layout, Menu, Tag, Typography } from 'antd';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { checkStoredSession } from '../auth/auth-store';
import { readToken, storeToken } from '../auth/token-storage';
import { createQueryClient } from '../api/query-client';
import type { RemoteName } from '../federation';
import { mockToken } from '../mocks/common/users';
import type { RemoteDeclarations } from '../contract/route-declarations';
import { DASHBOARD_PATH, installDeclarations, routesOf } from '../routes';
import { AppProviders } from '../ui/app-providers';

export type PageMap = Record<string, ComponentType>;

/** A param route gets a sample id in the standalone menu. */
const sampleUrl = (path: string) => `${DASHBOARD_PATH}/${path.replace(/:\w+/g, '1')}`;

function StandaloneLayout({ remote, title, pages }: { remote: RemoteName; title: string; pages: PageMap }) {
  const location = useLocation();
  const routes = routesOf(remote);
  const first = routes[0];
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Typography.Text style={{ color: '#fff', fontWeight: 600 }}>EBAS3 — {title}</Typography.Text>
        <Tag color="orange">Mode autonome : données simulées (MSW), sans API</Tag>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={280} theme="light">
          <Menu
            mode="inline"
            selectedKeys={[location.pathname]}
            items={routes.map((route) => ({
              key: sampleUrl(route.path),
              label: <Link to={sampleUrl(route.path)}>{route.title}</Link>,
            }))}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <Routes>
            {routes.map((route) => {
              const Page = pages[route.id];
              return Page ? (
                <Route key={route.id} path={`${DASHBOARD_PATH}/${route.path}`} element={<Page />} />
              ) : null;
            })}
            {first && <Route path="*" element={<Navigate to={sampleUrl(first.path)} replace />} />}
          </Routes>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/**
 * Runs a remote on its own: mocked API (the shared MSW handlers), a mock session, its own router and the
 * product's providers. Used by each remote's bootstrap when it is opened directly (dev server or preview).
 */
export async function startStandalone({
  declarations,
  ...options
}: {
  remote: RemoteName;
  title: string;
  pages: PageMap;
  declarations: RemoteDeclarations;
}) {
  // Alone, the remote's own declarations are the route table; links into other remotes use LINKED_PATHS.
  installDeclarations({ [options.remote]: declarations });
  const { startBrowserMocks } = await import('../mocks/browser');
  await startBrowserMocks();
  // No host, no socket: the mocks simulate the live feed (docs/frontend.md « Notifications en direct »).
  const { startMockRealtimeFeed } = await import('../mocks/notifications/feed');
  startMockRealtimeFeed();
  if (!readToken()) storeToken(mockToken());
  checkStoredSession();
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root introuvable');
  createRoot(container).render(
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <StandaloneLayout {...options} />
      </BrowserRouter>
    </AppProviders>,
  );
}
