/**
 * Daily statuses of stays (docs/domain.md "Réservation"): confirmee → en_cours once the first night is reached,
 * confirmee | en_cours → terminee once date_fin ≤ today. Idempotent, audited with SYSTEM_ACTOR. The plugin runs it
 * when the app is ready and then every hour (buildApp option `statusTask`, off in tests: they call it).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit, SYSTEM_ACTOR } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { TODAY } from '../../../db/today';

export const STATUS_TASK_INTERVAL_MS = 60 * 60 * 1000;

export interface StatusTaskResult {
  en_cours: number;
  terminee: number;
}

export async function advanceStatuses(db: Executor): Promise<StatusTaskResult> {
  return db.transaction(async (tx) => {
    const move = (from: string[], to: string, when: ReturnType<typeof sql>) =>
      rowsOf<{ id: number; avant: string }>(
        tx,
        sql`with c as (select id, statut from reservations
                       where statut in (${sql.join(
                         from.map((s) => sql`${s}`),
                         sql`, `,
                       )}) and ${when} order by id for update)
            update reservations r set statut = ${to}, version = r.version + 1, updated_at = now()
            from c where r.id = c.id returning r.id, c.statut as avant`,
      );
    const finished = await move(['confirmee', 'en_cours'], 'terminee', sql`date_fin <= ${TODAY}`);
    const started = await move(['confirmee'], 'en_cours', sql`date_debut <= ${TODAY}`);
    for (const [rows, apres] of [
      [finished, 'terminee'],
      [started, 'en_cours'],
    ] as const)
      for (const row of rows)
        await recordAudit(tx, {
          entity: 'reservation',
          entityId: row.id,
          action: 'statut_auto',
          before: { statut: row.avant },
          after: { statut: apres },
          actor: SYSTEM_ACTOR,
        });
    return { en_cours: started.length, terminee: finished.length };
  });
}

/** Runs advanceStatuses at start and every hour; the interval is cleared on close. */
export const statusTaskPlugin = fp(
  async (app: FastifyInstance) => {
    const run = async () => {
      try {
        const result = await advanceStatuses(app.db);
        app.log.info({ result }, 'statuts des réservations mis à jour');
      } catch (error) {
        app.log.error({ err: error }, 'mise à jour des statuts des réservations en échec');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void run();
      timer = setInterval(() => void run(), STATUS_TASK_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer !== undefined) clearInterval(timer);
    });
  },
  { name: 'reservations-status-task', dependencies: ['db'] },
);
