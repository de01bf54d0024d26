import { Type, type Static, type TSchema } from 'typebox';
import { SyncResultat } from './demandes';
import { TASK_STATUTS, type TaskStatut } from './enums';
import { MAX_PAGE_SIZE } from './list';

/**
 * Background tasks (spec §7 « GET /tasks?page&pageSize »; issue 12 §3): long work (large exports, request syncs,
 * the hourly status update, the morning digest) runs on the API's task runner and is followed here. An agent sees
 * their own tasks, an administrator everyone's. See docs/api.md « Tâches ».
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

export const TASK_PATHS = {
  list: '/tasks',
  retry: (id: number | string) => `/tasks/${id}/retry`,
  fichier: (id: number | string) => `/tasks/${id}/fichier`,
  rapport: (id: number | string) => `/tasks/${id}/rapport`,
} as const;

export const TASK_TYPES = [
  'export_reservations',
  'synchronisation_demandes',
  'statuts_reservations',
  'digest_prolongations',
  'preparation_factures',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  export_reservations: 'Export des réservations',
  synchronisation_demandes: 'Synchronisation des demandes',
  statuts_reservations: 'Mise à jour des statuts des réservations',
  digest_prolongations: 'Séjours à prolonger du jour',
  preparation_factures: 'Préparation des factures du mois',
};

export const TASK_STATUT_LABELS: Record<TaskStatut, string> = {
  en_attente: 'En attente',
  en_cours: 'En cours',
  terminee: 'Terminée',
  echec: 'Échec',
};

/** A task as GET /tasks lists it. */
export const Task = object({
  id: Type.Integer(),
  type: Type.String(),
  /** French name of the type. */
  libelle: Type.String(),
  statut: Type.Enum(TASK_STATUTS),
  /** 0–100. */
  progression: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Who asked for it; null for a scheduled task (the server's own). */
  demandeur: Nullable(object({ id: Type.Integer(), nom: Type.String() })),
  /**
   * Once finished: a French summary and, for an export, the file to download (`lien`: an API path); for a request
   * sync, its per-request report (`rapport`: the API path of GET /tasks/:id/rapport; the API always sends it, null
   * when the task has none).
   */
  resultat: Nullable(
    object({
      message: Type.String(),
      lien: Nullable(Type.String()),
      fichier: Nullable(Type.String()),
      rapport: Type.Optional(Nullable(Type.String())),
    }),
  ),
  /** Why it failed, in French. */
  erreur: Nullable(Type.String()),
  /** The task it was relaunched from, and the one that relaunched it. */
  relance_de: Nullable(Type.Integer()),
  relancee_par: Nullable(Type.Integer()),
  created_at: Type.String(),
  started_at: Nullable(Type.String()),
  finished_at: Nullable(Type.String()),
});
export type Task = Static<typeof Task>;

export const TaskListQuery = object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
  /** Administrators only: one user's tasks. */
  utilisateur: Type.Optional(Id),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export const TaskListAnswer = object({ data: Type.Array(Task), total: Type.Integer({ minimum: 0 }) });
export type TaskListAnswer = Static<typeof TaskListAnswer>;

export const TaskIdParams = object({ id: Id });

/** GET /tasks/:id/rapport: the per-request report of a finished request sync, as the synchronous answer gives it. */
export const TaskRapportAnswer = object({ message: Type.String(), resultats: Type.Array(SyncResultat) });
export type TaskRapportAnswer = Static<typeof TaskRapportAnswer>;

/** 202 of a write that became a task (a large export, a large sync, « Relancer »). */
export const TaskQueuedAnswer = object({ message: Type.String(), task_id: Type.Integer() });
export type TaskQueuedAnswer = Static<typeof TaskQueuedAnswer>;

/** « Relancer » applies: the task failed and was not relaunched yet. */
export const canRetryTask = (task: Pick<Task, 'statut' | 'relancee_par'>): boolean =>
  task.statut === 'echec' && task.relancee_par === null;

/**
 * Reservation exports of more rows than this are prepared as a task: the POST answers 202 { message, task_id } and
 * the file is downloaded later from « Tâches » (docs/api.md « Tâches »). Below, the file is streamed as before.
 */
export const EXPORT_TASK_THRESHOLD = 5_000;

/** The socket event of every move of a task (taken, progress, finished, failed), to its requester and the admins. */
export const TASK_EVENT = 'tache';

/** The `tache` event's payload (not persisted: the screen re-reads GET /tasks on it). */
export interface TaskEvent {
  id: number;
  statut: TaskStatut;
  progression: number;
}

/**
 * A POST /demande_hebergement/sync of more requests than this runs as a task: 202 { message, task_id }, progress over
 * the socket, a notification at the end, the per-request report kept with the task (docs/api.md « Tâches »). At or
 * below it the sync answers at once with its report, as before.
 */
export const SYNC_TASK_THRESHOLD = 50;
