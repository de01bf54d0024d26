/**
 * POST /demande_hebergement/sync { demande_ids }: re-aligns each request with its stays after they were changed
 * from the reservation screens (docs/domain.md « Synchronisation »), one transaction per request, a result per request:
 * - residents: the residents of its stays (produced or targeted) missing from the request are added;
 * - links: the extensions of its targeted stays made since the request arrived, not yet linked, are linked;
 * - state: an open new-stay request with live stays becomes `traitee`; an open extension request whose every
 *   target reaches the requested departure becomes `traitee` (some: `en_cours`); an open cancellation request whose
 *   every target ends by the cancellation date (or is cancelled) becomes `traitee` (some: `en_cours`);
 * - what it cannot decide is reported, not changed: a treated request whose stays were all cancelled since, an
 *   extension whose stay was cancelled. Closed requests (refused, withdrawn) are left as they are.
 */
import { sql } from 'drizzle-orm';
import {
  DEMANDES_MESSAGES,
  syncMessage,
  type DemandeStatut,
  type SyncAnswer,
  type SyncResultat,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Database, Executor } from '../../../db/client';
import { demandePensionnaires } from '../../../db/schema';
import { AppError, NotFoundError } from '../../../errors';
import { frenchDate } from '../../../lib/days';
import { rowsOf } from '../../../db/raw';
import { chainFrom, isActive, lastOf, targetIds } from '../cibles';
import { lockDemande, moveDemande, type DemandeRow } from '../demande-store';

const OPEN: readonly DemandeStatut[] = ['a_traiter', 'en_cours'];

async function syncOne(tx: Executor, actor: Actor, id: number): Promise<SyncResultat> {
  const demande: DemandeRow = await lockDemande(tx, id);
  if (demande.statut === 'refusee' || demande.statut === 'annulee')
    return {
      demande_id: id,
      ok: true,
      etat: 'a_jour',
      changements: [],
      message: DEMANDES_MESSAGES.syncClosed,
    };
  const changements: string[] = [];
  const problemes: string[] = [];

  // Residents of the stays the request produced or targets.
  const missing = await rowsOf<{ id: number; nom: string; prenom: string }>(
    tx,
    sql`select distinct p.id, p.nom, p.prenom from reservations r join pensionnaires p on p.id = r.pensionnaire_id
        where (r.demande_id = ${id} or r.id in (select reservation_id from demande_reservations_cibles
                                                 where demande_id = ${id}))
          and not exists (select 1 from demande_pensionnaires dp where dp.demande_id = ${id}
                          and dp.pensionnaire_id = r.pensionnaire_id)
        order by p.nom, p.prenom, p.id`,
  );
  if (missing.length > 0) {
    await tx
      .insert(demandePensionnaires)
      .values(missing.map((p) => ({ demandeId: id, pensionnaireId: p.id })));
    await tx.execute(sql`update demandes_hebergement set nombre_personnes =
        (select count(*) from demande_pensionnaires where demande_id = ${id}), updated_at = now() where id = ${id}`);
    for (const p of missing) changements.push(`Pensionnaire ${p.prenom} ${p.nom} ajouté à la demande.`);
  }

  let target: DemandeStatut = demande.statut;
  if (demande.type === 'nouvelle') {
    const [stays] = await rowsOf<{ live: number; total: number }>(
      tx,
      sql`select count(*) filter (where statut <> 'annulee')::int as live, count(*)::int as total
          from reservations where demande_id = ${id}`,
    );
    if (OPEN.includes(demande.statut) && (stays?.live ?? 0) > 0) target = 'traitee';
    if (demande.statut === 'traitee' && (stays?.total ?? 0) > 0 && stays?.live === 0)
      problemes.push(DEMANDES_MESSAGES.syncAllCancelled);
  } else {
    let done = 0;
    const targets = await targetIds(tx, id);
    for (const reservationId of targets) {
      const chain = await chainFrom(tx, reservationId);
      if (demande.type === 'prolongation') {
        const unlinked = chain.filter(
          (stay) => stay.id !== reservationId && stay.demande_id === null && stay.statut !== 'annulee',
        );
        for (const stay of unlinked) {
          await tx.execute(
            sql`update reservations set demande_id = ${id}, updated_at = now() where id = ${stay.id}`,
          );
          changements.push(`Prolongation n° ${stay.id} liée à la demande.`);
        }
        const last = lastOf(chain);
        if (last === undefined) problemes.push(`La réservation n° ${reservationId} a été annulée.`);
        else if (last.date_fin >= demande.date_fin) done += 1;
      } else {
        const running = chain.filter(isActive).find((stay) => stay.date_fin > demande.date_debut);
        if (running === undefined) done += 1;
      }
    }
    if (OPEN.includes(demande.statut) && targets.length > 0) {
      if (done === targets.length) target = 'traitee';
      else if (done > 0) target = 'en_cours';
    }
  }

  if (target !== demande.statut) {
    await moveDemande(tx, actor, demande, target, 'synchronisation', 'synchronisation', {
      details: { changements },
    });
    changements.push(
      target === 'traitee'
        ? 'État : traitée (les réservations sont à jour).'
        : `État : en cours (une partie des réservations est à jour au ${frenchDate(demande.date_fin)}).`,
    );
  } else if (changements.length > 0) {
    await recordAudit(tx, {
      entity: 'demande_hebergement',
      entityId: id,
      action: 'synchronisation',
      after: { changements },
      actor,
    });
  }
  const ok = problemes.length === 0;
  return {
    demande_id: id,
    ok,
    etat: !ok ? 'a_verifier' : changements.length > 0 ? 'mise_a_jour' : 'a_jour',
    changements,
    message: !ok
      ? problemes.join(' ')
      : changements.length === 0
        ? DEMANDES_MESSAGES.syncUpToDate
        : DEMANDES_MESSAGES.syncChanges(changements.length),
  };
}

export function createSyncService(db: Database) {
  return {
    /** `onProgress(done, total)` after each request (the sync task reports it). */
    async sync(
      actor: Actor,
      ids: number[],
      onProgress?: (done: number, total: number) => void,
    ): Promise<SyncAnswer> {
      const resultats: SyncResultat[] = [];
      for (const id of ids) {
        try {
          resultats.push(await db.transaction((tx) => syncOne(tx, actor, id)));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Unknown, or refused as a whole (its transaction rolled back): never counted as synchronised.
          resultats.push({
            demande_id: id,
            ok: false,
            etat: error instanceof NotFoundError ? 'introuvable' : 'echec',
            changements: [],
            message: error.message,
          });
        }
        onProgress?.(resultats.length, ids.length);
      }
      return { message: syncMessage(resultats), resultats };
    },
  };
}
