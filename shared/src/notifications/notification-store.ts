import { createStore } from 'zustand/vanilla';
import { DEFAULT_NOTIFICATION_TITLE } from '../contract/notification-values';

export interface AppNotification {
  id: string;
  title: string;
  message: string;
  /** Arrival or creation time (ISO string). */
  timestamp: string;
  isRead: boolean;
  /** Where a click leads (a dashboard path), when the server gave one. */
  lien?: string;
}

export { DEFAULT_NOTIFICATION_TITLE };

export interface NotificationState {
  items: AppNotification[];
  unreadCount: number;
  /** Whether the server has more pages (infinite scroll). */
  hasMore: boolean;
  page: number;
  /**
   * Whether the first page has been read (or could not be): until then the bell's panel shows that it is loading,
   * not « No notifications » — the feed starts a few seconds after the dashboard is shown.
   */
  loaded: boolean;
}

/**
 * The notification list behind the bell. The live feed and the server pages arrive with the notifications
 * issue; the list rules (de-duplication, unread count) are real now.
 */
export const notificationStore = createStore<NotificationState>(() => ({
  items: [],
  unreadCount: 0,
  hasMore: false,
  page: 0,
  loaded: false,
}));

type Incoming = Omit<Partial<AppNotification>, 'id' | 'lien'> & {
  message: string;
  id?: string | number;
  read?: boolean;
  time?: string;
  lien?: string | null;
};

function normalise(incoming: Incoming): AppNotification {
  const timestamp = incoming.timestamp ?? incoming.time ?? new Date().toISOString();
  return {
    id: String(incoming.id ?? `${timestamp}-${incoming.message}`),
    title: incoming.title || DEFAULT_NOTIFICATION_TITLE,
    message: incoming.message,
    timestamp,
    isRead: incoming.isRead ?? incoming.read ?? false,
    ...(incoming.lien ? { lien: incoming.lien } : {}),
  };
}

/** Adds notifications, de-duplicated by id or message (spec §3). New ones go first. */
export function addNotifications(incoming: Incoming[], position: 'start' | 'end' = 'start'): void {
  notificationStore.setState((state) => {
    const seenIds = new Set(state.items.map((n) => n.id));
    const seenMessages = new Set(state.items.map((n) => n.message));
    const fresh: AppNotification[] = [];
    for (const raw of incoming) {
      const item = normalise(raw);
      if (seenIds.has(item.id) || seenMessages.has(item.message)) continue;
      seenIds.add(item.id);
      seenMessages.add(item.message);
      fresh.push(item);
    }
    const items = position === 'start' ? [...fresh, ...state.items] : [...state.items, ...fresh];
    return { items, unreadCount: state.unreadCount + fresh.filter((n) => !n.isRead).length };
  });
}

/** Marks one read; the unread count never goes below 0. */
export function markNotificationRead(id: string): void {
  notificationStore.setState((state) => {
    const target = state.items.find((n) => n.id === id);
    if (!target || target.isRead) return state;
    return {
      items: state.items.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      unreadCount: Math.max(0, state.unreadCount - 1),
    };
  });
}

export function markAllNotificationsRead(): void {
  notificationStore.setState((state) => ({
    items: state.items.map((n) => ({ ...n, isRead: true })),
    unreadCount: 0,
  }));
}

export function resetNotifications(): void {
  notificationStore.setState({ items: [], unreadCount: 0, hasMore: false, page: 0, loaded: false });
}

/** The first page could not be read (spec §8: only logged): the panel stops showing that it is loading. */
export function notificationsUnavailable(): void {
  notificationStore.setState({ loaded: true });
}

/**
 * One server page (GET /notifications?page): its items go after those already listed, and the server's unread
 * count replaces the local one (it counts the pages not loaded yet).
 */
export function addNotificationPage(page: {
  data: Incoming[];
  page: number;
  hasMore: boolean;
  unread: number;
}): void {
  addNotifications(page.data, 'end');
  notificationStore.setState({
    page: page.page,
    hasMore: page.hasMore,
    unreadCount: Math.max(0, page.unread),
    loaded: true,
  });
}

/** The highest server id listed: the resync asks for what came after it. 0 when none. */
export function lastNotificationId(): number {
  let last = 0;
  for (const item of notificationStore.getState().items) {
    const id = Number(item.id);
    if (Number.isSafeInteger(id) && id > last) last = id;
  }
  return last;
}
