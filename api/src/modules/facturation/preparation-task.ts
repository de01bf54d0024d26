/**
 * « Préparer les factures du mois » as a background task (`preparation_factures`, api/src/modules/taches): one draft
 * per client with nights of the month left to invoice (`prepareMonth`), the progress written after each client, a
 * notification to the requester at the end (task-events.ts), as every task.
 */
import type { FastifyInstance } from 'fastify';
import { SYSTEM_ACTOR } from '../../db/audit';
import { prepareMonth } from './brouillons';

export const PREPARATION_TASK = 'preparation_factures';

export interface PreparationTaskParams {
  mois: string;
}

export function definePreparationTask(app: FastifyInstance): void {
  if (app.tasks.has(PREPARATION_TASK)) return;
  app.tasks.define(PREPARATION_TASK, {
    run: async ({ db, parametres, createdBy, progress }) => {
      const { mois } = parametres as unknown as PreparationTaskParams;
      const actor = createdBy === null ? SYSTEM_ACTOR : { kind: 'user' as const, userId: createdBy };
      const answer = await prepareMonth(db, actor, mois, (done, total) => progress((done / total) * 100));
      return { message: answer.message, details: answer.data };
    },
  });
}
