import { REALTIME_EVENTS } from '../../contract/notification-values';
import { publishRealtimeEvent, setRealtimeStatus } from '../../notifications/realtime';
import { pushMockNotification } from './store';

/** A notification arriving as the socket brings one: on top of the mocked feed, and published live. */
export function deliverMockNotification(message: string, title: string, lien: string | null = null): void {
  const item = pushMockNotification(message, title);
  item.lien = lien;
  publishRealtimeEvent(REALTIME_EVENTS.notification, {
    id: item.id,
    title: item.title,
    message: item.message,
    timestamp: item.timestamp,
    lien: item.lien,
  });
}

/**
 * Standalone mode has no host, hence no socket: this simulates the live feed so that a remote's subscriptions
 * (`useRealtimeEvent`, `useFollowEntity`) can be seen working. Every `intervalMs` a notification arrives and the
 * request it names is reported changed. Returns the function that stops it.
 */
export function startMockRealtimeFeed(options: { intervalMs?: number } = {}): () => void {
  setRealtimeStatus({ state: 'open', error: null });
  let count = 0;
  const timer = setInterval(() => {
    count += 1;
    const demandeId = 1 + (count % 5);
    deliverMockNotification(
      `Demande n° ${demandeId} modifiée par un collègue (simulation ${count}).`,
      'Demande modifiée',
    );
    publishRealtimeEvent(REALTIME_EVENTS.changement, { entite: 'demande', id: demandeId, par: null });
  }, options.intervalMs ?? 30_000);
  return () => {
    clearInterval(timer);
    setRealtimeStatus({ state: 'closed', error: null });
  };
}
