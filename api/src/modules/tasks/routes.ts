/**
 * GET /tasks?page&pageSize (spec §7), GET /tasks/:id/fichier (an export's file), POST /tasks/:id/retry
 * (« Relancer »). An agent sees their own tasks, an administrator everyone's (and may filter by `utilisateur`);
 * someone else's task is 404 to an agent, as if it did not exist. docs/api.md « Tâches ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type SQL } from 'drizzle-orm';
import {
  TASK_ROUTE_MESSAGES,
  canRetryTask,
  ErrorBody,
  FileAnswer,
  TASK_PATHS,
  TASK_TYPE_LABELS,
  TaskIdParams,
  TaskListAnswer,
  TaskListQuery,
  TaskQueuedAnswer,
  TaskRapportAnswer,
  type SyncResultat,
  type Task,
  type TaskType,
} from 'shared/contract';
import { actorOf } from '../../db/audit';
import { oneOf, rowsOf } from '../../db/raw';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { isoTimestamp } from '../../db/iso-timestamp';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const labelCases = sql.join(
  Object.entries(TASK_TYPE_LABELS).map(([type, label]) => sql`when ${type} then ${label}`),
  sql` `,
);

/** The Task columns (shared/contract) of `t` = tasks. */
const taskSelect = sql`t.id, t.type, case t.type ${labelCases} else t.type end as libelle, t.statut, t.progression,
  case when u.id is null then null else json_build_object('id', u.id, 'nom', u.prenom || ' ' || u.nom) end as demandeur,
  case when t.resultat is null then null else json_build_object(
    'message', coalesce(t.resultat->>'message', ''),
    'lien', case when f.task_id is null then null else '/tasks/' || t.id || '/fichier' end,
    'fichier', f.nom,
    'rapport', case when jsonb_typeof(t.resultat->'details'->'resultats') = 'array'
      then '/tasks/' || t.id || '/rapport' end) end as resultat,
  t.erreur, t.relance_de, r.id as relancee_par,
  ${isoTimestamp(sql`t.created_at`)} as created_at,
  case when t.started_at is null then null else ${isoTimestamp(sql`t.started_at`)} end as started_at,
  case when t.finished_at is null then null else ${isoTimestamp(sql`t.finished_at`)} end as finished_at`;

const taskFrom = sql`from tasks t left join users u on u.id = t.created_by
  left join task_fichiers f on f.task_id = t.id left join tasks r on r.relance_de = t.id`;

const tasksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The task if `user` may see it, else 404. */
  async function visible(id: number, user: { id: number; role: string }): Promise<Task> {
    const mine = user.role === 'admin' ? sql`` : sql`and t.created_by = ${user.id}`;
    const task = await oneOf<Task>(app.db, sql`select ${taskSelect} ${taskFrom} where t.id = ${id} ${mine}`);
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
      const where: SQL = owner === undefined ? sql`` : sql`where t.created_by = ${owner}`;
      const [row] = await rowsOf<{ total: number; items: Task[] }>(
        app.db,
        sql`select (select count(*)::int from tasks t ${where}) as total,
          (select coalesce(json_agg(to_jsonb(i) order by i.id desc), '[]'::json) from (
            select ${taskSelect} ${taskFrom} ${where}
            order by t.id desc limit ${pageSize} offset ${(page - 1) * pageSize}) i) as items`,
      );
      return { data: row?.items ?? [], total: Number(row?.total ?? 0) };
    },
  );

  app.get(
    TASK_PATHS.fichier(':id'),
    // The answer is the file: an export task's PDF or workbook.
    { schema: { params: TaskIdParams, response: { 200: FileAnswer('pdf', 'xlsx'), ...errors } } },
    async (request, reply) => {
      await visible(request.params.id, request.user);
      const file = await oneOf<{ nom: string; type_contenu: string; contenu: Uint8Array }>(
        app.db,
        sql`select nom, type_contenu, contenu from task_fichiers where task_id = ${request.params.id}`,
      );
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
      const row = await oneOf<{ resultats: SyncResultat[] | null }>(
        app.db,
        sql`select case when jsonb_typeof(resultat->'details'->'resultats') = 'array'
              then resultat->'details'->'resultats' end as resultats
            from tasks where id = ${request.params.id}`,
      );
      if (!row?.resultats || task.resultat === null) throw new NotFoundError(TASK_ROUTE_MESSAGES.noReport);
      return { message: task.resultat.message, resultats: row.resultats };
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
        const source = await oneOf<{
          parametres: Record<string, unknown>;
          created_by: number | null;
          retried: boolean;
        }>(
          tx,
          sql`select t.parametres, t.created_by,
                exists (select 1 from tasks r where r.relance_de = t.id) as retried
              from tasks t where t.id = ${task.id} for update`,
        );
        if (source === undefined) throw new NotFoundError(TASK_ROUTE_MESSAGES.notFound(task.id));
        if (source.retried) throw new ConflictError(TASK_ROUTE_MESSAGES.notFailed);
        return app.tasks.enqueue(tx, task.type as TaskType, {
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
