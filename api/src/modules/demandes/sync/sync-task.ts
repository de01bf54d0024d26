/**
 * Large syncs as tasks (docs/api.md « Tâches »): beyond `threshold` requests, POST /demande_hebergement/sync queues
 * the task `synchronisation_demandes` { demande_ids } for its caller and answers 202; the runner syncs them exactly as
 * the synchronous answer does (one transaction per request, as its requester), reports progress per request, and keeps
 * the per-request report in the task's result (`resultat.details.resultats`). Its end is the « Tâche terminée »
 * notification (task-events.ts), whose message names the requests left to check.
 */
import fp from 'fastify-plugin';
import { DEMANDES_MESSAGES, SYNC_TASK_THRESHOLD, syncTaskSummary } from 'shared/contract';
import { SYSTEM_ACTOR } from '../../../db/audit';
import { BadRequestError } from '../../../errors';
import { createSyncService } from './sync-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Syncs of more requests than this become tasks (202); SYNC_TASK_THRESHOLD unless buildApp says otherwise. */
    syncTaskThreshold: number;
  }
}

export interface SyncTaskParams {
  demande_ids: number[];
}

export const syncTaskPlugin = fp<{ threshold?: number | undefined }>(
  async (app, options) => {
    app.decorate('syncTaskThreshold', options.threshold ?? SYNC_TASK_THRESHOLD);
    app.tasks.define('synchronisation_demandes', {
      run: async ({ db, parametres, createdBy, progress }) => {
        const { demande_ids: ids } = parametres as unknown as SyncTaskParams;
        if (!Array.isArray(ids) || ids.length === 0) throw new BadRequestError(DEMANDES_MESSAGES.syncNothing);
        const actor = createdBy === null ? SYSTEM_ACTOR : { kind: 'user' as const, userId: createdBy };
        const answer = await createSyncService(db).sync(actor, ids, (done, total) => {
          void progress((done / total) * 100).catch(() => undefined);
        });
        return {
          message: syncTaskSummary(answer.message, answer.resultats),
          details: { resultats: answer.resultats },
        };
      },
    });
  },
  { name: 'sync-task', dependencies: ['db', 'tasks'] },
);
