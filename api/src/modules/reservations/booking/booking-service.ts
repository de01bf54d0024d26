/**
 * New stays: POST /reservations/add (a full reservation: parent + one stay per resident) and
 * POST /reservations/edit/:id_reservation_mere/:pensionnaire_id (one more resident in a full reservation).
 * One transaction each: checks (booking-rules.ts), rows, priced nights (night-pricing.ts), allotment counters
 * (rooms/allotment.ts), audit rows.
 *
 * The public entry of booking for other modules (a demande that produces its reservations): pass the caller's
 * transaction as `db` and the booking becomes a savepoint of it, committed or rolled back with the caller's work.
 */
import { eq, sql } from 'drizzle-orm';
import {
  RESERVATION_WRITE_MESSAGES,
  type ReservationAddAnswer,
  type ReservationAddBody,
  type ReservationEditAnswer,
  type ReservationEditBody,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { oneOf } from '../../../db/raw';
import { demandesHebergement, reservations, reservationsMeres } from '../../../db/schema';
import { todayOf } from '../../../db/today';
import { ConflictError, NotFoundError } from '../../../errors';
import { frenchDate } from '../../../lib/days';
import { applyRoomChanges, roomsOfParent } from '../rooms/allotment';
import { resplitRoomShares } from '../rooms/room-shares';
import { createdByOf, integraleAnnulee, lockParent, stayAudit } from '../stay-repository';
import {
  assertParties,
  assertPeriod,
  assertResidents,
  residentName,
  withNightGuard,
  type StayInput,
} from './booking-rules';
import { insertNights } from './night-pricing';

interface StayOptions {
  chambre?: string | null | undefined;
  petit_dejeuner?: boolean | undefined;
  dejeuner?: boolean | undefined;
  diner?: boolean | undefined;
  status_paf?: boolean | undefined;
  status_caf?: boolean | undefined;
}

export const optionValues = (o: StayOptions) => ({
  chambre: o.chambre ?? null,
  petitDejeuner: o.petit_dejeuner ?? false,
  dejeuner: o.dejeuner ?? false,
  diner: o.diner ?? false,
  statusPaf: o.status_paf ?? false,
  statusCaf: o.status_caf ?? false,
});

async function assertDemande(db: Executor, id: number | undefined): Promise<void> {
  if (id === undefined) return;
  const [row] = await db
    .select({ id: demandesHebergement.id })
    .from(demandesHebergement)
    .where(eq(demandesHebergement.id, id));
  if (row === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.demandeNotFound);
}

/** POST /reservations/add: a parent and one stay per resident, priced, counted against the allotment, audited. */
export async function bookReservation(
  db: Executor,
  actor: Actor,
  body: ReservationAddBody,
): Promise<ReservationAddAnswer> {
  const input: StayInput = {
    clientId: body.client_id,
    contratClientId: body.contrat_client_id,
    etablissementId: body.etablissement_id,
    contratEtablissementId: body.contrat_etablissement_id,
    typeChambreId: body.type_chambre_id,
    start: body.start_date,
    end: body.end_date,
  };
  assertPeriod(input.start, input.end, await todayOf(db));
  const ids = body.pensionnaire_ids;
  return withNightGuard(
    db,
    () => ({ ids, start: input.start, end: input.end }),
    () =>
      db.transaction(async (tx) => {
        await assertParties(tx, input);
        const residents = await assertResidents(tx, input.clientId, ids, input.start, input.end);
        await assertDemande(tx, body.demande_id);
        const common = {
          clientId: input.clientId,
          contratClientId: input.contratClientId,
          etablissementId: input.etablissementId,
          contratEtablissementId: input.contratEtablissementId,
          dateDebut: input.start,
          dateFin: input.end,
          demandeId: body.demande_id ?? null,
          createdBy: createdByOf(actor),
        };
        const [mere] = await tx.insert(reservationsMeres).values(common).returning();
        if (mere === undefined) throw new Error('parent not created');
        const statut = body.confirmer ? ('confirmee' as const) : ('en_attente' as const);
        const created = await tx
          .insert(reservations)
          .values(
            residents.map((resident) => ({
              ...common,
              idReservationMere: mere.id,
              pensionnaireId: resident.id,
              typeChambreId: input.typeChambreId,
              statut,
              ...optionValues(body),
            })),
          )
          .returning();
        await insertNights(
          tx,
          created.map((row) => row.id),
        );
        await applyRoomChanges(tx, new Map(), await roomsOfParent(tx, mere.id));
        await recordAudit(tx, {
          entity: 'reservation_mere',
          entityId: mere.id,
          action: 'creation',
          after: {
            date_debut: input.start,
            date_fin: input.end,
            reservation_ids: created.map((row) => row.id),
          },
          actor,
        });
        for (const row of created)
          await recordAudit(tx, {
            entity: 'reservation',
            entityId: row.id,
            action: 'creation',
            after: stayAudit(row),
            actor,
          });
        const names = residents.map(residentName).join(', ');
        return {
          id_reservation_mere: mere.id,
          reservation_ids: created.map((row) => row.id),
          message:
            created.length === 1
              ? `Réservation créée pour ${names} du ${frenchDate(input.start)} au ${frenchDate(input.end)}.`
              : `${created.length} réservations créées (${names}) du ${frenchDate(input.start)} au ${frenchDate(input.end)}.`,
        };
      }),
  );
}

/**
 * POST /reservations/edit/:id_reservation_mere/:pensionnaire_id: one more resident in a full reservation, for its
 * period (or the one given), sharing its rooms.
 */
export async function addResidentToReservation(
  db: Executor,
  actor: Actor,
  parentId: number,
  pensionnaireId: number,
  body: ReservationEditBody,
): Promise<ReservationEditAnswer> {
  const today = await todayOf(db);
  let period = { start: '', end: '' };
  return withNightGuard(
    db,
    () => ({ ids: [pensionnaireId], ...period }),
    () =>
      db.transaction(async (tx) => {
        await lockParent(tx, parentId);
        const mere = await oneOf<{
          client_id: number;
          contrat_client_id: number;
          etablissement_id: number;
          contrat_etablissement_id: number;
          date_debut: string;
          date_fin: string;
          type_chambre_id: number | null;
          annulee: boolean;
        }>(
          tx,
          sql`select m.client_id, m.contrat_client_id, m.etablissement_id, m.contrat_etablissement_id,
                    m.date_debut::text as date_debut, m.date_fin::text as date_fin,
                    (select r.type_chambre_id from reservations r where r.id_reservation_mere = m.id
                     order by (r.statut = 'annulee'), r.id limit 1) as type_chambre_id,
                    ${integraleAnnulee(sql`m.id`)} as annulee
                  from reservations_meres m where m.id = ${parentId}`,
        );
        if (mere === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.parentNotFound);
        // Its stays all cancelled: a newcomer would bring back a reservation nobody else is in any more.
        if (mere.annulee) throw new ConflictError(RESERVATION_WRITE_MESSAGES.parentCancelled(parentId));
        const start = body.start_date ?? (mere.date_debut > today ? mere.date_debut : today);
        const end = body.end_date ?? mere.date_fin;
        period = { start, end };
        assertPeriod(start, end, today);
        const typeChambreId = body.type_chambre_id ?? mere.type_chambre_id;
        if (typeChambreId === null) throw new ConflictError(RESERVATION_WRITE_MESSAGES.roomTypeRequired);
        const input: StayInput = {
          clientId: mere.client_id,
          contratClientId: mere.contrat_client_id,
          etablissementId: mere.etablissement_id,
          contratEtablissementId: mere.contrat_etablissement_id,
          typeChambreId,
          start,
          end,
        };
        await assertParties(tx, input);
        const [resident] = await assertResidents(tx, input.clientId, [pensionnaireId], start, end);
        const before = await roomsOfParent(tx, parentId);
        const [row] = await tx
          .insert(reservations)
          .values({
            idReservationMere: parentId,
            pensionnaireId,
            clientId: input.clientId,
            contratClientId: input.contratClientId,
            etablissementId: input.etablissementId,
            contratEtablissementId: input.contratEtablissementId,
            typeChambreId,
            dateDebut: start,
            dateFin: end,
            createdBy: createdByOf(actor),
            ...optionValues(body),
          })
          .returning();
        if (row === undefined) throw new Error('stay not created');
        await insertNights(tx, [row.id]);
        await applyRoomChanges(tx, before, await roomsOfParent(tx, parentId));
        await recordAudit(tx, {
          entity: 'reservation',
          entityId: row.id,
          action: 'creation',
          after: stayAudit(row),
          actor,
        });
        await recordAudit(tx, {
          entity: 'reservation_mere',
          entityId: parentId,
          action: 'modification',
          after: { ajout_reservation_id: row.id, pensionnaire_id: pensionnaireId },
          actor,
        });
        // The newcomer may share a room with residents already booked: everyone's share follows.
        await resplitRoomShares(tx, actor, parentId);
        return {
          id_reservation_mere: parentId,
          reservation_id: row.id,
          message: `${residentName(resident ?? { nom: '', prenom: '' })} ajouté(e) à la réservation intégrale n° ${parentId} du ${frenchDate(start)} au ${frenchDate(end)}.`,
        };
      }),
  );
}
