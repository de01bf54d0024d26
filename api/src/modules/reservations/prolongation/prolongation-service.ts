/**
 * Extensions (docs/domain.md "Réservation"): an extension is a NEW stay `type_resa = prolongation` starting on
 * the extended stay's date_fin, same parent, resident, hotel, room type and options, priced at the lines valid on
 * its own nights. PUT /reservations/prolongation/:id (one stay, or every resident of the parent) and
 * POST /reservations/prolongation_multiple (a list, all or nothing by default, or partial).
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  RESERVATION_WRITE_MESSAGES,
  RESERVATIONS_MESSAGES,
  type ProlongationAnswer,
  type ProlongationBody,
  type ProlongationMultipleAnswer,
  type ProlongationMultipleBody,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { oneOf } from '../../../db/raw';
import { pensionnaires, reservations } from '../../../db/schema';
import { todayOf } from '../../../db/today';
import { AppError, BadRequestError, ConflictError, violates } from '../../../errors';
import { daysBetween, frenchDate } from '../../../lib/days';
import { bookedConflict, isNightTaken, MAX_NUITS, residentName } from '../booking/booking-rules';
import { insertNights } from '../booking/night-pricing';
import { invalidTransition } from '../messages';
import { applyRoomChanges, roomsOfParent } from '../rooms/allotment';
import { resplitRoomShares } from '../rooms/room-shares';
import { createdByOf, lockParent, lockStay, stayAudit, staysWhere, type Stay } from '../stay-repository';

type Resultat = ProlongationMultipleAnswer['resultats'][number];

/** 409 of an all-or-nothing multiple extension: carries the per-row results. */
export class ProlongationMultipleFailure extends ConflictError {
  constructor(
    message: string,
    readonly resultats: Resultat[],
  ) {
    super(message);
  }
}

/** First contract of the side (the stay's first) that is actif, covers [start, end) and prices every night. */
async function pickContract(
  db: Executor,
  side: 'client' | 'etablissement',
  stay: Stay,
  start: string,
  end: string,
): Promise<number | undefined> {
  const candidates =
    side === 'client'
      ? sql`select c.id from contrats_clients c where c.client_id = ${stay.clientId}`
      : sql`select c.id from contrats_etablissement c where c.etablissement_id = ${stay.etablissementId}`;
  const stayContract = side === 'client' ? stay.contratClientId : stay.contratEtablissementId;
  const table = side === 'client' ? sql.raw('contrats_clients') : sql.raw('contrats_etablissement');
  const lines =
    side === 'client'
      ? sql`select 1 from contrat_client_tarifs t where t.contrat_id = c.id and t.type_chambre_id = ${stay.typeChambreId}
              and (t.etablissement_id = ${stay.etablissementId} or t.etablissement_id is null)
              and g.d::date >= t.date_debut and g.d::date < t.date_fin`
      : sql`select 1 from contrat_etablissement_tarifs t where t.contrat_id = c.id
              and t.type_chambre_id = ${stay.typeChambreId}
              and g.d::date >= t.date_debut and g.d::date < t.date_fin`;
  const row = await oneOf<{ id: number }>(
    db,
    sql`select c.id from ${table} c
        where c.id in (${candidates}) and c.statut = 'actif'
          and c.date_debut <= ${start}::date and c.date_fin >= ${end}::date
          and not exists (select 1 from generate_series(${start}::date, ${end}::date - 1, interval '1 day') g(d)
                          where not exists (${lines}))
        order by (c.id = ${stayContract}) desc, c.date_debut desc, c.id limit 1`,
  );
  return row?.id;
}

/** 409 unless the stay may be extended to endDate (400 for the date order). */
async function assertExtendable(db: Executor, stay: Stay, endDate: string, today: string): Promise<void> {
  if (!['en_attente', 'confirmee', 'en_cours'].includes(stay.statut))
    throw invalidTransition(stay, 'prolongation');
  const [extension] = await staysWhere(
    db,
    and(eq(reservations.prolongationDeId, stay.id), ne(reservations.statut, 'annulee')),
  );
  if (extension !== undefined)
    throw new ConflictError(RESERVATIONS_MESSAGES.alreadyExtended(stay.id, extension.id));
  if (stay.dateFin < today) throw new ConflictError(RESERVATIONS_MESSAGES.ended(stay.id, stay.dateFin));
  if (endDate <= stay.dateFin) throw new BadRequestError(RESERVATIONS_MESSAGES.endNotAfter(stay.dateFin));
  if (daysBetween(stay.dateFin, endDate) > MAX_NUITS)
    throw new BadRequestError(RESERVATIONS_MESSAGES.extensionTooLong(MAX_NUITS));
}

