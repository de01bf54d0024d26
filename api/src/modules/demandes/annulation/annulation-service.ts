/**
 * PUT /demande_hebergement/annulations/:id: cancels each targeted stay from the requested date, through the
 * existing services, each in a savepoint of one transaction, with a result per stay:
 * - the first stay of the chain still running at the date that starts on or after it (or a date that is already
 *   past: nights from today on) is cancelled with PUT /reservations/annulation's service, its extensions with it;
 * - a stay running across the date ends there (early departure, PUT /reservations/:id/:date_fin's service), after
 *   its extensions are cancelled.
 * The reason is required (400 when blank) and kept in each stay's history and the request's. A date in the past
 * becomes today (past nights stay billable). All done → `traitee` (« Annulation confirmée »); some → `en_cours`;
 * none → 409 with the reasons, nothing changed. Each hotel whose nights are released gets its notice
 * (communications/hotel-notices.ts), prepared before the letter to the client, which says which hotels were sent
 * one; the notices' e-mails leave once the transaction commits.
 */
import { sql } from 'drizzle-orm';
import {
  DEMANDES_MESSAGES,
  type AnnulationDemandeBody,
  type CiblesAnswer,
  type ResultatCible,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Database } from '../../../db/client';
import type { Mailer } from '../../../lib/mail';
import {
  prepareCommunication,
  deliverHotelNotices,
  prepareHotelNotices,
  type Liberation,
} from '../../communications';
import { cancelReservation, endReservationEarly, motifOf } from '../../reservations';
import { todayOf } from '../../../db/today';
import { chainFrom, isActive, targetIds } from '../cibles';
import { assertKind, assertTransition, lockDemande, moveDemande } from '../demande-store';
import { resultsPerTarget, settledStatut, summary } from '../resultats';

export function createDemandeAnnulationService(db: Database, mail: Mailer) {
  return {
    async cancel(actor: Actor, id: number, body: AnnulationDemandeBody): Promise<CiblesAnswer> {
      const motif = motifOf(body);
      const { answer, notices } = await db.transaction(async (tx) => {
        const demande = await lockDemande(tx, id);
        assertKind(demande, 'annulation', "confirmation d'annulation");
        assertTransition(demande, 'traitee', "confirmation d'annulation");
        const today = await todayOf(tx);
        const requested = body.date_annulation ?? demande.date_debut;
        const from = requested < today ? today : requested;
        const liberations: Liberation[] = [];
        const targets = await targetIds(tx, id, body.reservation_ids);
        const resultats = await resultsPerTarget(targets, async (target): Promise<ResultatCible> => {
          const chain = (await chainFrom(tx, target)).filter(isActive);
          const running = chain.find((stay) => stay.date_fin > from);
          if (running === undefined) {
            return {
              reservation_id: target,
              ok: true,
              prolongation_id: null,
              message:
                chain.length === 0
                  ? DEMANDES_MESSAGES.alreadyEnded(target)
                  : DEMANDES_MESSAGES.endsBefore(target, from),
            };
          }
          if (running.date_debut >= from || from <= today) {
            liberations.push(
              ...(await cancelReservation(tx, actor, running.id, { motif }, { demandeId: id })).liberations,
            );
            return {
              reservation_id: target,
              ok: true,
              prolongation_id: null,
              message:
                running.date_debut >= from
                  ? DEMANDES_MESSAGES.cancelled(running.id)
                  : DEMANDES_MESSAGES.cancelledFrom(running.id, today),
            };
          }
          const next = chain.find((stay) => stay.date_debut >= running.date_fin);
          if (next !== undefined)
            liberations.push(
              ...(await cancelReservation(tx, actor, next.id, { motif }, { demandeId: id })).liberations,
            );
          liberations.push(
            ...(await endReservationEarly(tx, actor, running.id, from, { motif, demandeId: id })).liberations,
          );
          return {
            reservation_id: target,
            ok: true,
            prolongation_id: null,
            message: DEMANDES_MESSAGES.shortened(running.id, from),
          };
        });
        const statut = settledStatut(resultats, 'annulée');
        if (from !== demande.date_debut && from < demande.date_fin) {
          await tx.execute(sql`update demandes_hebergement set date_debut = ${from}::date, updated_at = now()
            where id = ${id}`);
          await recordAudit(tx, {
            entity: 'demande_hebergement',
            entityId: id,
            action: 'modification',
            before: { date_debut: demande.date_debut },
            after: { date_debut: from },
            actor,
          });
          demande.date_debut = from;
        }
        await moveDemande(tx, actor, demande, statut, 'annulation', "confirmation d'annulation", {
          details: { date_annulation: from, motif },
        });
        const notices = await prepareHotelNotices(tx, actor, mail, liberations, id);
        const letter = await prepareCommunication(tx, actor, id, 'annulation');
        const answer: CiblesAnswer = {
          message: DEMANDES_MESSAGES.done(id, summary(resultats, 'annulée')),
          statut,
          resultats,
          communication_ids: [letter, ...notices.map((n) => n.communicationId)],
        };
        return { answer, notices };
      });
      const told = await deliverHotelNotices(mail, actor, notices);
      return told === '' ? answer : { ...answer, message: `${answer.message} ${told}` };
    },
  };
}
