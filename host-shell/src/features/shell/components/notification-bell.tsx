import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown } from 'antd';
import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { notificationStore } from 'shared';

// The panel, its list and its calls load on the bell's first opening: they are not in the first load.
const NotificationPanel = lazy(() => import('./notification-panel'));

/** Spec §9: the panel's size, kept while its code loads. */
const PANEL_PLACEHOLDER = {
  width: 360,
  maxWidth: 'calc(100vw - 16px)',
  height: 400,
  background: '#fff',
  borderRadius: 8,
};

/** Bell and unread badge (spec §2); the Notifications panel opens on click (notification-panel.tsx). */
export function NotificationBell({ onLoadMore }: { onLoadMore?: () => void }) {
  const { unreadCount } = useStore(notificationStore);
  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        <Suspense fallback={<div style={PANEL_PLACEHOLDER} aria-busy="true" />}>
          <NotificationPanel onLoadMore={onLoadMore} />
        </Suspense>
      )}
      placement="bottomRight"
    >
      <Button
        shape="circle"
        aria-label={`Notifications (${unreadCount} non lue${unreadCount > 1 ? 's' : ''})`}
        icon={
          <Badge count={unreadCount} size="small" offset={[4, -4]}>
            <BellOutlined />
          </Badge>
        }
      />
    </Dropdown>
  );
}
