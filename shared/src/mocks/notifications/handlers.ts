import { http, type RequestHandler } from 'msw';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '../../contract';
import { api, fail, json, requireSession } from '../common/http';
import { mockNotifications } from './store';

const unread = () => mockNotifications.items.filter((item) => !item.isRead).length;

/** The bell's calls (docs/api.md « Notifications »), for the host's component tests and the standalone harness. */
export const notificationsHandlers: RequestHandler[] = [
  http.get(api(NOTIFICATION_PATHS.list), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const params = new URL(request.url).searchParams;
    const page = Number(params.get('page') ?? 1);
    const pageSize = Number(params.get('pageSize') ?? 20);
    const since = params.get('since');
    const items =
      since === null
        ? mockNotifications.items
        : mockNotifications.items.filter((item) => item.id > Number(since));
    return json(200, {
      data: items.slice((page - 1) * pageSize, page * pageSize),
      total: items.length,
      unread: unread(),
    });
  }),
  http.put(api(`${NOTIFICATION_PATHS.read}/:id/read`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const item = mockNotifications.items.find((candidate) => String(candidate.id) === params.id);
    if (!item) return fail(404, NOTIFICATION_MESSAGES.notFound);
    item.isRead = true;
    return json(200, { unread: unread() });
  }),
  http.post(api(NOTIFICATION_PATHS.markAllRead), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    for (const item of mockNotifications.items) item.isRead = true;
    return json(200, { message: NOTIFICATION_MESSAGES.allRead, unread: 0 });
  }),
];
