/**
 * POST /demande_hebergement/reservations_prolongation/:id: extends each targeted stay (the last of its chain) to the
 * requested departure through the prolongation service of PUT /reservations/prolongation/:id, each in a savepoint
 * of one transaction, with a result per stay. All extended (or already reaching the date) → `traitee` (« Prolongée »);
 * some → `en_cours` (the rest can be retried); none → 409 with the reasons, nothing changed.
 */
import { sql } from 'drizzle-orm';
import {
  DEMANDES_MESSAGES,
  type CiblesAnswer,
  type ProlongationDemandeBody,
  type ResultatCible,
} from 'shared/contract';
import type { Actor } from '../../../db/audit';
import type { Database } from '../../../db/client';
import { BadRequestError } from '../../../errors';
import { prepareCommunication } from '../../communications';
import { prolongReservation } from '../../reservations';
import { chainFrom, lastOf, targetIds } from '../cibles';
import { assertKind, assertTransition, lockDemande, moveDemande } from '../demande-store';
import { resultsPerTarget, settledStatut, summary } from '../resultats';

export function createDemandeProlongationService(db: Database) {
  return {
    async extend(actor: Actor, id: number, body: ProlongationDemandeBody): Promise<CiblesAnswer> {
      return db.transaction(async (tx) => {
        const demande = await lockDemande(tx, id);
        assertKind(demande, 'prolongation', 'prolongation');
        assertTransition(demande, 'traitee', 'prolongation');
        const endDate = body.end_date ?? demande.date_fin;
        if (endDate <= demande.date_debut)
          throw new BadRequestError(DEMANDES_MESSAGES.newEndNotAfter(demande.date_debut));
        const created: number[] = [];
        const targets = await targetIds(tx, id, body.reservation_ids);
        const resultats = await resultsPerTarget(targets, async (target): Promise<ResultatCible> => {
          const last = lastOf(await chainFrom(tx, target));
          if (last === undefined)
            return {
              reservation_id: target,
              ok: false,
              prolongation_id: null,
              message: DEMANDES_MESSAGES.targetCancelled(target),
            };
          if (last.date_fin >= endDate)
            return {
              reservation_id: target,
              ok: true,
              prolongation_id: last.id === target ? null : last.id,
              message: DEMANDES_MESSAGES.alreadyExtended(last.date_fin, last.id),
            };
          const answer = await prolongReservation(tx, actor, last.id, { end_date: endDate });
          created.push(...answer.reservation_ids);
          return {
            reservation_id: target,
            ok: true,
            prolongation_id: answer.reservation_ids[0] ?? null,
            message: DEMANDES_MESSAGES.extended(endDate, answer.reservation_ids[0] ?? last.id),
          };
        });
        const statut = settledStatut(resultats, 'prolongée');
        if (created.length > 0)
          await tx.execute(sql`update reservations set demande_id = ${id}, updated_at = now()
            where id in (${sql.join(
              created.map((value) => sql`${value}`),
              sql`, `,
            )}) and demande_id is null`);
        await moveDemande(tx, actor, demande, statut, 'prolongation', 'prolongation', {
          details: { date_fin: endDate, prolongation_ids: created },
        });
        const communicationIds =
          created.length > 0
            ? [
                await prepareCommunication(tx, actor, id, 'prolongation'),
                await prepareCommunication(tx, actor, id, 'bon_hebergement'),
              ]
            : [];
        return {
          message: DEMANDES_MESSAGES.done(id, summary(resultats, 'prolongée')),
          statut,
          resultats,
          communication_ids: communicationIds,
        };
      });
    },
  };
}
