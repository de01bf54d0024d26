import {
  REALTIME_EVENTS,
  TASK_EVENT,
  TASK_PATHS,
  TASK_TYPE_LABELS,
  syncTaskSummary,
  type SyncResultat,
  type Task,
  type TaskEvent,
} from '../../contract';
import { publishRealtimeEvent } from '../../notifications/realtime';
import { pushMockNotification } from '../notifications/store';
import { mockTaskReports, mockTasks, queueMockTask } from '../tasks/store';

/** Requests synced per step of a mocked sync task, and the time between steps: a few seconds for 200 requests. */
export const MOCK_SYNC_BATCH = 10;
export const MOCK_SYNC_STEP_MS = 150;

const timers = new Set<ReturnType<typeof setTimeout>>();

function publish(task: Task): void {
  publishRealtimeEvent(TASK_EVENT, {
    id: task.id,
    statut: task.statut,
    progression: task.progression,
  } satisfies TaskEvent);
}

/**
 * A large sync as the API runs it (docs/api.md « Tâches »): queued for its requester, then synced batch by batch on
 * a timer — each step a `tache` event on the mocked feed (the host's « Tâches » follows it as it follows the
 * socket) — its per-request report kept with the task (GET /tasks/:id/rapport), and « Tâche terminée » as a
 * notification at the end. Returns the queued task.
 */
export function startMockSyncTask(
  ids: number[],
  demandeur: Task['demandeur'],
  syncRow: (id: number) => SyncResultat,
  message: (resultats: SyncResultat[]) => string,
): Task {
  const label = TASK_TYPE_LABELS.synchronisation_demandes;
  const task = queueMockTask({ type: 'synchronisation_demandes', libelle: label, demandeur });
  const resultats: SyncResultat[] = [];
  const step = () => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      // Reset meanwhile (a test's beforeEach): the task is gone, stop.
      if (!mockTasks.includes(task)) return;
      if (task.statut === 'en_attente') {
        Object.assign(task, { statut: 'en_cours', started_at: new Date().toISOString() });
      }
      for (const id of ids.slice(resultats.length, resultats.length + MOCK_SYNC_BATCH))
        resultats.push(syncRow(id));
      task.progression = Math.floor((resultats.length / ids.length) * 100);
      if (resultats.length < ids.length) {
        publish(task);
        step();
        return;
      }
      const summary = syncTaskSummary(message(resultats), resultats);
      mockTaskReports.set(task.id, { message: summary, resultats });
      Object.assign(task, {
        statut: 'terminee',
        progression: 100,
        finished_at: new Date().toISOString(),
        resultat: { message: summary, lien: null, fichier: null, rapport: TASK_PATHS.rapport(task.id) },
      });
      publish(task);
      const item = pushMockNotification(`${label} (tâche n° ${task.id}) : ${summary}`, 'Tâche terminée');
      item.lien = '/dashboard?taches=1';
      publishRealtimeEvent(REALTIME_EVENTS.notification, {
        id: item.id,
        title: item.title,
        message: item.message,
        timestamp: item.timestamp,
        lien: item.lien,
      });
    }, MOCK_SYNC_STEP_MS);
    timers.add(timer);
  };
  step();
  return task;
}

/** Stops the mocked syncs still running (the mocks reset between tests). */
export function stopMockSyncTasks(): void {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}
