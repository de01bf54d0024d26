/**
 * Reconciling a hotel's invoice (rapprochement) and accepting its differences. A reconciliation runs under the
 * invoice's lock at the version the user read, so of two concurrent ones, one wins and the other answers 409; it
 * replaces the previous differences (their acceptances stay in the audit trail). No difference: « rapprochée » at
 * once; else « écart », until every difference is accepted with a reason (administrators; who and when recorded).
 */
import { sql } from 'drizzle-orm';
import {
  RELEVES_MESSAGES,
  type AcceptationBody,
  type FactureEtablissementDetail,
  type Prestation,
} from 'shared/contract';
import { type Actor, actorUserId, recordAudit } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import type { AsOf } from '../../../db/today';
import { ecartsFactureEtablissement } from '../../../db/schema';
import { BadRequestError, ConflictError } from '../../../errors';
import { FACTURE_ENTITY, getFacture, lockFacture } from '../facture/facture-service';
import type { LigneDetail } from '../facture/detail-lignes';
import { purchaseItems } from '../releve/releve-service';
import { comparer, type ItemReserve, type LigneAutreFacture } from './comparaison';

/** The booked items of a hotel and period (the statement's items, with the resident's name). */
function bookedItems(
  db: Executor,
  etablissementId: number,
  debut: string,
  fin: string,
): Promise<ItemReserve[]> {
  return rowsOf<ItemReserve>(
    db,
    sql`with ${purchaseItems(etablissementId, debut, fin)}
      select i.reservation_id as "reservationId", p.nom || ' ' || p.prenom as pensionnaire,
        i.date_nuit::text as "dateNuit", i.prestation, i.quantite, i.prix::numeric(14, 2)::text as prix,
        i.taux::numeric(5, 2)::text as taux
      from items i join reservations r on r.id = i.reservation_id join pensionnaires p on p.id = r.pensionnaire_id
      order by p.nom, p.prenom, i.reservation_id, i.date_nuit`,
  );
}

/** The detail lines of the hotel's other invoices whose nights fall in the period, with their invoice's number. */
function otherInvoicesLines(
  db: Executor,
  factureId: number,
  etablissementId: number,
  debut: string,
  fin: string,
): Promise<LigneAutreFacture[]> {
  return rowsOf<LigneAutreFacture>(
    db,
    sql`select l.ligne, l.reservation_id as "reservationId", l.pensionnaire, l.date_nuit::text as "dateNuit",
        l.prestation, l.type_chambre as "typeChambre", l.quantite, l.prix_unitaire_ht::text as "prixUnitaireHt",
        l.taux_tva::numeric(5, 2)::text as "tauxTva", f.numero
      from lignes_facture_etablissement l join factures_etablissements f on f.id = l.facture_id
      where f.etablissement_id = ${etablissementId} and f.id <> ${factureId}
        and l.date_nuit >= ${debut}::date and l.date_nuit < ${fin}::date
      order by f.date_facture, f.id, l.ligne`,
  );
}

function detailOf(db: Executor, factureId: number): Promise<LigneDetail[]> {
  return rowsOf<LigneDetail>(
    db,
    sql`select ligne, reservation_id as "reservationId", pensionnaire, date_nuit::text as "dateNuit", prestation,
        type_chambre as "typeChambre", quantite, prix_unitaire_ht::text as "prixUnitaireHt",
        taux_tva::numeric(5, 2)::text as "tauxTva"
      from lignes_facture_etablissement where facture_id = ${factureId} order by ligne, date_nuit, id`,
  );
}

