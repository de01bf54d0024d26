/**
 * The stays (`reservations`) and their parents (`reservations_meres`) as the write services read and lock them.
 * Rows are the schema's own types; every write of a parent's stays takes the parent's row lock first.
 */
import { RESERVATION_WRITE_MESSAGES } from 'shared/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import type { Executor } from '../../db/client';
import { reservations, reservationsMeres } from '../../db/schema';
import { NotFoundError } from '../../errors';

/** A stay as the schema types it (days as 'YYYY-MM-DD'). */
export type Stay = typeof reservations.$inferSelect;

export const createdByOf = (actor: Actor) => (actor.kind === 'user' ? actor.userId : null);

/**
 * Locks the parent (réservation intégrale) for the rest of the transaction: every write touching its stays takes
 * this lock first, so allotment counts computed per parent never race, and writes of one parent serialise.
 */
export async function lockParent(tx: Executor, parentId: number): Promise<void> {
  const [row] = await tx
    .select({ id: reservationsMeres.id })
    .from(reservationsMeres)
    .where(eq(reservationsMeres.id, parentId))
    .for('update');
  if (row === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.parentNotFound);
}

export async function findStay(db: Executor, id: number): Promise<Stay | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

/** The stays matching `where` (a condition over `reservations`), by id. */
export function staysWhere(db: Executor, where: SQL | undefined): Promise<Stay[]> {
  return db.select().from(reservations).where(where).orderBy(reservations.id);
}

/** Reads a stay, locking its parent first (then re-reading the stay, now stable). 404 when unknown. */
export async function lockStay(tx: Executor, id: number): Promise<Stay> {
  const first = await findStay(tx, id);
  if (first === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.stayNotFound(id));
  await lockParent(tx, first.idReservationMere);
  const stay = await findStay(tx, id);
  if (stay === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.stayNotFound(id));
  return stay;
}

/** Bumps the version of a stay (every update of a reservation does). */
export async function bumpVersion(tx: Executor, id: number): Promise<void> {
  await tx
    .update(reservations)
    .set({ version: sql`${reservations.version} + 1`, updatedAt: sql`now()` })
    .where(eq(reservations.id, id));
}

/**
 * SQL: true when every stay of the parent `parentId` (an expression) is cancelled — a full reservation that takes no
 * newcomer (docs/domain.md « Period of a full reservation »).
 */
export const integraleAnnulee = (parentId: SQL) =>
  sql`(exists (select 1 from reservations r where r.id_reservation_mere = ${parentId})
    and not exists (select 1 from reservations r where r.id_reservation_mere = ${parentId}
      and r.statut <> 'annulee'))`;

/** A stay as the history keeps it when it is created: its business fields, named as the API names them. */
export function stayAudit(row: Stay): Record<string, unknown> {
  return {
    statut: row.statut,
    type_resa: row.typeResa,
    prolongation_de_id: row.prolongationDeId,
    date_debut: row.dateDebut,
    date_fin: row.dateFin,
    chambre: row.chambre,
    petit_dejeuner: row.petitDejeuner,
    dejeuner: row.dejeuner,
    diner: row.diner,
    status_paf: row.statusPaf,
    status_caf: row.statusCaf,
  };
}
