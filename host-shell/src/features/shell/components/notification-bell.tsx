import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Empty, Grid } from 'antd';
import type { UIEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import {
  dashboardUrl,
  formatNotificationTime,
  markAllNotificationsRead,
  markNotificationRead,
  notificationStore,
} from 'shared';
import { Text } from '../../../lib/plain-ui';

/** Distance from the bottom (px) at which the next page loads (spec §9). */
export const SCROLL_THRESHOLD = 100;

/**
 * Bell, unread badge and the Notifications panel (spec §2). The list rules are real; the live feed and the
 * server pages that fill the list arrive with the notifications issue.
 */
export function NotificationBell({ onLoadMore }: { onLoadMore?: () => void }) {
  const navigate = useNavigate();
  const compact = !Grid.useBreakpoint().md;
  const { items, unreadCount, hasMore } = useStore(notificationStore);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (hasMore && onLoadMore && el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD)
      onLoadMore();
  };

  const panel = (
    <div
      role="dialog"
      aria-label="Notifications"
      style={{
        width: compact ? 'calc(100vw - 16px)' : 360,
        height: 400,
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        borderRadius: 8,
        boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '8px 12px',
        }}
      >
        <Text strong>Notifications</Text>
        <Button size="small" type="link" disabled={unreadCount === 0} onClick={markAllNotificationsRead}>
          Tout marquer comme lu
        </Button>
      </div>
      <div style={{ flex: 1, overflowY: 'auto' }} onScroll={onScroll} data-testid="notification-list">
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            onClick={() => {
              markNotificationRead(item.id);
              void navigate(dashboardUrl('demandes-hebergement'));
            }}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              border: 0,
              borderBottom: '1px solid #f0f0f0',
              padding: '8px 12px',
              cursor: 'pointer',
              background: item.isRead ? '#fff' : '#e8f0fb',
            }}
          >
            <Text strong={!item.isRead}>{item.message}</Text>
            <br />
            <Text secondary style={{ fontSize: 12 }}>
              {formatNotificationTime(item.timestamp)}
            </Text>
          </button>
        ))}
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications" />
        ) : (
          !hasMore && (
            <Text block secondary style={{ textAlign: 'center', margin: 8 }}>
              No more notifications
            </Text>
          )
        )}
      </div>
    </div>
  );

  return (
    <Dropdown trigger={['click']} popupRender={() => panel} placement="bottomRight">
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
