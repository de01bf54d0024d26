import { TASK_PATHS, syncTaskSummary, type SyncResultat, type Task } from '../../contract';
import { mockTaskReports } from '../tasks/store';
import { steppedMockTasks } from '../tasks/stepped-task';

/** Requests synced per step of a mocked sync task, and the time between steps: a few seconds for 200 requests. */
export const MOCK_SYNC_BATCH = 10;
export const MOCK_SYNC_STEP_MS = 150;

const syncs = steppedMockTasks(MOCK_SYNC_STEP_MS);

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
  const resultats: SyncResultat[] = [];
  return syncs.start({
    type: 'synchronisation_demandes',
    demandeur,
    step: () => {
      for (const id of ids.slice(resultats.length, resultats.length + MOCK_SYNC_BATCH))
        resultats.push(syncRow(id));
      return { done: resultats.length, total: ids.length };
    },
    finish: (task) => {
      const summary = syncTaskSummary(message(resultats), resultats);
      mockTaskReports.set(task.id, { message: summary, resultats });
      return { message: summary, rapport: TASK_PATHS.rapport(task.id) };
    },
  });
}

/** Stops the mocked syncs still running (the mocks reset between tests). */
export function stopMockSyncTasks(): void {
  syncs.stop();
}
