import { sql } from 'drizzle-orm';
import type { Actor } from '../db/audit';
import { SYSTEM_ACTOR } from '../db/audit';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw';
import { todayOf } from '../db/today';
import { cancelReservation } from '../modules/reservations/actions/actions-service';

/** How many demo stays are cancelled through the service, so that « Rétablir » has something to undo. */
export const DEMO_RESTORABLE_STAYS = 2;

const MOTIF = 'Annulation saisie par erreur (démonstration de « Rétablir »)';

/**
 * The generated cancellations are history: written as rows, without what « Rétablir » needs (the `liberations`
 * of the action) and long out of its window (docs/domain.md « Restoring a stay »). A staff member trying the demo
 * would never see the button. So a few upcoming confirmed stays are cancelled here the way the screen does it
 * (`cancelReservation`, by a staff account when there is one), today: restorable until the end of tomorrow. Stays
 * booked from a request are left alone: a treated request keeps a stay.
 *
 * Only when the data is generated for the database's own today: a dataset dated in the past (`--today`, a test's
 * date) keeps its trail before its today. Returns the number of stays cancelled.
 */
export async function cancelDemoStaysToRestore(db: Database, today: string): Promise<number> {
  if ((await todayOf(db)) !== today) return 0;
  const candidates = await rowsOf<{ id: number; agent: number | null }>(
    db,
    sql`select r.id,
          (select u.id from users u where u.active order by u.id limit 1) as agent
        from reservations r
        where r.statut = 'confirmee' and r.type_resa = 'initiale' and r.date_debut >= ${today}::date + 2
          and r.demande_id is null
          and not exists (select 1 from reservations_meres m where m.id = r.id_reservation_mere and m.demande_id is not null)
          and not exists (select 1 from reservations e where e.prolongation_de_id = r.id)
        order by r.date_debut, r.id
        limit ${DEMO_RESTORABLE_STAYS}`,
  );
  for (const stay of candidates) {
    const actor: Actor = stay.agent === null ? SYSTEM_ACTOR : { kind: 'user', userId: stay.agent };
    await cancelReservation(db, actor, stay.id, { motif: MOTIF });
  }
  return candidates.length;
}
