/**
 * The tasks' reads and the retry's lock in SQL (the routes of routes.ts call them): a task as the contract's `Task`,
 * a page of them, an export's file, a sync's per-request report.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TASK_TYPE_LABELS, type SyncResultat, type Task } from 'shared/contract';
import type { Executor } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { oneOf, rowsOf } from '../../db/raw';

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

/** The task if `user` may see it (an administrator: any; an agent: their own). */
export function findVisibleTask(
  db: Executor,
  id: number,
  user: { id: number; role: string },
): Promise<Task | undefined> {
  const mine = user.role === 'admin' ? sql`` : sql`and t.created_by = ${user.id}`;
  return oneOf<Task>(db, sql`select ${taskSelect} ${taskFrom} where t.id = ${id} ${mine}`);
}

/** A page of tasks, newest first, of one user or (owner undefined) everyone's. */
export async function listTasks(
  db: Executor,
  { owner, page, pageSize }: { owner: number | undefined; page: number; pageSize: number },
): Promise<{ data: Task[]; total: number }> {
  const where: SQL = owner === undefined ? sql`` : sql`where t.created_by = ${owner}`;
  const [row] = await rowsOf<{ total: number; items: Task[] }>(
    db,
    sql`select (select count(*)::int from tasks t ${where}) as total,
      (select coalesce(json_agg(to_jsonb(i) order by i.id desc), '[]'::json) from (
        select ${taskSelect} ${taskFrom} ${where}
        order by t.id desc limit ${pageSize} offset ${(page - 1) * pageSize}) i) as items`,
  );
  return { data: row?.items ?? [], total: Number(row?.total ?? 0) };
}

/** An export task's file. */
export function taskFile(
  db: Executor,
  id: number,
): Promise<{ nom: string; type_contenu: string; contenu: Uint8Array } | undefined> {
  return oneOf(db, sql`select nom, type_contenu, contenu from task_fichiers where task_id = ${id}`);
}

/** A sync's per-request report, kept in the task's result by the runner; null when the task has none. */
export async function taskReport(db: Executor, id: number): Promise<SyncResultat[] | null | undefined> {
  const row = await oneOf<{ resultats: SyncResultat[] | null }>(
    db,
    sql`select case when jsonb_typeof(resultat->'details'->'resultats') = 'array'
          then resultat->'details'->'resultats' end as resultats
        from tasks where id = ${id}`,
  );
  return row?.resultats;
}

/** The task to relaunch, locked (two clicks or two administrators relaunch it once), and whether it already was. */
export function lockRetrySource(
  tx: Executor,
  id: number,
): Promise<{ parametres: Record<string, unknown>; created_by: number | null; retried: boolean } | undefined> {
  return oneOf(
    tx,
    sql`select t.parametres, t.created_by,
          exists (select 1 from tasks r where r.relance_de = t.id) as retried
        from tasks t where t.id = ${id} for update`,
  );
}
