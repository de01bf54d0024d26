import { FACTURATION_MESSAGES, type Task } from '../../contract';
import { seedClients } from '../referentiel/fixtures';
import { steppedMockTasks } from '../tasks/stepped-task';
import { addMockDraft } from './store';

/** Time between two clients of a mocked preparation: a second or two for the demo clients. */
export const MOCK_PREPARATION_STEP_MS = 120;

const preparations = steppedMockTasks(MOCK_PREPARATION_STEP_MS);

/**
 * « Préparer les factures du mois » as the API runs it (docs/invoicing.md « Drafts »): a task for its requester, one
 * client per step on a timer — a draft for each client without an invoice of the month, the progress as a `tache`
 * event after each — then the task's result and « Tâche terminée » as a notification. Returns the queued task.
 */
export function startMockPreparation(mois: string, demandeur: Task['demandeur']): Task {
  const clients = seedClients.filter((c) => c.archivedAt === null).slice(0, 4);
  let done = 0;
  let drafts = 0;
  return preparations.start({
    type: 'preparation_factures',
    demandeur,
    step: () => {
      if (addMockDraft(clients[done]!.id, mois, 6)) drafts++;
      done++;
      return { done, total: clients.length };
    },
    finish: () => ({ message: FACTURATION_MESSAGES.monthPrepared(drafts), rapport: null }),
  });
}

/** Stops the mocked preparations still running (the mocks reset between tests). */
export function stopMockPreparations(): void {
  preparations.stop();
}
