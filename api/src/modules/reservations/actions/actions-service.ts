/**
 * Actions on existing stays: confirmation, annulation (with the stay's later extensions), PUT /reservations/:id
 * (room number, meals, PAF/CAF flags under optimistic `version`) and early departure PUT /reservations/:id/:date_fin.
 * One transaction each, the parent locked first, audit rows beside the change.
 *
 * The public entry of these actions for other modules (a demande's cancellation cancels its stays): pass the
 * caller's transaction as `db` and the action becomes a savepoint of it. A cancellation and an early departure
 * report the nights they released (`liberations`): whoever runs them at the top informs the hotels
 * (communications/hotel-notices.ts).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  MOTIF_ANNULATION_REQUIS,
  type MessageBody,
  type ReservationActionBody,
  type ReservationAnnulationBody,
  type ReservationUpdateBody,
  RESERVATION_WRITE_MESSAGES,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { reservations } from '../../../db/schema';
import { TODAY, todayOf } from '../../../db/today';
import { BadRequestError, ConflictError } from '../../../errors';
import { frenchDate } from '../../../lib/days';
import type { Liberation } from '../../communications';
import { invalidTransition } from '../messages';
import { applyRoomChanges, roomsOfParent } from '../rooms/allotment';
import { recordLiberation, type LiberationOrigin } from '../retablissement/liberation-store';
import { resplitRoomShares } from '../rooms/room-shares';
import { lockStay, staysWhere, type Stay } from '../stay-repository';

const ACTIVE = ['en_attente', 'confirmee', 'en_cours'] as const;
const isActive = (stay: Stay) => (ACTIVE as readonly string[]).includes(stay.statut);

function assertVersion(stay: Stay, version: number | undefined): void {
  if (version !== undefined && version !== stay.version)
    throw new ConflictError(RESERVATION_WRITE_MESSAGES.changedMeanwhile);
}

/** The stay's later extensions, recursively (the chain after it), not cancelled. */
async function extensionsAfter(tx: Executor, id: number): Promise<Stay[]> {
  const ids = await rowsOf<{ id: number }>(
    tx,
    sql`with recursive chain(id) as (
          select id from reservations where prolongation_de_id = ${id}
          union all select r.id from reservations r join chain c on r.prolongation_de_id = c.id)
        select id from chain`,
  );
  if (ids.length === 0) return [];
  const chain = await staysWhere(
    tx,
    inArray(
      reservations.id,
      ids.map((row) => row.id),
    ),
  );
  return chain.filter(isActive);
}

/** What an action on stays answers: its message, and the nights it released (for the hotels' notices). */
export interface Released extends MessageBody {
  liberations: Liberation[];
}

/**
 * The reason of a cancellation, trimmed: 400 when blank (the schema already refuses it missing or empty). Every
 * path that cancels stays (a stay's cancellation, a request's) asks it before it writes anything.
 */
export function motifOf(body: { motif: string }): string {
  const motif = body.motif.trim();
  if (motif === '') throw new BadRequestError(MOTIF_ANNULATION_REQUIS);
  return motif;
}

/** The nights just cancelled, in order. */
async function cancelNights(tx: Executor, id: number, from: string): Promise<string[]> {
  const rows = await rowsOf<{ date_nuit: string }>(
    tx,
    sql`update nuitees set annulee = true, updated_at = now()
      where reservation_id = ${id} and date_nuit >= ${from}::date and not annulee
      returning date_nuit::text as date_nuit`,
  );
  return rows.map((row) => row.date_nuit).sort();
}

/**
 * Cancels one stay: status, nights from today on, what « Rétablir » needs to undo it, audit (rooms are settled by
 * the caller, per parent).
 */