export async function rapprocher(
  db: Executor,
  actor: Actor,
  id: number,
  version: number,
  asOf?: AsOf,
): Promise<{ message: string; data: FactureEtablissementDetail }> {
  const now = asOf?.at ?? sql`now()`;
  const count = await db.transaction(async (tx) => {
    const facture = await lockFacture(tx, id, version);
    if (facture.etat === 'rapprochee') throw new ConflictError(RELEVES_MESSAGES.dejaRapprochee);
    const reserves = await bookedItems(tx, facture.etablissementId, facture.periodeDebut, facture.periodeFin);
    const detail = facture.sourceDetail === null ? null : await detailOf(tx, id);
    const autres =
      detail === null
        ? []
        : await otherInvoicesLines(tx, id, facture.etablissementId, facture.periodeDebut, facture.periodeFin);
    const ecarts = comparer(facture, reserves, detail, autres);
    await tx.execute(sql`delete from ecarts_facture_etablissement where facture_id = ${id}`);
    for (let start = 0; start < ecarts.length; start += 1_000)
      await tx
        .insert(ecartsFactureEtablissement)
        .values(ecarts.slice(start, start + 1_000).map((ecart) => ({ ...ecart, factureId: id })));
    const etat = ecarts.length === 0 ? 'rapprochee' : 'ecart';
    await tx.execute(sql`update factures_etablissements set etat = ${etat},
      rapprochee_le = ${etat === 'rapprochee' ? now : sql`null`}, version = version + 1, updated_at = ${now}
      where id = ${id}`);
    await recordAudit(tx, {
      entity: FACTURE_ENTITY,
      entityId: id,
      action: 'rapprochement',
      before: { etat: facture.etat },
      after: { etat, ecarts: ecarts.length, detail: detail === null ? 'totaux' : detail.length },
      actor,
      at: asOf?.at,
    });
    return ecarts.length;
  });
  return {
    message: count === 0 ? RELEVES_MESSAGES.rapprochee : RELEVES_MESSAGES.ecarts(count),
    data: await getFacture(db, id),
  };
}

/** Accepts the given open differences (all when none is named) with a reason; the last one closes the invoice. */
export async function accepterEcarts(
  db: Executor,
  actor: Actor,
  id: number,
  body: AcceptationBody,
  asOf?: AsOf,
): Promise<{ message: string; data: FactureEtablissementDetail }> {
  const now = asOf?.at ?? sql`now()`;
  const userId = actorUserId(actor);
  const motif = body.motif.trim();
  const accepted = await db.transaction(async (tx) => {
    const facture = await lockFacture(tx, id, body.version);
    if (facture.etat !== 'ecart') throw new ConflictError(RELEVES_MESSAGES.pasEnEcart);
    const open = await rowsOf<{ id: number; accepte: boolean; type: string; prestation: Prestation | null }>(
      tx,
      sql`select id::int, accepte_le is not null as accepte, type, prestation
        from ecarts_facture_etablissement where facture_id = ${id}`,
    );
    const byId = new Map(open.map((ecart) => [ecart.id, ecart]));
    const ids = body.ecartIds ?? open.filter((ecart) => !ecart.accepte).map((ecart) => ecart.id);
    body.ecartIds?.forEach((ecartId, index) => {
      const ecart = byId.get(ecartId);
      if (ecart === undefined)
        throw new BadRequestError(RELEVES_MESSAGES.ecartInconnu(ecartId), { champ: `ecartIds.${index}` });
      if (ecart.accepte) throw new ConflictError(RELEVES_MESSAGES.ecartDejaAccepte(ecartId));
    });
    await tx.execute(sql`update ecarts_facture_etablissement set motif = ${motif}, accepte_par = ${userId},
      accepte_le = ${now} where facture_id = ${id} and id = any(${`{${ids.join(',')}}`}::bigint[])`);
    const closed = open.filter((ecart) => !ecart.accepte).length === ids.length;
    await tx.execute(sql`update factures_etablissements set version = version + 1, updated_at = ${now}
      ${closed ? sql`, etat = 'rapprochee', rapprochee_le = ${now}` : sql``} where id = ${id}`);
    await recordAudit(tx, {
      entity: FACTURE_ENTITY,
      entityId: id,
      action: 'acceptation_ecart',
      before: { etat: facture.etat },
      after: { etat: closed ? 'rapprochee' : 'ecart', ecartIds: ids, motif },
      actor,
      at: asOf?.at,
    });
    return ids.length;
  });
  return { message: RELEVES_MESSAGES.accepte(accepted), data: await getFacture(db, id) };
}
