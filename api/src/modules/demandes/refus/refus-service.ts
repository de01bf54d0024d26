/** PUT /demande_hebergement/:id/refuser: an open request becomes `refusee` with its reason; the letter is prepared. */
import { DEMANDES_MESSAGES, type DemandeWriteAnswer, type RefusBody } from 'shared/contract';
import type { Actor } from '../../../db/audit';
import type { Database } from '../../../db/client';
import { BadRequestError } from '../../../errors';
import { prepareCommunication } from '../../communications';
import { assertTransition, DEMANDE_MESSAGES, lockDemande, moveDemande } from '../demande-store';

export function createRefusService(db: Database) {
  return {
    async refuse(actor: Actor, id: number, body: RefusBody): Promise<DemandeWriteAnswer> {
      const motif = body.motif.trim();
      if (motif === '') throw new BadRequestError(DEMANDE_MESSAGES.motifRequired);
      return db.transaction(async (tx) => {
        const demande = await lockDemande(tx, id);
        assertTransition(demande, 'refusee', 'refus');
        await moveDemande(tx, actor, demande, 'refusee', 'refus', 'refus', { motifRefus: motif });
        const letter = await prepareCommunication(tx, actor, id, 'refus');
        return {
          message: DEMANDES_MESSAGES.refused(id),
          communication_ids: [letter],
        };
      });
    },
  };
}
