import {
  FACTURATION_MESSAGES,
  REALTIME_EVENTS,
  TASK_EVENT,
  TASK_TYPE_LABELS,
  type Task,
  type TaskEvent,
} from '../../contract';
import { publishRealtimeEvent } from '../../notifications/realtime';
import { pushMockNotification } from '../notifications/store';
import { seedClients } from '../referentiel/fixtures';
import { mockTasks, queueMockTask } from '../tasks/store';
import { addMockDraft } from './store';

/** Time between two clients of a mocked preparation: a second or two for the demo clients. */
export const MOCK_PREPARATION_STEP_MS = 120;

const timers = new Set<ReturnType<typeof setTimeout>>();

function publish(task: Task): void {
  publishRealtimeEvent(TASK_EVENT, {
    id: task.id,
    statut: task.statut,
    progression: task.progression,
  } satisfies TaskEvent);
}

/**
 * « Préparer les factures du mois » as the API runs it (docs/invoicing.md « Drafts »): a task for its requester, one
 * client per step on a timer — a draft for each client without an invoice of the month, the progress as a `tache`
 * event after each — then the task's result and « Tâche terminée » as a notification. Returns the queued task.
 */
export function startMockPreparation(mois: string, demandeur: Task['demandeur']): Task {
  const label = TASK_TYPE_LABELS.preparation_factures;
  const task = queueMockTask({ type: 'preparation_factures', libelle: label, demandeur });
  const clients = seedClients.filter((c) => c.archivedAt === null).slice(0, 4);
  let done = 0;
  let drafts = 0;
  const step = () => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!mockTasks.includes(task)) return;
      if (task.statut === 'en_attente')
        Object.assign(task, { statut: 'en_cours', started_at: new Date().toISOString() });
      const client = clients[done]!;
      if (addMockDraft(client.id, mois, 6)) drafts++;
      done++;
      task.progression = Math.floor((done / clients.length) * 100);
      if (done < clients.length) {
        publish(task);
        step();
        return;
      }
      const summary = FACTURATION_MESSAGES.monthPrepared(drafts);
      Object.assign(task, {
        statut: 'terminee',
        progression: 100,
        finished_at: new Date().toISOString(),
        resultat: { message: summary, lien: null, fichier: null, rapport: null },
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
    }, MOCK_PREPARATION_STEP_MS);
    timers.add(timer);
  };
  step();
  return task;
}

/** Stops the mocked preparations still running (the mocks reset between tests). */
export function stopMockPreparations(): void {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}