async function cancelStay(
  tx: Executor,
  actor: Actor,
  stay: Stay,
  motif: string,
  today: string,
  origin: LiberationOrigin,
): Promise<Liberation> {
  const type = origin.type ?? 'annulation';
  await tx
    .update(reservations)
    .set({
      statut: 'annulee',
      annuleeAt: sql`now()`,
      version: sql`${reservations.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(reservations.id, stay.id));
  const nuits = await cancelNights(tx, stay.id, today);
  await recordLiberation(tx, actor, {
    reservationId: stay.id,
    type,
    motif,
    statutAvant: stay.statut,
    dateFinAvant: stay.dateFin,
    nuits,
    demandeId: origin.demandeId ?? null,
  });
  await recordAudit(tx, {
    entity: 'reservation',
    entityId: stay.id,
    action: 'annulation',
    before: { statut: stay.statut },
    after: { statut: 'annulee', motif, nuits_annulees_a_partir_du: today },
    actor,
  });
  return { reservationId: stay.id, motif: type, nuits, departPrevu: stay.dateFin };
}

/** PUT /reservations/confirmation/:id: en_attente → confirmee (every pending stay of the parent with applyToAllPr). */
export async function confirmReservation(
  db: Executor,
  actor: Actor,
  id: number,
  body: ReservationActionBody,
): Promise<MessageBody> {
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    assertVersion(stay, body.version);
    const targets = body.applyToAllPr
      ? await staysWhere(
          tx,
          and(
            eq(reservations.idReservationMere, stay.idReservationMere),
            eq(reservations.statut, 'en_attente'),
          ),
        )
      : [stay];
    if (targets.length === 0 || targets.some((t) => t.statut !== 'en_attente'))
      throw invalidTransition(stay, 'confirmation');
    for (const target of targets) {
      await tx
        .update(reservations)
        .set({ statut: 'confirmee', version: sql`${reservations.version} + 1`, updatedAt: sql`now()` })
        .where(eq(reservations.id, target.id));
      await recordAudit(tx, {
        entity: 'reservation',
        entityId: target.id,
        action: 'confirmation',
        before: { statut: target.statut },
        after: { statut: 'confirmee' },
        actor,
      });
    }
    return {
      message:
        targets.length === 1
          ? `Réservation n° ${targets[0]?.id} confirmée.`
          : `${targets.length} réservations confirmées.`,
    };
  });
}

/**
 * PUT /reservations/annulation/:id: the stay (every active stay of the parent with applyToAllPr) and its later
 * extensions are cancelled from today on; past nights stay billable, rooms are released, room-mates re-split.
 * `origin`: a no-show's pointage, a cancellation request (kept for « Rétablir » and the hotel's notice).
 */
export async function cancelReservation(
  db: Executor,
  actor: Actor,
  id: number,
  body: ReservationAnnulationBody,
  origin: LiberationOrigin = {},
): Promise<Released> {
  const motif = motifOf(body);
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    assertVersion(stay, body.version);
    const today = await todayOf(tx);
    const chosen = body.applyToAllPr
      ? (await staysWhere(tx, eq(reservations.idReservationMere, stay.idReservationMere))).filter(isActive)
      : [stay];
    if (chosen.length === 0 || chosen.some((t) => !isActive(t))) throw invalidTransition(stay, 'annulation');
    const targets = new Map(chosen.map((t) => [t.id, t]));
    for (const target of chosen)
      for (const extension of await extensionsAfter(tx, target.id)) targets.set(extension.id, extension);
    const parents = new Set([...targets.values()].map((t) => t.idReservationMere));
    const before = new Map<number, Awaited<ReturnType<typeof roomsOfParent>>>();
    for (const parent of parents) before.set(parent, await roomsOfParent(tx, parent));
    const liberations: Liberation[] = [];
    for (const target of [...targets.values()].sort((a, b) => a.id - b.id))
      liberations.push(await cancelStay(tx, actor, target, motif, today, origin));
    for (const parent of parents) {
      await applyRoomChanges(tx, before.get(parent) ?? new Map(), await roomsOfParent(tx, parent));
      // Room-mates who stay now pay the room between fewer people.
      await resplitRoomShares(tx, actor, parent);
    }
    const extra = targets.size - chosen.length;
    return {
      message:
        (targets.size === 1
          ? `Réservation n° ${stay.id} annulée.`
          : `${targets.size} réservations annulées`) +
        (targets.size === 1 ? '' : extra > 0 ? ` (dont ${extra} prolongation(s)).` : '.'),
      liberations,
    };
  });
}

/** The fields PUT /reservations/:id may change: the body's name → the stay's column. */
const UPDATABLE = {
  chambre: 'chambre',
  petit_dejeuner: 'petitDejeuner',
  dejeuner: 'dejeuner',
  diner: 'diner',
  status_paf: 'statusPaf',
  status_caf: 'statusCaf',
} as const satisfies Record<string, keyof Stay>;
type Updatable = keyof typeof UPDATABLE;

/**
 * PUT /reservations/:id: room number, meals and PAF/CAF flags under the optimistic `version`; future nights
 * re-snapshotted (past nights are frozen), rooms and shares follow a new room number.
 */
export async function updateReservation(
  db: Executor,
  actor: Actor,
  id: number,
  body: ReservationUpdateBody,
): Promise<MessageBody> {
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    if (stay.statut === 'terminee' || stay.statut === 'annulee')
      throw invalidTransition(stay, 'modification');
    const current = <K extends Updatable>(field: K) => stay[UPDATABLE[field]];
    const value = <K extends Updatable>(field: K) =>
      body[field] === undefined ? current(field) : body[field];
    const changed = (Object.keys(UPDATABLE) as Updatable[]).filter(
      (field) => body[field] !== undefined && body[field] !== current(field),
    );
    const roomsBefore = changed.includes('chambre') ? await roomsOfParent(tx, stay.idReservationMere) : null;
    const updated = await tx
      .update(reservations)
      .set({
        chambre: value('chambre'),
        petitDejeuner: value('petit_dejeuner'),
        dejeuner: value('dejeuner'),
        diner: value('diner'),
        statusPaf: value('status_paf'),
        statusCaf: value('status_caf'),
        version: sql`${reservations.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(reservations.id, id), eq(reservations.version, body.version)))
      .returning({ id: reservations.id });
    if (updated.length === 0) throw new ConflictError(RESERVATION_WRITE_MESSAGES.changedMeanwhile);
    if (changed.some((f) => f !== 'chambre')) {
      // Future nights only: past nights are frozen (docs/domain.md).
      await tx.execute(sql`update nuitees n set petit_dejeuner = r.petit_dejeuner::int,
          dejeuner = r.dejeuner::int, diner = r.diner::int,
          montant_paf = case when r.status_paf then cc.montant_paf_jour else 0 end,
          montant_caf = case when r.status_caf then cc.montant_caf_jour else 0 end, updated_at = now()
        from reservations r join contrats_clients cc on cc.id = r.contrat_client_id
        where r.id = ${id} and n.reservation_id = r.id and not n.annulee
          and n.date_nuit >= ${TODAY}`);
    }
    await recordAudit(tx, {
      entity: 'reservation',
      entityId: id,
      action: 'modification',
      before: Object.fromEntries(changed.map((f) => [f, current(f)])),
      after: Object.fromEntries(changed.map((f) => [f, value(f)])),
      actor,
    });
    // Another room number: the stay leaves one room's occupants and joins another's (rooms taken and shares).
    if (roomsBefore !== null) {
      await applyRoomChanges(tx, roomsBefore, await roomsOfParent(tx, stay.idReservationMere));
      await resplitRoomShares(tx, actor, stay.idReservationMere);
    }
    return { message: `Réservation n° ${id} modifiée.` };
  });
}