/**
 * Extends the given stays (all of one parent, already locked) to endDate, in the caller's transaction.
 * Returns the ids of the extensions, in the order of `stays`.
 */
async function extendStays(tx: Executor, actor: Actor, stays: Stay[], endDate: string): Promise<number[]> {
  const today = await todayOf(tx);
  const parentId = stays[0]?.idReservationMere ?? 0;
  const rows: (typeof reservations.$inferInsert)[] = [];
  for (const stay of stays) {
    await assertExtendable(tx, stay, endDate, today);
    const contratClientId = await pickContract(tx, 'client', stay, stay.dateFin, endDate);
    const contratEtablissementId = await pickContract(tx, 'etablissement', stay, stay.dateFin, endDate);
    const periode = `du ${frenchDate(stay.dateFin)} au ${frenchDate(endDate)}`;
    if (contratClientId === undefined) throw new ConflictError(RESERVATIONS_MESSAGES.noSaleContract(periode));
    if (contratEtablissementId === undefined)
      throw new ConflictError(RESERVATIONS_MESSAGES.noPurchaseContract(periode));
    const taken = await bookedConflict(tx, [stay.pensionnaireId], stay.dateFin, endDate);
    if (taken !== undefined) throw new ConflictError(taken);
    rows.push({
      idReservationMere: stay.idReservationMere,
      pensionnaireId: stay.pensionnaireId,
      clientId: stay.clientId,
      contratClientId,
      etablissementId: stay.etablissementId,
      contratEtablissementId,
      typeChambreId: stay.typeChambreId,
      chambre: stay.chambre,
      dateDebut: stay.dateFin,
      dateFin: endDate,
      statut: stay.statut === 'en_attente' ? 'en_attente' : 'confirmee',
      typeResa: 'prolongation',
      prolongationDeId: stay.id,
      petitDejeuner: stay.petitDejeuner,
      dejeuner: stay.dejeuner,
      diner: stay.diner,
      statusPaf: stay.statusPaf,
      statusCaf: stay.statusCaf,
      createdBy: createdByOf(actor),
    });
  }
  const before = await roomsOfParent(tx, parentId);
  let created: (typeof reservations.$inferSelect)[];
  try {
    created = await tx.insert(reservations).values(rows).returning();
  } catch (error) {
    if (violates(error, 'reservations_prolongee_une_fois'))
      throw new ConflictError(RESERVATIONS_MESSAGES.extendedMeanwhile, {
        cause: error,
      });
    throw error;
  }
  await insertNights(
    tx,
    created.map((row) => row.id),
  );
  await applyRoomChanges(tx, before, await roomsOfParent(tx, parentId));
  for (const row of created)
    await recordAudit(tx, {
      entity: 'reservation',
      entityId: row.id,
      action: 'prolongation',
      after: stayAudit(row),
      actor,
    });
  // The new nights may share a room with a room-mate's: every occupant's share follows.
  await resplitRoomShares(tx, actor, parentId);
  return created.map((row) => row.id);
}

/** A lost race on a night (unique index) as the usual French 409. */
async function nightGuard<T>(db: Executor, stays: () => Stay[], endDate: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!isNightTaken(error)) throw error;
    const list = stays();
    const from = list.reduce((min, s) => (s.dateFin < min ? s.dateFin : min), endDate);
    const message = await bookedConflict(
      db,
      list.map((s) => s.pensionnaireId),
      from,
      endDate,
    );
    throw new ConflictError(message ?? RESERVATION_WRITE_MESSAGES.alreadyBookedRace, { cause: error });
  }
}

/** For every resident of the parent, the last stay of their chain (not cancelled, not extended). */
async function lastStaysOfParent(tx: Executor, parentId: number): Promise<Stay[]> {
  const stays = await staysWhere(
    tx,
    and(
      eq(reservations.idReservationMere, parentId),
      ne(reservations.statut, 'annulee'),
      isNull(reservations.prolongeeParId),
    ),
  );
  const last = new Map<number, Stay>();
  for (const stay of stays) {
    const known = last.get(stay.pensionnaireId);
    if (known === undefined || stay.dateFin > known.dateFin) last.set(stay.pensionnaireId, stay);
  }
  return [...last.values()].sort((a, b) => a.id - b.id);
}

/**
 * PUT /reservations/prolongation/:id: extends the stay (with applyToAllPr, the last stay of every resident of the
 * parent that ends before end_date) to end_date. The public entry for other modules (a demande's extension): pass
 * the caller's transaction as `db` and the extension becomes a savepoint of it.
 */
