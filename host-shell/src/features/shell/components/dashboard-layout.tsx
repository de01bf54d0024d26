import { Layout } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { saveDashboardContent, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH, useAuth } from 'shared';
import { Text } from '../../../lib/plain-ui';
import { deferred } from '../../../lib/deferred';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';
import { useSessionCheck } from '../hooks/use-session-check';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

// Out of the first load: fetched once the dashboard is shown (lib/deferred.tsx).
const LiveFeed = deferred(() => import('./live-feed'));

export interface DashboardLayoutProps {
  /** What app/ composes into the top bar from other features (« Tâches »). */
  topBarExtra?: ReactNode;
}

/**
 * The protected shell: collapsible side menu, top bar, the routed page, footer. The page is painted first: the menu
 * and the top bar (their antd components' styles computed at their first render) come in the next frame, in the
 * room kept for them (the sider's width, the header's height) — docs/performance.md « Menu and top bar after the
 * page ».
 */
export default function DashboardLayout({ topBarExtra }: DashboardLayoutProps) {
  const { jwtTokenDecoded } = useAuth();
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const pagePainted = useAfterFirstPaint();
  useSessionCheck();
  // Spec §3's dashboard content name: a login after an expired session reopens this screen.
  useEffect(() => saveDashboardContent(pathname), [pathname]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <LiveFeed />
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        // Below 768 px (antd's md) the menu folds to its 50 px rail so the page keeps the width.
        breakpoint="md"
        onBreakpoint={setCollapsed}
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        theme="light"
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        <Link to="/dashboard" style={{ display: 'block', padding: '16px 12px', textAlign: 'center' }}>
          <Text strong style={{ color: '#336dc4', fontSize: collapsed ? 12 : 20 }}>
            EBAS3
          </Text>
        </Link>
        {pagePainted && <SideMenu claims={jwtTokenDecoded} collapsed={collapsed} />}
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 12px',
            height: 'auto',
            minHeight: 56,
            lineHeight: 'normal',
            display: 'flex',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          {pagePainted && <TopBar extra={topBarExtra} />}
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }} id="contenu">
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>EBAS3 ©2023</Layout.Footer>
      </Layout>
    </Layout>
  );
}
