/**
 * GET /tasks?page&pageSize (spec §7), GET /tasks/:id/fichier (an export's file), POST /tasks/:id/retry
 * (« Relancer »). An agent sees their own tasks, an administrator everyone's (and may filter by `utilisateur`);
 * someone else's task is 404 to an agent, as if it did not exist. docs/api.md « Tâches ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TASK_ROUTE_MESSAGES,
  canRetryTask,
  ErrorBody,
  FileAnswer,
  TASK_PATHS,
  TaskIdParams,
  TaskListAnswer,
  TaskListQuery,
  TaskQueuedAnswer,
  TaskRapportAnswer,
  type Task,
} from 'shared/contract';
import { actorOf } from '../../db/audit';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { findVisibleTask, listTasks, lockRetrySource, taskFile, taskReport } from './task-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const tasksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The task if `user` may see it, else 404. */
  async function visible(id: number, user: { id: number; role: string }): Promise<Task> {
    const task = await findVisibleTask(app.db, id, user);
    if (task === undefined) throw new NotFoundError(TASK_ROUTE_MESSAGES.notFound(id));
    return task;
  }

  app.get(
    TASK_PATHS.list,
    { schema: { querystring: TaskListQuery, response: { 200: TaskListAnswer, ...errors } } },
    async (request) => {
      const { page, pageSize, utilisateur } = request.query;
      const isAdmin = request.user.role === 'admin';
      if (!isAdmin && utilisateur !== undefined && utilisateur !== request.user.id)
        throw new ForbiddenError(TASK_ROUTE_MESSAGES.othersForbidden);
      const owner = isAdmin ? utilisateur : request.user.id;
      return listTasks(app.db, { owner, page, pageSize });
    },
  );

  app.get(
    TASK_PATHS.fichier(':id'),
    // The answer is the file: an export task's PDF or workbook.
    { schema: { params: TaskIdParams, response: { 200: FileAnswer('pdf', 'xlsx'), ...errors } } },
    async (request, reply) => {
      await visible(request.params.id, request.user);
      const file = await taskFile(app.db, request.params.id);
      if (file === undefined) throw new NotFoundError(TASK_ROUTE_MESSAGES.noFile);
      return reply
        .header('content-type', file.type_contenu)
        .header('content-disposition', `attachment; filename="${file.nom.replace(/["\\\r\n]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.contenu) as never);
    },
  );

  // A sync's per-request report (kept in the task's result by the runner): a link from GET /tasks, not inlined there —
  // a task may cover thousands of requests and the list is read on every socket `tache` event.
  app.get(
    TASK_PATHS.rapport(':id'),
    { schema: { params: TaskIdParams, response: { 200: TaskRapportAnswer, ...errors } } },
    async (request) => {
      const task = await visible(request.params.id, request.user);
      const resultats = await taskReport(app.db, request.params.id);
      if (!resultats || task.resultat === null) throw new NotFoundError(TASK_ROUTE_MESSAGES.noReport);
      return { message: task.resultat.message, resultats };
    },
  );

  app.post(
    TASK_PATHS.retry(':id'),
    { schema: { params: TaskIdParams, response: { 202: TaskQueuedAnswer, ...errors } } },
    async (request, reply) => {
      const task = await visible(request.params.id, request.user);
      if (task.relancee_par !== null)
        throw new ConflictError(TASK_ROUTE_MESSAGES.alreadyRetried(task.relancee_par));
      if (!canRetryTask(task)) throw new ConflictError(TASK_ROUTE_MESSAGES.notFailed);
      const id = await app.db.transaction(async (tx) => {
        // The lock makes two clicks (or two administrators) relaunch it once; the unique index backs it.
        const source = await lockRetrySource(tx, task.id);
        if (source === undefined) throw new NotFoundError(TASK_ROUTE_MESSAGES.notFound(task.id));
        if (source.retried) throw new ConflictError(TASK_ROUTE_MESSAGES.notFailed);
        return app.tasks.enqueue(tx, task.type, {
          parametres: source.parametres,
          // The relaunched task stays its requester's (an administrator relaunching an agent's export).
          createdBy: source.created_by,
          relanceDe: task.id,
          actor: actorOf(request),
        });
      });
      app.tasks.kick();
      return reply.status(202).send({ message: TASK_ROUTE_MESSAGES.relaunched(id), task_id: id });
    },
  );
};

export default tasksRoutes;
