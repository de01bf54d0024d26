/**
 * Extensions (docs/domain.md "Réservation"): an extension is a NEW stay `type_resa = prolongation` starting on
 * the extended stay's date_fin, same parent, resident, hotel, room type and options, priced at the lines valid on
 * its own nights. PUT /reservations/prolongation/:id (one stay, or every resident of the parent) and
 * POST /reservations/prolongation_multiple (a list, all or nothing by default, or partial).
 */
import { sql } from 'drizzle-orm';
import type {
  ProlongationAnswer,
  ProlongationBody,
  ProlongationMultipleAnswer,
  ProlongationMultipleBody,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { reservations } from '../../db/schema';
import { AppError, BadRequestError, ConflictError } from '../../errors';
import { daysBetween } from '../contrats/format';
import { refreshEnvelope } from './actions-service';
import { applyRoomChanges, roomsOfParent } from './allotment';
import { resplitRoomShares } from './room-shares';
import { bookedConflict, isNightTaken, MAX_NUITS, residentName } from './booking-rules';
import { insertNights } from './night-pricing';
import {
  createdByOf,
  findStay,
  frenchDate,
  invalidTransition,
  lockParent,
  oneOf,
  rowsOf,
  stayAudit,
  staysWhere,
  todayOf,
  WRITE_MESSAGES,
  type StayRow,
} from './write-common';

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
  stay: StayRow,
  start: string,
  end: string,
): Promise<number | undefined> {
  const candidates =
    side === 'client'
      ? sql`select c.id from contrats_clients c where c.client_id = ${stay.client_id}`
      : sql`select c.id from contrats_etablissement c where c.etablissement_id = ${stay.etablissement_id}`;
  const stayContract = side === 'client' ? stay.contrat_client_id : stay.contrat_etablissement_id;
  const table = side === 'client' ? sql.raw('contrats_clients') : sql.raw('contrats_etablissement');
  const lines =
    side === 'client'
      ? sql`select 1 from contrat_client_tarifs t where t.contrat_id = c.id and t.type_chambre_id = ${stay.type_chambre_id}
              and (t.etablissement_id = ${stay.etablissement_id} or t.etablissement_id is null)
              and g.d::date >= t.date_debut and g.d::date < t.date_fin`
      : sql`select 1 from contrat_etablissement_tarifs t where t.contrat_id = c.id
              and t.type_chambre_id = ${stay.type_chambre_id}
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
async function assertExtendable(db: Executor, stay: StayRow, endDate: string, today: string): Promise<void> {
  if (!['en_attente', 'confirmee', 'en_cours'].includes(stay.statut))
    throw invalidTransition(stay, 'prolongation');
  const [extension] = await staysWhere(db, sql`prolongation_de_id = ${stay.id} and statut <> 'annulee'`);
  if (extension !== undefined)
    throw new ConflictError(
      `La réservation n° ${stay.id} est déjà prolongée : prolongez la réservation n° ${extension.id}.`,
    );
  if (stay.date_fin < today)
    throw new ConflictError(
      `La réservation n° ${stay.id} s'est terminée le ${frenchDate(stay.date_fin)} : prolongation impossible.`,
    );
  if (endDate <= stay.date_fin)
    throw new BadRequestError(
      `La nouvelle date de départ doit être postérieure au départ actuel (${frenchDate(stay.date_fin)}).`,
    );
  if (daysBetween(stay.date_fin, endDate) > MAX_NUITS)
    throw new BadRequestError(`Une prolongation ne peut pas dépasser ${MAX_NUITS} nuits.`);
}

/**
 * Extends the given stays (all of one parent, already locked) to endDate, in the caller's transaction.
 * Returns the ids of the extensions, in the order of `stays`.
 */
