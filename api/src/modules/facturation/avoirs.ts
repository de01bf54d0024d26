/**
 * Credit notes (avoirs, docs/invoicing.md « Client invoices »): against an issued invoice, for everything left to
 * credit or for chosen lines and nights. A night is credited whole — its room and its meals — so that it can be
 * invoiced again without billing a meal twice; a line stands for its nights (a meal line: the nights that carry that
 * meal). A night already credited cannot be again: never more than what is left (409). The credit note is issued
 * at once (no draft), numbered in the AV series, and names its invoice in its document.
 */
import { sql } from 'drizzle-orm';
import { FACTURATION_MESSAGES, type AvoirBody, type FactureWritten } from 'shared/contract';
import { type Actor, actorUserId, recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { todayOf, type AsOf } from '../../db/today';
import { factures } from '../../db/schema';
import { BadRequestError, ConflictError } from '../../errors';
import { renderFacturX } from '../../lib/facturx';
import { lockFacture } from './brouillons';
import { readFactureDetail } from './facture-read';
import { computeLignes, computeTotaux, insertLignes } from './lignes';
import { buildDocument, issuingSettings, nextNumber } from './emission';
import { refreshPaymentState } from './paiements';

/** Ids as one array parameter ('{1,2,3}'): drizzle would spread a JS array into a row of parameters. */
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * The nights of invoice `id` the body chooses and still to credit (all those left when it chooses none). A night
 * named that is not on the invoice or already credited is a 409; a line's nights already credited are skipped.
 */
async function chosenNights(tx: Executor, id: number, numero: string, body: AvoirBody): Promise<number[]> {
  const lignes = body.lignes ?? [];
  const nuitees = body.nuitees ?? [];
  if (lignes.length === 0 && nuitees.length === 0) {
    const left = await rowsOf<{ id: number }>(
      tx,
      sql`select nuitee_id::int as id from facture_nuitees where facture_id = ${id} and avoir_id is null`,
    );
    if (left.length === 0) throw new ConflictError(FACTURATION_MESSAGES.nothingToCredit(numero));
    return left.map((night) => night.id);
  }
  const known = await rowsOf<{ numero: number }>(
    tx,
    sql`select numero from facture_lignes where facture_id = ${id} and numero = any(${intArray(lignes)}::int[])`,
  );
  const unknown = lignes.find((line) => !known.some((row) => row.numero === line));
  if (unknown !== undefined)
    throw new BadRequestError(FACTURATION_MESSAGES.creditUnknownLine(unknown), { champ: 'lignes' });
  const rows = await rowsOf<{ id: number; credited: boolean; named: boolean }>(
    tx,
    sql`select fn.nuitee_id::int as id, fn.avoir_id is not null as credited,
        fn.nuitee_id = any(${intArray(nuitees)}::bigint[]) as named
      from facture_nuitees fn
      where fn.facture_id = ${id} and (fn.nuitee_id = any(${intArray(nuitees)}::bigint[]) or exists (
        select 1 from facture_lignes l where l.facture_id = ${id} and l.numero = any(${intArray(lignes)}::int[])
          and l.etablissement_id = fn.etablissement_id and case l.nature
            when 'nuitee' then l.type_chambre_id = fn.type_chambre_id and l.prix_unitaire_ht = fn.prix_vente_ht
              and l.taux_tva = fn.taux_tva_nuitee
            when 'petit_dejeuner' then fn.petit_dejeuner > 0 and l.prix_unitaire_ht = fn.prix_petit_dejeuner_ht
              and l.taux_tva = fn.taux_tva_repas
            when 'dejeuner' then fn.dejeuner > 0 and l.prix_unitaire_ht = fn.prix_dejeuner_ht
              and l.taux_tva = fn.taux_tva_repas
            else fn.diner > 0 and l.prix_unitaire_ht = fn.prix_diner_ht and l.taux_tva = fn.taux_tva_repas end))`,
  );
  const namedFound = rows.filter((row) => row.named && !row.credited).length;
  if (namedFound < nuitees.length) throw new ConflictError(FACTURATION_MESSAGES.creditTooMuch(numero));
  const left = rows.filter((row) => !row.credited).map((row) => row.id);
  if (left.length === 0) throw new ConflictError(FACTURATION_MESSAGES.creditTooMuch(numero));
  return left;
}

export function createAvoir(
  db: Database,
  actor: Actor,
  id: number,
  body: AvoirBody,
  asOf?: AsOf,
): Promise<FactureWritten> {
  return db.transaction(async (tx) => {
    const facture = await lockFacture(tx, id);
    if (facture.type !== 'facture') throw new ConflictError(FACTURATION_MESSAGES.notInvoice);
    if (facture.statut === 'brouillon' || facture.numero === null || facture.dateEmission === null)
      throw new ConflictError(FACTURATION_MESSAGES.notIssued);
    const ids = await chosenNights(tx, id, facture.numero, body);
    const source = sql`fn.facture_id = ${id} and fn.nuitee_id = any(${intArray(ids)}::bigint[])`;
    const settings = await issuingSettings(tx);
    const today = asOf?.today ?? (await todayOf(tx));
    const numero = await nextNumber(tx, 'avoir', Number(today.slice(0, 4)));
    const lignes = await computeLignes(tx, source);
    const totaux = await computeTotaux(tx, lignes);
    const motif = body.motif.trim();
    const row = {
      clientId: facture.clientId,
      periodeDebut: facture.periodeDebut,
      periodeFin: facture.periodeFin,
      referenceAcheteur: facture.referenceAcheteur,
      notes: null,
      motif,
    };
    const document = await buildDocument(tx, settings, {
      type: 'avoir',
      numero,
      dateEmission: today,
      dateEcheance: today,
      row: { id: 0, ...row },
      nights: source,
      lignes,
      totaux,
      factureReference: { numero: facture.numero, dateEmission: facture.dateEmission },
    });
    const { pdf, xml } = await renderFacturX(document);
    const [avoir] = await tx
      .insert(factures)
      .values({
        ...row,
        type: 'avoir',
        statut: 'emise',
        numero,
        dateEmission: today,
        dateEcheance: today,
        factureOrigineId: id,
        totalHt: totaux.totalHt,
        totalTva: totaux.totalTva,
        totalTtc: totaux.totalTtc,
        document,
        pdf,
        xml,
        createdBy: actorUserId(actor),
        emiseBy: actorUserId(actor),
        emiseAt: asOf?.at ?? sql`now()`,
        createdAt: asOf?.at,
        updatedAt: asOf?.at,
      })
      .returning();
    if (avoir === undefined) throw new Error('insert returned no row');
    await insertLignes(tx, avoir.id, lignes);
    await tx.execute(
      sql`update facture_nuitees set avoir_id = ${avoir.id}
        where facture_id = ${id} and nuitee_id = any(${intArray(ids)}::bigint[]) and avoir_id is null`,
    );
    await recordAudit(tx, {
      entity: 'facture',
      entityId: avoir.id,
      action: 'emission',
      after: { ...avoir, document: undefined, pdf: undefined, xml: undefined },
      actor,
      at: asOf?.at,
    });
    await recordAudit(tx, {
      entity: 'facture',
      entityId: id,
      action: 'avoir',
      after: { avoirId: avoir.id, numero, nuitees: ids.length, totalTtc: totaux.totalTtc },
      actor,
      at: asOf?.at,
    });
    await refreshPaymentState(tx, id);
    return {
      message: FACTURATION_MESSAGES.creditIssued(numero, facture.numero),
      data: await readFactureDetail(tx, avoir.id),
    };
  });
}
