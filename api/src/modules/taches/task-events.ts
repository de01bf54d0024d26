/**
 * What the screens learn of the tasks (docs/api.md « Tâches »): every move of a task (taken, progress, finished,
 * failed) is the socket event `tache` { id, statut, progression } to its requester and to the administrators (they
 * see every task), not persisted; a finished or failed task that someone asked for is a notification to them,
 * persisted through the live feed (`app.notifications.notify`), whose link opens « Tâches ».
 */
import fp from 'fastify-plugin';
import { TASK_EVENT, TASK_TYPE_LABELS, type TaskType } from 'shared/contract';

export { TASK_EVENT };

/** Front-end path of the notifications: the dashboard with the « Tâches » drawer open. */
export const TASKS_LINK = '/dashboard?taches=1';

export const TASK_NOTIFICATION_TITLES = { terminee: 'Tâche terminée', echec: 'Tâche en échec' } as const;

export const taskEventsPlugin = fp(
  async (app) => {
    app.tasks.listen({
      changed: (change) => {
        const payload = { id: change.id, statut: change.statut, progression: change.progression };
        if (change.createdBy !== null) app.realtime.emitToUser(change.createdBy, TASK_EVENT, payload);
        app.realtime.emitToRole('admin', TASK_EVENT, payload);
      },
      finished: async (task) => {
        if (task.createdBy === null) return;
        const label = TASK_TYPE_LABELS[task.type as TaskType] ?? task.type;
        await app.notifications.notify({
          to: { userIds: [task.createdBy] },
          title: TASK_NOTIFICATION_TITLES[task.statut],
          message: `${label} (tâche n° ${task.id}) : ${task.message}`,
          lien: TASKS_LINK,
        });
      },
    });
  },
  { name: 'task-events', dependencies: ['tasks', 'realtime', 'notifications'] },
);
