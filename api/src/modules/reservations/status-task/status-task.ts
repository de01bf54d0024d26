/**
 * Daily statuses of stays (docs/domain.md "Réservation"): confirmee → en_cours once the first night is reached,
 * confirmee | en_cours → terminee once date_fin ≤ today. Idempotent, audited with SYSTEM_ACTOR. It runs as the task
 * `statuts_reservations` (modules/taches), queued once an hour across all API processes (the scheduler, on with
 * buildApp's `tasks.schedules`, so at start when this hour's run is not done yet); tests call it directly.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit, SYSTEM_ACTOR } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { TODAY } from '../../../db/today';
import { compactReservationsJours, compactReservationsTotal } from '../reservation-items';
import { hourly } from '../../taches';

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

/**
 * Defines the task `statuts_reservations` and schedules it hourly; it also compacts the maintained numbers of stays
 * (migrations 0013 and 0022).
 */
export const statusTaskPlugin = fp(
  async (app: FastifyInstance) => {
    app.tasks.define('statuts_reservations', {
      run: async ({ db }) => {
        const result = await advanceStatuses(db);
        // Hourly is often enough: a day's bookings add a few thousand variations at most.
        await compactReservationsTotal(db);
        await compactReservationsJours(db);
        return {
          message: `${result.en_cours} séjour${result.en_cours > 1 ? 's' : ''} en cours, ${result.terminee} terminé${result.terminee > 1 ? 's' : ''}.`,
          details: { ...result },
        };
      },
    });
    app.scheduleTask(hourly('statuts-reservations', 'statuts_reservations'));
  },
  { name: 'reservations-status-task', dependencies: ['db', 'tasks'] },
);
