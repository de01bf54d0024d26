/**
 * `app.notifications` (docs/api.md « Notifications » — the names other modules call): `notify` persists one row per
 * recipient then emits it live. Registered before the routes and the producers; the tasks module uses it too.
 */
import fp from 'fastify-plugin';
import { createNotificationService, type NotificationService } from './notification-service';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationService;
  }
}

export default fp(
  async (app) => {
    app.decorate('notifications', createNotificationService(app.db, app.realtime));
  },
  { name: 'notifications', dependencies: ['db', 'realtime'] },
);
