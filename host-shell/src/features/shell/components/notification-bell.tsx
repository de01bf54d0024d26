import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Grid } from 'antd';
import { lazy, Suspense, useState } from 'react';
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

/**
 * Under 768 px the panel is the screen's width less 16 px (spec §2): it is placed 8 px from the screen's left edge.
 * Aligned on the bell's right edge, as from 768 px, it began 24 px off the screen (the logout button is right of the
 * bell) and every item was cut.
 */
const COMPACT_PANEL = { left: 8 } as const;

/**
 * Bell and unread badge (spec §2); the Notifications panel opens on click (notification-panel.tsx) and closes once an
 * item's click has led to its page.
 */
export function NotificationBell({ onLoadMore }: { onLoadMore?: () => void }) {
  const { unreadCount } = useStore(notificationStore);
  const [open, setOpen] = useState(false);
  const compact = !Grid.useBreakpoint().md;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      popupRender={() => (
        <Suspense fallback={<div style={PANEL_PLACEHOLDER} aria-busy="true" />}>
          <NotificationPanel onLoadMore={onLoadMore} onNavigate={() => setOpen(false)} />
        </Suspense>
      )}
      placement="bottomRight"
      styles={compact ? { root: COMPACT_PANEL } : undefined}
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
