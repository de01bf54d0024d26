import { TASK_EVENT, TASK_TYPE_LABELS, type Task, type TaskEvent, type TaskType } from '../../contract';
import { publishRealtimeEvent } from '../../notifications/realtime';
import { deliverMockNotification } from '../notifications/feed';
import { mockTasks, queueMockTask } from './store';

/** One mocked background task: what it is, who asked, one step of its work and its result at the end. */
export interface SteppedMockTask {
  type: TaskType;
  demandeur: Task['demandeur'];
  /** Does one step of the work; returns how many units are done out of how many. */
  step: () => { done: number; total: number };
  /** The task's result once every unit is done: its message and its report's link (or null). */
  finish: (task: Task) => { message: string; rapport: string | null };
}

function publishProgress(task: Task): void {
  publishRealtimeEvent(TASK_EVENT, {
    id: task.id,
    statut: task.statut,
    progression: task.progression,
  } satisfies TaskEvent);
}

function notifyTaskDone(task: Task, summary: string): void {
  deliverMockNotification(
    `${task.libelle} (tâche n° ${task.id}) : ${summary}`,
    'Tâche terminée',
    '/dashboard?taches=1',
  );
}

/**
 * Runs mocked background tasks as the API's queue does (docs/api.md « Tâches »): queued for the requester, then one
 * step every `stepMs` — its progress as a `tache` event on the mocked feed (the host's « Tâches » follows it as it
 * follows the socket) — then the task's result and « Tâche terminée » as a notification. `stop` clears the steps
 * still pending (the mocks reset between tests); a task reset meanwhile stops on its own.
 */
export function steppedMockTasks(stepMs: number): {
  start: (spec: SteppedMockTask) => Task;
  stop: () => void;
} {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const start = (spec: SteppedMockTask): Task => {
    const task = queueMockTask({
      type: spec.type,
      libelle: TASK_TYPE_LABELS[spec.type],
      demandeur: spec.demandeur,
    });
    const next = () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        // Reset meanwhile (a test's beforeEach): the task is gone, stop.
        if (!mockTasks.includes(task)) return;
        if (task.statut === 'en_attente') {
          Object.assign(task, { statut: 'en_cours', started_at: new Date().toISOString() });
        }
        const { done, total } = spec.step();
        task.progression = Math.floor((done / total) * 100);
        if (done < total) {
          publishProgress(task);
          next();
          return;
        }
        const { message, rapport } = spec.finish(task);
        Object.assign(task, {
          statut: 'terminee',
          progression: 100,
          finished_at: new Date().toISOString(),
          resultat: { message, lien: null, fichier: null, rapport },
        });
        publishProgress(task);
        notifyTaskDone(task, message);
      }, stepMs);
      timers.add(timer);
    };
    next();
    return task;
  };
  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  return { start, stop };
}
