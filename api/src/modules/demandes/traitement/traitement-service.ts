/**
 * POST /demande_hebergement/reservations/:id: books a new-stay request through the booking service of
 * POST /reservations/add (and of POST /reservations/edit for the residents of the other room types), in ONE
 * transaction with the request's move to `traitee` and its two documents (confirmation, hotel voucher). The request
 * row is locked first: of 20 simultaneous treatments, the first books and the others then find it treated (409).
 */
import { sql } from 'drizzle-orm';
import { DEMANDES_MESSAGES, type TraitementAnswer, type TraitementBody } from 'shared/contract';
import type { Actor } from '../../../db/audit';
import type { Database } from '../../../db/client';
import { BadRequestError } from '../../../errors';
import { prepareCommunication } from '../../communications';
import { confirmReservation, addResidentToReservation, bookReservation } from '../../reservations';
import { rowsOf } from '../../../db/raw';
import { assertKind, assertTransition, lockDemande, moveDemande } from '../demande-store';

export function createTraitementService(db: Database) {
  return {
    async treat(actor: Actor, id: number, body: TraitementBody): Promise<TraitementAnswer> {
      return db.transaction(async (tx) => {
        const demande = await lockDemande(tx, id);
        assertKind(demande, 'nouvelle', 'traitement');
        assertTransition(demande, 'traitee', 'traitement');
        const named = new Set(
          (
            await rowsOf<{ id: number }>(
              tx,
              sql`select pensionnaire_id as id from demande_pensionnaires where demande_id = ${id}`,
            )
          ).map((row) => row.id),
        );
        const placed = new Set<number>();
        for (const room of body.chambres)
          for (const resident of room.pensionnaire_ids) {
            if (!named.has(resident)) throw new BadRequestError(DEMANDES_MESSAGES.notNamed(resident));
            if (placed.has(resident)) throw new BadRequestError(DEMANDES_MESSAGES.placedTwice(resident));
            placed.add(resident);
          }
        const start = body.start_date ?? demande.date_debut;
        const end = body.end_date ?? demande.date_fin;
        const options = {
          petit_dejeuner: body.petit_dejeuner ?? demande.souhait_petit_dejeuner,
          dejeuner: body.dejeuner ?? demande.souhait_dejeuner,
          diner: body.diner ?? demande.souhait_diner,
          status_paf: body.status_paf ?? false,
          status_caf: body.status_caf ?? false,
        };
        // The booking functions run their own transaction: given ours, each is a savepoint inside it.
        const [first, ...others] = body.chambres;
        if (first === undefined) throw new BadRequestError(DEMANDES_MESSAGES.noRoom);
        const added = await bookReservation(tx, actor, {
          client_id: demande.client_id,
          contrat_client_id: body.contrat_client_id,
          etablissement_id: body.etablissement_id,
          contrat_etablissement_id: body.contrat_etablissement_id,
          type_chambre_id: first.type_chambre_id,
          pensionnaire_ids: first.pensionnaire_ids,
          start_date: start,
          end_date: end,
          chambre: first.chambre ?? null,
          ...options,
          confirmer: body.confirmer ?? false,
          demande_id: id,
        });
        const reservationIds = [...added.reservation_ids];
        const joined: number[] = [];
        for (const room of others)
          for (const resident of room.pensionnaire_ids) {
            const stay = await addResidentToReservation(tx, actor, added.id_reservation_mere, resident, {
              start_date: start,
              end_date: end,
              type_chambre_id: room.type_chambre_id,
              chambre: room.chambre ?? null,
              ...options,
            });
            joined.push(stay.reservation_id);
          }
        if (joined.length > 0) {
          await tx.execute(sql`update reservations set demande_id = ${id}, updated_at = now()
            where id in (${sql.join(
              joined.map((value) => sql`${value}`),
              sql`, `,
            )})`);
          if (body.confirmer) {
            for (const stay of joined) await confirmReservation(tx, actor, stay, {});
          }
          reservationIds.push(...joined);
        }
        await moveDemande(tx, actor, demande, 'traitee', 'traitement', 'traitement', {
          details: { id_reservation_mere: added.id_reservation_mere, reservation_ids: reservationIds },
        });
        const communicationIds = [
          await prepareCommunication(tx, actor, id, 'confirmation'),
          await prepareCommunication(tx, actor, id, 'bon_hebergement'),
        ];
        return {
          message: DEMANDES_MESSAGES.treated(id, reservationIds.length, added.id_reservation_mere),
          id_reservation_mere: added.id_reservation_mere,
          reservation_ids: reservationIds,
          communication_ids: communicationIds,
        };
      });
    },
  };
}
