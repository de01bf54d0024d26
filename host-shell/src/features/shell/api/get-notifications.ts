import { queryOptions } from '@tanstack/react-query';
import { apiClient, NOTIFICATION_PATHS, notificationKeys } from 'shared';
import type { NotificationsPage } from 'shared/contract';

/** Size of a page of the bell's feed. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationsRequest {
  page?: number;
  /** Resync: only what came after this id. */
  since?: number;
}

/** GET /notifications?page (spec §7): one's own, newest first, with the unread count. */
export async function getNotifications(
  request: NotificationsRequest,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const { data } = await apiClient.get<NotificationsPage>(NOTIFICATION_PATHS.list, {
    signal,
    params: {
      page: request.page ?? 1,
      pageSize: request.since === undefined ? NOTIFICATIONS_PAGE_SIZE : 100,
      since: request.since,
    },
  });
  return data;
}

/**
 * The feed's pages are read on demand (the bell's scroll, the resync after a reconnection) and merged into the
 * notification store (client state: pages and live events together); never kept in the cache beyond the call.
 */
export const notificationsQueryOptions = (request: NotificationsRequest) =>
  queryOptions({
    queryKey: notificationKeys.list(request),
    queryFn: ({ signal }) => getNotifications(request, signal),
    staleTime: 0,
    gcTime: 0,
  });
