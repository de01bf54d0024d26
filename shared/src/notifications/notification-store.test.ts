import { beforeEach, describe, expect, it } from 'vitest';
import {
  addNotificationPage,
  addNotifications,
  DEFAULT_NOTIFICATION_TITLE,
  lastNotificationId,
  markAllNotificationsRead,
  markNotificationRead,
  notificationStore,
  notificationsUnavailable,
  resetNotifications,
} from './notification-store';

const state = () => notificationStore.getState();

describe('notification store', () => {
  beforeEach(resetNotifications);

  it('adds new notifications first, unread by default, titled "Nouvelle notification"', () => {
    addNotifications([{ id: 1, message: 'Première', timestamp: '2024-01-01T10:00:00Z' }]);
    addNotifications([{ id: 2, message: 'Deuxième', timestamp: '2024-01-01T11:00:00Z' }]);
    expect(state().items.map((n) => n.id)).toEqual(['2', '1']);
    expect(state().items[0]).toEqual({
      id: '2',
      title: 'Nouvelle notification',
      message: 'Deuxième',
      timestamp: '2024-01-01T11:00:00Z',
      isRead: false,
    });
    expect(DEFAULT_NOTIFICATION_TITLE).toBe('Nouvelle notification');
    expect(state().unreadCount).toBe(2);
  });

  it('appends server pages at the end', () => {
    addNotifications([{ id: 1, message: 'Récente' }]);
    addNotifications([{ id: 2, message: 'Ancienne' }], 'end');
    expect(state().items.map((n) => n.message)).toEqual(['Récente', 'Ancienne']);
  });

  it('keeps a given title and reads `read`, `isRead` and `time`', () => {
    addNotifications([
      { id: 'a', title: 'Demande', message: 'A', read: true, time: '2024-02-02T08:00:00Z' },
      { id: 'b', message: 'B', isRead: true },
      { id: 'c', message: 'C', read: false },
    ]);
    const [a, b, c] = state().items;
    expect(a).toMatchObject({ title: 'Demande', isRead: true, timestamp: '2024-02-02T08:00:00Z' });
    expect(b?.isRead).toBe(true);
    expect(c?.isRead).toBe(false);
    expect(state().unreadCount).toBe(1);
  });

  it('de-duplicates by id', () => {
    addNotifications([{ id: 7, message: 'Une demande' }]);
    addNotifications([{ id: '7', message: 'Un autre texte' }]);
    expect(state().items).toHaveLength(1);
    expect(state().unreadCount).toBe(1);
  });

  it('de-duplicates by message, also inside one batch', () => {
    addNotifications([
      { id: 1, message: 'Nouvelle demande 12' },
      { id: 2, message: 'Nouvelle demande 12' },
    ]);
    addNotifications([{ id: 3, message: 'Nouvelle demande 12' }]);
    expect(state().items.map((n) => n.id)).toEqual(['1']);
    expect(state().unreadCount).toBe(1);
  });

  it('counts only unread arrivals', () => {
    addNotifications([
      { id: 1, message: 'A' },
      { id: 2, message: 'B', read: true },
      { id: 3, message: 'C' },
    ]);
    expect(state().unreadCount).toBe(2);
  });

  it('markNotificationRead decrements once, is idempotent and ignores unknown ids', () => {
    addNotifications([
      { id: 1, message: 'A' },
      { id: 2, message: 'B' },
    ]);
    markNotificationRead('1');
    expect(state().unreadCount).toBe(1);
    expect(state().items.find((n) => n.id === '1')?.isRead).toBe(true);
    markNotificationRead('1');
    markNotificationRead('inconnu');
    expect(state().unreadCount).toBe(1);
  });

  it('markNotificationRead never goes below 0', () => {
    addNotifications([{ id: 1, message: 'A' }]);
    notificationStore.setState({ unreadCount: 0 });
    markNotificationRead('1');
    expect(state().unreadCount).toBe(0);
    expect(state().items[0]?.isRead).toBe(true);
  });

  it('markAllNotificationsRead marks every item and zeroes the count', () => {
    addNotifications([
      { id: 1, message: 'A' },
      { id: 2, message: 'B' },
    ]);
    markAllNotificationsRead();
    expect(state().unreadCount).toBe(0);
    expect(state().items.every((n) => n.isRead)).toBe(true);
  });
});

describe('server pages and the resync point', () => {
  beforeEach(resetNotifications);

  it("appends a page after the live items and takes the server's unread count", () => {
    addNotifications([{ id: 50, message: 'En direct' }]);
    addNotificationPage({
      data: [
        { id: 49, message: 'Page 1 a', lien: '/dashboard/demande-hebergement/9' },
        { id: 48, message: 'Page 1 b', isRead: true },
      ],
      page: 1,
      hasMore: true,
      unread: 12,
    });
    expect(state().items.map((n) => n.id)).toEqual(['50', '49', '48']);
    expect(state().items[1]?.lien).toBe('/dashboard/demande-hebergement/9');
    expect(state()).toMatchObject({ page: 1, hasMore: true, unreadCount: 12 });
    expect(lastNotificationId()).toBe(50);
  });

  it('is loading until the first page is in or could not be read; a reset loads again', () => {
    expect(state().loaded).toBe(false);
    addNotifications([{ id: 50, message: 'En direct' }]);
    expect(state().loaded).toBe(false);
    addNotificationPage({ data: [], page: 1, hasMore: false, unread: 1 });
    expect(state().loaded).toBe(true);
    resetNotifications();
    expect(state().loaded).toBe(false);
    notificationsUnavailable();
    expect(state().loaded).toBe(true);
  });

  it('has no resync point while empty or with client-only items', () => {
    expect(lastNotificationId()).toBe(0);
    addNotifications([{ message: 'Sans identifiant', timestamp: '2024-01-01T10:00:00Z' }]);
    expect(lastNotificationId()).toBe(0);
  });
});
