import { DownOutlined, LogoutOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ACCOUNT_URL,
  ACTION_PARAM,
  ADD_MODE_PARAM,
  ADD_MODE_VALUE,
  DEMANDE_ACTIONS,
  dashboardUrl,
  displayName,
  resetDashboardContent,
  TOP_BAR_SHORTCUTS,
  useAuth,
} from 'shared';
import { Text } from '../../../lib/plain-ui';
import { deferred } from '../../../lib/deferred';
import { NotificationBell } from './notification-bell';

// The socket's dot is meaningless before the socket opens: it comes with the deferred live feed.
const ConnectionState = deferred<object>(() =>
  import('./connection-state').then((module) => ({ default: module.ConnectionState })),
);

const addModeUrl = (routeId: string) => `${dashboardUrl(routeId)}?${ADD_MODE_PARAM}=${ADD_MODE_VALUE}`;

/**
 * Shortcuts, add buttons, bell, « Mon compte » (the user's name) and logout. The shortcuts wrap rather than hide when
 * the bar is short of room; under 768 px they become a compact horizontally scrollable strip on a line of its own,
 * under the session's buttons. `extra` (composed in app/: « Tâches ») sits before the bell.
 */
export function TopBar({ extra }: { extra?: ReactNode }) {
  const navigate = useNavigate();
  const { jwtTokenDecoded, logout } = useAuth();
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  // Below 1600 px (1366 px with the menu open) the middle-sized buttons need two lines; the small ones fit on one.
  const size = screens.xxl ? 'middle' : 'small';

  const onLogout = () => {
    // A deliberate logout: the next login starts from the home, not from this screen.
    resetDashboardContent();
    logout();
    void navigate('/', { replace: true });
  };

  return (
    <div
      data-testid="top-bar"
      style={{
        display: 'flex',
        flexWrap: compact ? 'wrap' : 'nowrap',
        alignItems: 'center',
        gap: compact ? 4 : 8,
        width: '100%',
        minWidth: 0,
        padding: compact ? '4px 0' : undefined,
      }}
    >
      {/*
        From 768 px the shortcuts wrap onto a second line when the bar is short of room (1366 px with the menu
        open): a scrolling strip there clipped « + Demande » under the bell, with only a thin scrollbar to tell.
        Under 768 px the spec wants the compact scrollable strip: it takes the whole width of a line under the
        session's buttons — beside them it had 193 px at 375 px, and « À prolonger », the second shortcut, was cut.
      */}
      <div
        role="toolbar"
        aria-label="Raccourcis"
        style={{
          display: 'flex',
          flexWrap: compact ? 'nowrap' : 'wrap',
          gap: screens.xxl ? 8 : 4,
          flex: compact ? '1 0 100%' : 1,
          order: compact ? 1 : 0,
          minWidth: 0,
          overflowX: compact ? 'auto' : 'visible',
          whiteSpace: 'nowrap',
          scrollbarWidth: 'thin',
          padding: '4px 0',
        }}
      >
        {TOP_BAR_SHORTCUTS.map((shortcut) =>
          shortcut.routeId === 'demandes-hebergement' ? (
            <Dropdown
              key={shortcut.routeId}
              menu={{
                items: DEMANDE_ACTIONS.map((action) => ({ key: action.key, label: action.label })),
                onClick: ({ key }) =>
                  void navigate(`${dashboardUrl(shortcut.routeId)}?${ACTION_PARAM}=${key}`),
              }}
            >
              <Button size={size}>
                {shortcut.label} <DownOutlined />
              </Button>
            </Dropdown>
          ) : (
            <Button
              key={shortcut.routeId}
              size={size}
              onClick={() => void navigate(dashboardUrl(shortcut.routeId))}
            >
              {shortcut.label}
            </Button>
          ),
        )}
        <Button
          type="primary"
          size={size}
          icon={<PlusOutlined />}
          onClick={() => void navigate(addModeUrl('reservations'))}
        >
          Réservation
        </Button>
        <Button
          size={size}
          icon={<PlusOutlined />}
          onClick={() => void navigate(addModeUrl('demandes-hebergement'))}
        >
          Demande
        </Button>
      </div>
      <Space
        data-testid="top-bar-session"
        size={screens.xxl ? 12 : compact ? 4 : 8}
        wrap={false}
        style={{ flex: 'none', marginLeft: compact ? 'auto' : undefined }}
      >
        <ConnectionState />
        {extra}
        <NotificationBell />
        {/* The name itself opens « Mon compte »: no wider than the name was (the shortcuts share the bar). */}
        <Tooltip title="Mon compte">
          {compact ? (
            <Button
              size={size}
              icon={<UserOutlined />}
              aria-label="Mon compte"
              onClick={() => void navigate(ACCOUNT_URL)}
            />
          ) : (
            <Button
              type="link"
              size={size}
              aria-label="Mon compte"
              style={{ paddingInline: 0 }}
              onClick={() => void navigate(ACCOUNT_URL)}
            >
              <Text strong ellipsis style={{ maxWidth: 160 }}>
                {displayName(jwtTokenDecoded)}
              </Text>
            </Button>
          )}
        </Tooltip>
        <Tooltip title="Se déconnecter">
          <Button size={size} icon={<LogoutOutlined />} onClick={onLogout} aria-label="Se déconnecter">
            {compact ? null : 'Déconnexion'}
          </Button>
        </Tooltip>
      </Space>
    </div>
  );
}