/**
 * PUT /reservations/:id/:date_fin: early departure; the nights from the new departure on are cancelled (kept for
 * « Rétablir »), rooms released, room-mates re-split (the parent's period follows in the database: migration 0029).
 */
export async function endReservationEarly(
  db: Executor,
  actor: Actor,
  id: number,
  dateFin: string,
  /** Why and which request, when the departure comes from a cancellation request: kept in the history. */
  origin: { motif?: string; demandeId?: number } = {},
): Promise<Released> {
  const { motif } = origin;
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    const today = await todayOf(tx);
    if (!isActive(stay)) throw invalidTransition(stay, 'départ anticipé');
    if (dateFin <= stay.dateDebut)
      throw new BadRequestError(RESERVATION_WRITE_MESSAGES.earlyEndNotAfterArrival);
    if (dateFin < today) throw new BadRequestError(RESERVATION_WRITE_MESSAGES.earlyEndInPast);
    if (dateFin >= stay.dateFin)
      throw new BadRequestError(RESERVATION_WRITE_MESSAGES.earlyEndNotBefore(stay.dateFin));
    const [extension] = await staysWhere(
      tx,
      and(eq(reservations.prolongationDeId, id), ne(reservations.statut, 'annulee')),
    );
    if (extension !== undefined)
      throw new ConflictError(RESERVATION_WRITE_MESSAGES.extendedBy(id, extension.id));
    const before = await roomsOfParent(tx, stay.idReservationMere);
    await tx
      .update(reservations)
      .set({ dateFin, version: sql`${reservations.version} + 1`, updatedAt: sql`now()` })
      .where(eq(reservations.id, id));
    const nuits = await cancelNights(tx, id, dateFin);
    await recordLiberation(tx, actor, {
      reservationId: id,
      type: 'depart_anticipe',
      motif: motif ?? null,
      statutAvant: stay.statut,
      dateFinAvant: stay.dateFin,
      nuits,
      demandeId: origin.demandeId ?? null,
    });
    await applyRoomChanges(tx, before, await roomsOfParent(tx, stay.idReservationMere));
    await resplitRoomShares(tx, actor, stay.idReservationMere);
    await recordAudit(tx, {
      entity: 'reservation',
      entityId: id,
      action: 'depart_anticipe',
      before: { date_fin: stay.dateFin },
      after: { date_fin: dateFin, ...(motif === undefined ? {} : { motif }) },
      actor,
    });
    return {
      message: `Départ anticipé enregistré : la réservation n° ${id} se termine le ${frenchDate(dateFin)}.`,
      liberations: [{ reservationId: id, motif: 'depart_anticipe', nuits, departPrevu: stay.dateFin }],
    };
  });
}
