/**
 * PUT /reservations/retablissement/:id (« Rétablir », docs/domain.md « Restoring a stay »): undoes the last
 * cancellation, early departure or no-show of a stay while its window lasts — the status and the departure it had,
 * the nights that action cancelled (not older ones), with the later extensions it cancelled with the stay. Booking's
 * checks run again first: the nights free for the resident, the resident, client and hotel not archived, both
 * contracts active and covering the nights; then the rooms are taken back against the allotment (409 naming the
 * night) and room-mates' shares re-split. One transaction, the parents locked first, audited on each stay (and on
 * the cancellation request, when the cancellation came from one). The hotels' notices and the client's letter are
 * prepared by `restoreAndInform`.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  MOTIF_RETABLISSEMENT_REQUIS,
  type MessageBody,
  type ReservationRetablissementBody,
  RESERVATION_WRITE_MESSAGES,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Database, Executor } from '../../../db/client';
import { oneOf, rowsOf } from '../../../db/raw';
import { pensionnaires, reservations } from '../../../db/schema';
import { todayOf } from '../../../db/today';
import { AppError, BadRequestError, ConflictError } from '../../../errors';
import type { Mailer } from '../../../lib/mail';
import {
  prepareRestorationLetter,
  deliverHotelNotices,
  prepareHotelNotices,
  type Liberation,
} from '../../communications';
import { assertParties, isNightTaken, residentName } from '../booking/booking-rules';
import { applyRoomChanges, roomsOfParent, type RoomCounts } from '../rooms/allotment';
import { resplitRoomShares } from '../rooms/room-shares';
import { lockParent, lockStay, staysWhere, type Stay } from '../stay-repository';
import { actFrom, latestLiberations, markRestored, type LiberationRow } from './liberation-store';
import { restoreRefusal, RETABLISSEMENT_MESSAGES as M, statutRestored } from './retablissement-rules';

/** The reason of a restoration, trimmed: 400 when blank. */
function motifOf(body: ReservationRetablissementBody): string {
  const motif = body.motif.trim();
  if (motif === '') throw new BadRequestError(MOTIF_RETABLISSEMENT_REQUIS);
  return motif;
}

/** Any refusal of booking's checks, as a 409 that says it is the restoration that cannot be done. */
async function asRestoration<T>(id: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) throw new ConflictError(M.blocked(id, error.message), { cause: error });
    throw error;
  }
}

/** Booking's checks on the nights a liberation gives back to its stay. */
async function assertRestorable(tx: Executor, stay: Stay, row: LiberationRow): Promise<void> {
  const [first, last] = [row.nuits[0], row.nuits[row.nuits.length - 1]];
  if (first === undefined || last === undefined) return;
  const taken = await oneOf<{ nom: string; prenom: string; date_nuit: string; reservation_id: number }>(
    tx,
    sql`select p.nom, p.prenom, n.date_nuit::text as date_nuit, n.reservation_id
      from nuitees n join pensionnaires p on p.id = n.pensionnaire_id
      where n.pensionnaire_id = ${stay.pensionnaireId} and not n.annulee and n.reservation_id <> ${stay.id}
        and n.date_nuit = any(${`{${row.nuits.join(',')}}`}::date[])
      order by n.date_nuit limit 1`,
  );
  if (taken !== undefined)
    throw new ConflictError(
      M.nightTaken(stay.id, residentName(taken), taken.date_nuit, taken.reservation_id),
    );
  const [resident] = await tx
    .select({ nom: pensionnaires.nom, prenom: pensionnaires.prenom, archivedAt: pensionnaires.archivedAt })
    .from(pensionnaires)
    .where(eq(pensionnaires.id, stay.pensionnaireId));
  if (resident !== undefined && resident.archivedAt !== null)
    throw new ConflictError(
      M.blocked(stay.id, RESERVATION_WRITE_MESSAGES.residentArchived(residentName(resident))),
    );
  await asRestoration(stay.id, () =>
    assertParties(tx, {
      clientId: stay.clientId,
      contratClientId: stay.contratClientId,
      etablissementId: stay.etablissementId,
      contratEtablissementId: stay.contratEtablissementId,
      typeChambreId: stay.typeChambreId,
      start: first,
      end: addDays(last, 1),
    }),
  );
}

