/**
 * The four Notification calls of spec §7 « Other » (docs/api.md « Notifications »): GET /notifications?page (one's
 * own, newest first, with the unread count; `since` for the resync), POST /notifications (administrators' broadcast),
 * PUT /notifications/:id/read (one's own; someone else's → 404), POST /notifications/mark-all-read.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS as PATHS,
  NotificationCreateBody,
  NotificationCreated,
  NotificationIdParams,
  NotificationReadAnswer,
  NotificationsReadAnswer,
  NotificationsPage,
  NotificationsQuery,
} from 'shared/contract';
import { actorOf } from '../../db/audit';
import { BadRequestError } from '../../errors';

const errors = { 400: ErrorBody, 401: ErrorBody };

const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.notifications;

  app.get(
    PATHS.list,
    { schema: { querystring: NotificationsQuery, response: { 200: NotificationsPage, ...errors } } },
    async (request) => service.list(request.user.id, request.query),
  );

  app.post(
    PATHS.create,
    {
      onRequest: app.requireRole('admin'),
      config: { access: 'admin' },
      schema: {
        body: NotificationCreateBody,
        response: { 201: NotificationCreated, 403: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      service.assertRecipients(body);
      const result = await service.notify({
        to: { userIds: body.userIds, roles: body.roles },
        title: body.title,
        message: body.message,
        lien: body.lien,
        actor: actorOf(request),
      });
      if (result.notifications.length === 0)
        throw new BadRequestError(NOTIFICATION_MESSAGES.noActiveRecipient);
      return reply
        .status(201)
        .send({ message: NOTIFICATION_MESSAGES.created, recipients: result.notifications.length });
    },
  );

  app.put(
    `${PATHS.read}/:id/read`,
    {
      schema: {
        params: NotificationIdParams,
        response: { 200: NotificationReadAnswer, 404: ErrorBody, ...errors },
      },
    },
    async (request) => ({ unread: await service.markRead(request.user.id, request.params.id) }),
  );

  app.post(
    PATHS.markAllRead,
    { schema: { response: { 200: NotificationsReadAnswer, ...errors } } },
    async (request) => {
      await service.markAllRead(request.user.id);
      return { message: NOTIFICATION_MESSAGES.allRead, unread: 0 };
    },
  );
};

export default notificationsRoutes;
