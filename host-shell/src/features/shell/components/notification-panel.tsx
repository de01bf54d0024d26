import { Button, Empty, Grid, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, type UIEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { addNotificationPage, formatDateTime, formatNotificationTime, notificationStore } from 'shared';
import { Text } from '../../../lib/plain-ui';
import { NOTIFICATIONS_PAGE_SIZE, notificationsQueryOptions } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationTarget } from '../notification-target';

/** Distance from the bottom (px) at which the next page loads (spec §9). */
export const SCROLL_THRESHOLD = 100;

/** The next page of the feed, once at a time; its errors are only logged (spec §8). */
function useLoadMoreNotifications() {
  const queryClient = useQueryClient();
  const loading = useRef(false);
  return () => {
    if (loading.current) return;
    loading.current = true;
    const next = notificationStore.getState().page + 1;
    queryClient
      .fetchQuery(notificationsQueryOptions({ page: next }))
      .then((answer) =>
        addNotificationPage({
          data: answer.data,
          page: next,
          hasMore: next * NOTIFICATIONS_PAGE_SIZE < answer.total,
          unread: answer.unread,
        }),
      )
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        loading.current = false;
      });
  };
}

export interface NotificationPanelProps {
  onLoadMore?: () => void;
  /** After a click on an item has started its navigation: the bell closes its panel over the page it leads to. */
  onNavigate?: () => void;
}

/**
 * The Notifications panel (spec §2), loaded on the bell's first opening: the live feed's items on top, older pages
 * loaded 100 px before the bottom; a click marks read and goes where the notification is about, the requests screen
 * by default (`notificationTarget`). Until the feed's first page is in, it shows that it is loading. Each time is
 * shown JJ/MM/AAAA HH:mm, the spec's YYYY-MM-DD HH:mm:ss kept as the element's value (docs/frontend.md).
 */
export default function NotificationPanel({ onLoadMore, onNavigate }: NotificationPanelProps) {
  const navigate = useNavigate();
  const compact = !Grid.useBreakpoint().md;
  const { items, unreadCount, hasMore, loaded } = useStore(notificationStore);
  const loadMore = useLoadMoreNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const more = onLoadMore ?? loadMore;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (hasMore && el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD) more();
  };

  return (
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
        <Button size="small" type="link" disabled={unreadCount === 0} onClick={() => markAllRead.mutate()}>
          Tout marquer comme lu
        </Button>
      </div>
      <div style={{ flex: 1, overflowY: 'auto' }} onScroll={onScroll} data-testid="notification-list">
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            onClick={() => {
              if (!item.isRead) markRead.mutate(item.id);
              void navigate(notificationTarget(item));
              onNavigate?.();
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
              <time
                dateTime={formatNotificationTime(item.timestamp)}
                title={formatNotificationTime(item.timestamp)}
              >
                {formatDateTime(item.timestamp)}
              </time>
            </Text>
          </button>
        ))}
        {!loaded ? (
          <div
            role="status"
            aria-busy="true"
            style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, padding: 24 }}
          >
            <Spin />
            <Text secondary>Chargement des notifications…</Text>
          </div>
        ) : items.length === 0 ? (
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
}