/** Gives one stay back its status, departure and nights; returns the nights booked again. */
async function restoreStay(
  tx: Executor,
  actor: Actor,
  stay: Stay,
  row: LiberationRow,
  motif: string,
): Promise<string[]> {
  const statut = statutRestored(row);
  await tx
    .update(reservations)
    .set({
      statut,
      annuleeAt: null,
      dateFin: row.date_fin_avant,
      version: sql`${reservations.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(reservations.id, stay.id));
  const nights = await rowsOf<{ date_nuit: string }>(
    tx,
    sql`update nuitees set annulee = false, updated_at = now()
      where reservation_id = ${stay.id} and annulee and date_nuit = any(${`{${row.nuits.join(',')}}`}::date[])
      returning date_nuit::text as date_nuit`,
  );
  const nuits = nights.map((night) => night.date_nuit).sort();
  await recordAudit(tx, {
    entity: 'reservation',
    entityId: stay.id,
    action: 'retablissement',
    before: { statut: stay.statut, date_fin: stay.dateFin },
    after: {
      statut,
      date_fin: row.date_fin_avant,
      motif,
      retablit: row.type,
      nuits_retablies: nuits.length,
      ...(nuits[0] === undefined ? {} : { a_partir_du: nuits[0] }),
    },
    actor,
  });
  return nuits;
}

/** What « Rétablir » answers inside its transaction: its message, and the nights booked again for the notices. */
export interface Restored extends MessageBody {
  liberations: Liberation[];
  /** The cancellation request that had cancelled the stays, if any: its letter and history say they are restored. */
  demandeId: number | null;
}

export async function restoreReservation(
  db: Executor,
  actor: Actor,
  id: number,
  body: ReservationRetablissementBody,
): Promise<Restored> {
  const motif = motifOf(body);
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    if (body.version !== undefined && body.version !== stay.version)
      throw new ConflictError(RESERVATION_WRITE_MESSAGES.changedMeanwhile);
    const today = await todayOf(tx);
    const [head] = await latestLiberations(tx, [id]);
    if (head === undefined) throw new ConflictError(M.nothing(id));
    const refusal = restoreRefusal(head, today);
    if (refusal !== null) throw new ConflictError(refusal);
    const act = await actFrom(tx, head);
    const stays = new Map(
      (
        await staysWhere(
          tx,
          inArray(
            reservations.id,
            act.map((row) => row.reservation_id),
          ),
        )
      ).map((s) => [s.id, s]),
    );
    const parents = [...new Set([...stays.values()].map((s) => s.idReservationMere))].sort((a, b) => a - b);
    for (const parent of parents) await lockParent(tx, parent);
    const of = (row: LiberationRow) => stays.get(row.reservation_id) ?? stay;
    for (const row of act) await assertRestorable(tx, of(row), row);

    const before = new Map<number, RoomCounts>();
    for (const parent of parents) before.set(parent, await roomsOfParent(tx, parent));
    const liberations: Liberation[] = [];
    try {
      for (const row of act) {
        const nuits = await restoreStay(tx, actor, of(row), row, motif);
        liberations.push({
          reservationId: row.reservation_id,
          motif: row.type,
          nuits,
          departPrevu: row.date_fin_avant,
        });
      }
    } catch (error) {
      // A night taken meanwhile by a concurrent booking: the unique index is the final guard.
      if (isNightTaken(error))
        throw new ConflictError(M.blocked(id, RESERVATION_WRITE_MESSAGES.alreadyBookedRace), {
          cause: error,
        });
      throw error;
    }
    const first = liberations.flatMap((l) => l.nuits).sort()[0];
    for (const parent of parents) {
      await asRestoration(id, async () =>
        applyRoomChanges(tx, before.get(parent) ?? new Map(), await roomsOfParent(tx, parent)),
      );
      // Room-mates pay the room between more people again, yesterday's night included when it comes back.
      await resplitRoomShares(tx, actor, parent, first !== undefined && first < today ? first : undefined);
    }
    await markRestored(
      tx,
      actor,
      act.map((row) => row.id),
    );
    const nights = liberations.reduce((sum, l) => sum + l.nuits.length, 0);
    if (head.demande_id !== null)
      await recordAudit(tx, {
        entity: 'demande_hebergement',
        entityId: head.demande_id,
        action: 'retablissement',
        after: { reservation_ids: act.map((row) => row.reservation_id), motif, nuits_retablies: nights },
        actor,
      });
    return { message: M.done(id, act.length, nights), liberations, demandeId: head.demande_id };
  });
}

/**
 * « Rétablir » with its documents, in one transaction: the restoration, a notice to each hotel that the nights are
 * booked again (sent like the cancellation's, once committed), and, when a cancellation request had cancelled the
 * stays, the letter telling the client they are restored (sent by staff, as every letter to the client).
 */
export async function restoreAndInform(
  db: Database,
  mail: Mailer,
  actor: Actor,
  id: number,
  body: ReservationRetablissementBody,
): Promise<MessageBody> {
  const { done, notices } = await db.transaction(async (tx) => {
    const restored = await restoreReservation(tx, actor, id, body);
    const prepared = await prepareHotelNotices(
      tx,
      actor,
      mail,
      restored.liberations,
      restored.demandeId,
      'retablissement',
    );
    if (restored.demandeId !== null) await prepareRestorationLetter(tx, actor, restored.demandeId);
    return { done: restored, notices: prepared };
  });
  const told = await deliverHotelNotices(mail, actor, notices);
  return { message: told === '' ? done.message : `${done.message} ${told}` };
}
