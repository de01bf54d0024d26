import { useQueryClient } from '@tanstack/react-query';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  addNotificationPage,
  addNotifications,
  demandeKeys,
  lastNotificationId,
  notificationStore,
  notificationsUnavailable,
  REALTIME_EVENTS,
  reservationKeys,
  resetNotifications,
  type NotificationEvent,
} from 'shared';
import { subscribeRealtime } from 'shared/realtime';
import { DEFERRED_DELAY_MS, whenIdleAfter } from '../../../lib/deferred';
import { notificationsQueryOptions } from '../api/get-notifications';

/**
 * The socket opens this long after the hook first runs, when the browser is idle (the dashboard layout already
 * defers the whole feed, see live-feed.tsx: it passes 0). Nothing is missed meanwhile: the first page is read then.
 */
export const LIVE_FEED_DELAY_MS = DEFERRED_DELAY_MS;

/** Spec §9: the live toast, top right, 350 px wide, 5 s. */
export const LIVE_TOAST = { placement: 'topRight', width: 350, duration: 5 } as const;

const LiveToasts = lazy(() => import('../components/live-toasts'));

const alreadyListed = (event: NotificationEvent) =>
  notificationStore
    .getState()
    .items.some((item) => item.id === String(event.id) || item.message === event.message);

/**
 * The bell's live feed, for the protected shell's lifetime: the first page, then the one socket; on each
 * 'notification' a toast, the dashboard totals and badges refreshed, the item on top of the feed; after a
 * reconnection, what was missed since the last id seen (no toast for those: no duplicates). Returns the toasts'
 * holder to render: nothing until the first toast, whose antd code (~9 kB brotli) is fetched then.
 */
export function useLiveFeed(startDelayMs: number = LIVE_FEED_DELAY_MS) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Refs: the socket lives as long as the shell, not as long as one location or one render.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  // The toasts' API once LiveToasts has loaded; the toasts asked for before wait in order.
  const toastsRef = useRef<NotificationInstance | null>(null);
  const waiting = useRef<ArgsProps[]>([]);
  const [toastsWanted, setToastsWanted] = useState(false);
  const onToastsReady = useCallback((toasts: NotificationInstance) => {
    toastsRef.current = toasts;
    for (const toast of waiting.current.splice(0)) toasts.open(toast);
  }, []);

  useEffect(() => {
    let closed = false;
    let stop: (() => void) | undefined;

    const refreshTotals = () => {
      void queryClient.invalidateQueries({ queryKey: demandeKeys.counts() });
      void queryClient.invalidateQueries({ queryKey: reservationKeys.counts() });
    };

    const resync = async () => {
      try {
        const missed = await queryClient.fetchQuery(
          notificationsQueryOptions({ since: lastNotificationId() }),
        );
        if (closed) return;
        addNotifications(missed.data);
        notificationStore.setState({ unreadCount: missed.unread });
        if (missed.total > 0) refreshTotals();
      } catch (error) {
        // Spec §8: notification loading errors are only logged.
        console.error(error);
      }
    };

    const unsubscribe = subscribeRealtime<NotificationEvent>(REALTIME_EVENTS.notification, (event) => {
      if (alreadyListed(event)) return;
      addNotifications([event]);
      refreshTotals();
      const toast: ArgsProps = {
        key: `notification-${event.id}`,
        title: event.title,
        description: event.message,
        placement: LIVE_TOAST.placement,
        duration: LIVE_TOAST.duration,
        style: { width: LIVE_TOAST.width },
        onClick: event.lien ? () => void navigateRef.current(event.lien!) : undefined,
      };
      if (toastsRef.current) toastsRef.current.open(toast);
      else {
        waiting.current.push(toast);
        setToastsWanted(true);
      }
    });

    const cancelStart = whenIdleAfter(startDelayMs, () => {
      void (async () => {
        try {
          const first = await queryClient.fetchQuery(notificationsQueryOptions({ page: 1 }));
          if (closed) return;
          addNotificationPage({
            data: first.data,
            page: 1,
            hasMore: first.data.length < first.total,
            unread: first.unread,
          });
        } catch (error) {
          console.error(error);
          notificationsUnavailable();
        }
        if (closed) return;
        try {
          // Its own chunk with socket.io-client: nothing of the socket is on the first load.
          const { connectRealtime } = await import('../realtime/connect-realtime');
          const close = await connectRealtime({ onReconnect: () => void resync() });
          if (closed) close();
          else stop = close;
        } catch (error) {
          console.error(error);
        }
      })();
    });

    return () => {
      closed = true;
      cancelStart();
      unsubscribe();
      stop?.();
      resetNotifications();
    };
  }, [queryClient, startDelayMs]);

  if (!toastsWanted) return null;
  return (
    <Suspense fallback={null}>
      <LiveToasts onReady={onToastsReady} />
    </Suspense>
  );
}
