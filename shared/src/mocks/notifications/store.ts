import type { NotificationItem } from '../../contract';
import { DEFAULT_NOTIFICATION_TITLE } from '../../contract/notification-values';

/** The mocked feed: 45 notifications (three pages of 20), the 5 newest unread. Reset between tests. */
function freshNotifications(): NotificationItem[] {
  const base = Date.parse('2026-01-15T09:00:00Z');
  return Array.from({ length: 45 }, (_, index) => {
    const id = 45 - index;
    const at = new Date(base + id * 3_600_000);
    return {
      id,
      title: id % 3 === 0 ? "Nouvelle demande d'hébergement" : DEFAULT_NOTIFICATION_TITLE,
      message: `Demande n° ${1000 + id} transmise par Association Horizon.`,
      timestamp: at.toISOString(),
      time: at.toISOString().replace('T', ' ').slice(0, 19),
      lien: `/dashboard/demande-hebergement/${id}`,
      isRead: id <= 40,
    };
  });
}

export const mockNotifications = { items: freshNotifications() };

export function resetNotificationMocks(): void {
  mockNotifications.items = freshNotifications();
}

/** A new notification on top of the mocked feed (the simulated live feed). */
export function pushMockNotification(message: string, title = DEFAULT_NOTIFICATION_TITLE): NotificationItem {
  const id = Math.max(0, ...mockNotifications.items.map((item) => item.id)) + 1;
  const at = new Date();
  const item: NotificationItem = {
    id,
    title,
    message,
    timestamp: at.toISOString(),
    time: at.toISOString().replace('T', ' ').slice(0, 19),
    lien: null,
    isRead: false,
  };
  mockNotifications.items.unshift(item);
  return item;
}