async function extendStays(tx: Executor, actor: Actor, stays: StayRow[], endDate: string): Promise<number[]> {
  const today = await todayOf(tx);
  const parentId = stays[0]?.id_reservation_mere ?? 0;
  const rows: (typeof reservations.$inferInsert)[] = [];
  for (const stay of stays) {
    await assertExtendable(tx, stay, endDate, today);
    const contratClientId = await pickContract(tx, 'client', stay, stay.date_fin, endDate);
    const contratEtablissementId = await pickContract(tx, 'etablissement', stay, stay.date_fin, endDate);
    const periode = `du ${frenchDate(stay.date_fin)} au ${frenchDate(endDate)}`;
    if (contratClientId === undefined)
      throw new ConflictError(
        `Aucun contrat client actif avec des tarifs ne couvre la prolongation ${periode}.`,
      );
    if (contratEtablissementId === undefined)
      throw new ConflictError(
        `Aucun contrat établissement actif avec des tarifs ne couvre la prolongation ${periode}.`,
      );
    const taken = await bookedConflict(tx, [stay.pensionnaire_id], stay.date_fin, endDate);
    if (taken !== undefined) throw new ConflictError(taken);
    rows.push({
      idReservationMere: stay.id_reservation_mere,
      pensionnaireId: stay.pensionnaire_id,
      clientId: stay.client_id,
      contratClientId,
      etablissementId: stay.etablissement_id,
      contratEtablissementId,
      typeChambreId: stay.type_chambre_id,
      chambre: stay.chambre,
      dateDebut: stay.date_fin,
      dateFin: endDate,
      statut: stay.statut === 'en_attente' ? 'en_attente' : 'confirmee',
      typeResa: 'prolongation',
      prolongationDeId: stay.id,
      petitDejeuner: stay.petit_dejeuner,
      dejeuner: stay.dejeuner,
      diner: stay.diner,
      statusPaf: stay.status_paf,
      statusCaf: stay.status_caf,
      createdBy: createdByOf(actor),
    });
  }
  const before = await roomsOfParent(tx, parentId);
  let created: (typeof reservations.$inferSelect)[];
  try {
    created = await tx.insert(reservations).values(rows).returning();
  } catch (error) {
    let current: unknown = error;
    for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
      if ((current as { constraint?: unknown }).constraint === 'reservations_prolongee_une_fois')
        throw new ConflictError('Cette réservation vient d’être prolongée par une autre opération.', {
          cause: error,
        });
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
  await insertNights(
    tx,
    created.map((row) => row.id),
  );
  await applyRoomChanges(tx, before, await roomsOfParent(tx, parentId));
  await refreshEnvelope(tx, parentId);
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
async function nightGuard<T>(db: Executor, stays: () => StayRow[], endDate: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!isNightTaken(error)) throw error;
    const list = stays();
    const from = list.reduce((min, s) => (s.date_fin < min ? s.date_fin : min), endDate);
    const message = await bookedConflict(
      db,
      list.map((s) => s.pensionnaire_id),
      from,
      endDate,
    );
    throw new ConflictError(message ?? WRITE_MESSAGES.alreadyBookedRace, { cause: error });
  }
}

async function lockedStay(tx: Executor, id: number): Promise<StayRow> {
  const first = await findStay(tx, id);
  if (first === undefined) throw new AppError(404, WRITE_MESSAGES.stayNotFound(id));
  await lockParent(tx, first.id_reservation_mere);
  const stay = await findStay(tx, id);
  if (stay === undefined) throw new AppError(404, WRITE_MESSAGES.stayNotFound(id));
  return stay;
}

/** For every resident of the parent, the last stay of their chain (not cancelled, not extended). */
async function lastStaysOfParent(tx: Executor, parentId: number): Promise<StayRow[]> {
  const stays = await staysWhere(
    tx,
    sql`id_reservation_mere = ${parentId} and statut <> 'annulee' and not exists (
          select 1 from reservations x where x.prolongation_de_id = reservations.id and x.statut <> 'annulee')`,
  );
  const last = new Map<number, StayRow>();
  for (const stay of stays) {
    const known = last.get(stay.pensionnaire_id);
    if (known === undefined || stay.date_fin > known.date_fin) last.set(stay.pensionnaire_id, stay);
  }
  return [...last.values()].sort((a, b) => a.id - b.id);
}

export function createProlongationService(db: Database) {
  return {
    async extend(actor: Actor, id: number, body: ProlongationBody): Promise<ProlongationAnswer> {
      let stays: StayRow[] = [];
      return nightGuard(
        db,
        () => stays,
        body.end_date,
        () =>
          db.transaction(async (tx) => {
            const stay = await lockedStay(tx, id);
            const today = await todayOf(tx);
            if (body.applyToAllPr) {
              stays = (await lastStaysOfParent(tx, stay.id_reservation_mere)).filter(
                (s) => s.date_fin < body.end_date && s.statut !== 'terminee' && s.date_fin >= today,
              );
              if (stays.length === 0)
                throw new ConflictError(
                  `Aucune réservation de cette réservation intégrale n'est à prolonger jusqu'au ${frenchDate(body.end_date)}.`,
                );
            } else stays = [stay];
            const ids = await extendStays(tx, actor, stays, body.end_date);
            const names = await rowsOf<{ nom: string; prenom: string }>(
              tx,
              sql`select nom, prenom from pensionnaires where id in (${sql.join(
                stays.map((s) => sql`${s.pensionnaire_id}`),
                sql`, `,
              )}) order by id`,
            );
            return {
              id_reservation_mere: stay.id_reservation_mere,
              reservation_ids: ids,
              message:
                ids.length === 1
                  ? `Réservation prolongée jusqu'au ${frenchDate(body.end_date)} pour ${names.map(residentName).join(', ')}.`
                  : `${ids.length} réservations prolongées jusqu'au ${frenchDate(body.end_date)}.`,
            };
          }),
      );
    },

    async extendMany(actor: Actor, body: ProlongationMultipleBody): Promise<ProlongationMultipleAnswer> {
      const endDate = body.end_date;
      const one = async (tx: Executor, id: number): Promise<Resultat> => {
        const stay = await lockedStay(tx, id);
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
        const parents = await rowsOf<{ id: number }>(
          tx,
          sql`select distinct id_reservation_mere as id from reservations
              where id in (${sql.join(
                body.reservation_ids.map((id) => sql`${id}`),
                sql`, `,
              )}) order by 1`,
        );
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
    },
  };
}
