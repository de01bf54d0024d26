import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiClient,
  markAllNotificationsRead,
  markNotificationRead as markReadInStore,
  NOTIFICATION_PATHS,
  notificationKeys,
  notificationReadPath,
  notificationStore,
} from 'shared';
import type { NotificationReadAnswer, NotificationsReadAnswer } from 'shared/contract';

/** PUT /notifications/:id/read (spec §7); answers the server's unread count. */
export async function markNotificationRead(id: string): Promise<NotificationReadAnswer> {
  const { data } = await apiClient.put<NotificationReadAnswer>(notificationReadPath(id));
  return data;
}

/** POST /notifications/mark-all-read (spec §7). */
export async function markAllRead(): Promise<NotificationsReadAnswer> {
  const { data } = await apiClient.post<NotificationsReadAnswer>(NOTIFICATION_PATHS.markAllRead);
  return data;
}

/** The store marks at once and decrements the count (never below 0, spec §2); the server is told. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      markReadInStore(id);
      // An item only the client knows (no server id) is marked locally only.
      if (!/^\d+$/.test(id)) return Promise.resolve({ unread: notificationStore.getState().unreadCount });
      return markNotificationRead(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      markAllNotificationsRead();
      return markAllRead();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