export async function prolongReservation(
  db: Executor,
  actor: Actor,
  id: number,
  body: ProlongationBody,
): Promise<ProlongationAnswer> {
  let stays: Stay[] = [];
  return nightGuard(
    db,
    () => stays,
    body.end_date,
    () =>
      db.transaction(async (tx) => {
        const stay = await lockStay(tx, id);
        const today = await todayOf(tx);
        if (body.applyToAllPr) {
          stays = (await lastStaysOfParent(tx, stay.idReservationMere)).filter(
            (s) => s.dateFin < body.end_date && s.statut !== 'terminee' && s.dateFin >= today,
          );
          if (stays.length === 0)
            throw new ConflictError(RESERVATIONS_MESSAGES.nothingToExtend(body.end_date));
        } else stays = [stay];
        const ids = await extendStays(tx, actor, stays, body.end_date);
        const names = await tx
          .select({ nom: pensionnaires.nom, prenom: pensionnaires.prenom })
          .from(pensionnaires)
          .where(
            inArray(
              pensionnaires.id,
              stays.map((s) => s.pensionnaireId),
            ),
          )
          .orderBy(asc(pensionnaires.id));
        return {
          id_reservation_mere: stay.idReservationMere,
          reservation_ids: ids,
          message:
            ids.length === 1
              ? `Réservation prolongée jusqu'au ${frenchDate(body.end_date)} pour ${names.map(residentName).join(', ')}.`
              : `${ids.length} réservations prolongées jusqu'au ${frenchDate(body.end_date)}.`,
        };
      }),
  );
}

/**
 * POST /reservations/prolongation_multiple: every stay of the list to end_date, all or nothing (409
 * ProlongationMultipleFailure with the per-row results) unless `partiel`, where each stay is its own transaction.
 */
export async function prolongReservations(
  db: Executor,
  actor: Actor,
  body: ProlongationMultipleBody,
): Promise<ProlongationMultipleAnswer> {
  const endDate = body.end_date;
  const one = async (tx: Executor, id: number): Promise<Resultat> => {
    const stay = await lockStay(tx, id);
    const [extensionId = null] = await nightGuard(
      tx,
      () => [stay],
      endDate,
      () => tx.transaction((sp) => extendStays(sp, actor, [stay], endDate)),
    );
    return {
      reservation_id: id,
      ok: true,
      prolongation_id: extensionId,
      message: `Prolongée jusqu'au ${frenchDate(endDate)} (réservation n° ${extensionId}).`,
    };
  };
  const failed = (id: number, error: unknown): Resultat => {
    if (!(error instanceof AppError)) throw error;
    return { reservation_id: id, ok: false, prolongation_id: null, message: error.message };
  };
  const summary = (resultats: Resultat[]) => {
    const ok = resultats.filter((r) => r.ok).length;
    const ko = resultats.length - ok;
    return `${ok} réservation${ok > 1 ? 's' : ''} prolongée${ok > 1 ? 's' : ''}, ${ko} en échec.`;
  };

  if (body.partiel) {
    const resultats: Resultat[] = [];
    for (const id of body.reservation_ids) {
      try {
        resultats.push(await db.transaction((tx) => one(tx, id)));
      } catch (error) {
        resultats.push(failed(id, error));
      }
    }
    return { message: summary(resultats), resultats };
  }

  return db.transaction(async (tx) => {
    // Lock every parent first, in id order: concurrent multiple extensions cannot deadlock.
    const parents = await tx
      .selectDistinct({ id: reservations.idReservationMere })
      .from(reservations)
      .where(inArray(reservations.id, body.reservation_ids))
      .orderBy(asc(reservations.idReservationMere));
    for (const parent of parents) await lockParent(tx, parent.id);
    const resultats: Resultat[] = [];
    for (const id of body.reservation_ids) {
      try {
        resultats.push(await one(tx, id));
      } catch (error) {
        resultats.push(failed(id, error));
      }
    }
    const ko = resultats.filter((r) => !r.ok).length;
    if (ko > 0)
      throw new ProlongationMultipleFailure(
        `Aucune réservation prolongée : ${ko} en échec sur ${resultats.length} (tout ou rien).`,
        resultats.map((r) =>
          r.ok
            ? {
                ...r,
                ok: false,
                prolongation_id: null,
                message: 'Prolongeable, mais non prolongée : d’autres réservations sont en échec.',
              }
            : r,
        ),
      );
    return { message: summary(resultats), resultats };
  });
}
