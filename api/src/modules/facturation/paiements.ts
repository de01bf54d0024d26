/**
 * Payments (docs/invoicing.md « Client invoices »): recorded on an issued invoice, partial ones added up, an amount
 * above what is left (TTC − credit notes − payments) refused with that amount; a payment is never edited, only
 * cancelled with a reason (audited) and entered again. The invoice's state follows: partiellement payée while
 * something is paid and something left, payée once nothing is left, émise or envoyée when no payment counts.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  FACTURATION_MESSAGES,
  type FactureStatut,
  type FactureWritten,
  type PaiementAnnulationBody,
  type PaiementBody,
} from 'shared/contract';
import { type Actor, actorUserId, recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { oneOf } from '../../db/raw';
import { factures, paiements } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { AsOf } from '../../db/today';
import { lockFacture } from './brouillons';
import { readFactureDetail } from './facture-read';

interface Balance {
  paye: string;
  reste: string;
  /** reste in cents, and the amount asked in cents: compared as integers. */
  resteCents: number;
}

async function balanceOf(tx: Executor, id: number): Promise<Balance> {
  const row = await oneOf<Balance>(
    tx,
    sql`select m.paye::numeric(12, 2)::text as paye, (f.total_ttc - m.credite - m.paye)::numeric(12, 2)::text as reste,
        ((f.total_ttc - m.credite - m.paye) * 100)::bigint::int as "resteCents"
      from factures f, lateral (select
        coalesce((select sum(p.montant) from paiements p where p.facture_id = f.id and p.annule_at is null), 0) as paye,
        coalesce((select sum(a.total_ttc) from factures a where a.facture_origine_id = f.id), 0) as credite) m
      where f.id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(FACTURATION_MESSAGES.notFound);
  return row;
}

/** Sets the invoice's state from its payments and credit notes (in the transaction that changed them). */
export async function refreshPaymentState(tx: Executor, id: number): Promise<void> {
  const facture = await lockFacture(tx, id);
  if (facture.statut === 'brouillon') return;
  const balance = await balanceOf(tx, id);
  const paid = Number(balance.paye.replace('.', '')) > 0;
  const statut: FactureStatut = !paid
    ? facture.envoyeeAt === null
      ? 'emise'
      : 'envoyee'
    : balance.resteCents <= 0
      ? 'payee'
      : 'partiellement_payee';
  if (statut !== facture.statut) await tx.update(factures).set({ statut }).where(eq(factures.id, id));
}

/** '120', '120.5', '120.50' → cents. */
const cents = (amount: string): number => {
  const [units = '0', decimals = ''] = amount.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
};
const fromCents = (value: number) => `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;

async function lockIssuedInvoice(tx: Executor, id: number) {
  const facture = await lockFacture(tx, id);
  if (facture.type !== 'facture') throw new ConflictError(FACTURATION_MESSAGES.notInvoice);
  if (facture.statut === 'brouillon') throw new ConflictError(FACTURATION_MESSAGES.notIssued);
  return facture;
}

export function recordPayment(
  db: Database,
  actor: Actor,
  id: number,
  body: PaiementBody,
  asOf?: AsOf,
): Promise<FactureWritten> {
  return db.transaction(async (tx) => {
    await lockIssuedInvoice(tx, id);
    const amount = cents(body.montant);
    if (amount <= 0)
      throw new BadRequestError(FACTURATION_MESSAGES.paymentAmountInvalid, { champ: 'montant' });
    const balance = await balanceOf(tx, id);
    if (amount > balance.resteCents)
      throw new ConflictError(FACTURATION_MESSAGES.overpayment(fromCents(Math.max(0, balance.resteCents))), {
        champ: 'montant',
      });
    const [row] = await tx
      .insert(paiements)
      .values({
        factureId: id,
        datePaiement: body.datePaiement,
        montant: fromCents(amount),
        moyen: body.moyen,
        reference: body.reference?.trim() || null,
        createdBy: actorUserId(actor),
        createdAt: asOf?.at,
      })
      .returning();
    if (row === undefined) throw new Error('insert returned no row');
    await recordAudit(tx, {
      entity: 'facture',
      entityId: id,
      action: 'paiement',
      after: row,
      actor,
      at: asOf?.at,
    });
    await refreshPaymentState(tx, id);
    return {
      message: FACTURATION_MESSAGES.paymentRecorded(row.montant),
      data: await readFactureDetail(tx, id),
    };
  });
}

export function cancelPayment(
  db: Database,
  actor: Actor,
  paiementId: number,
  body: PaiementAnnulationBody,
): Promise<FactureWritten> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ factureId: paiements.factureId })
      .from(paiements)
      .where(eq(paiements.id, paiementId));
    if (found === undefined) throw new NotFoundError(FACTURATION_MESSAGES.paiementNotFound);
    // The invoice first, as every payment write locks it: no deadlock with a payment being recorded.
    await lockIssuedInvoice(tx, found.factureId);
    const [before] = await tx.select().from(paiements).where(eq(paiements.id, paiementId)).for('update');
    if (before === undefined) throw new NotFoundError(FACTURATION_MESSAGES.paiementNotFound);
    if (before.annuleAt !== null) throw new ConflictError(FACTURATION_MESSAGES.paymentAlreadyCancelled);
    const motif = body.motif.trim();
    if (motif === '')
      throw new BadRequestError(FACTURATION_MESSAGES.cancelReasonRequired, { champ: 'motif' });
    const [after] = await tx
      .update(paiements)
      .set({
        annuleAt: sql`now()`,
        annuleBy: actorUserId(actor),
        motifAnnulation: motif,
      })
      .where(and(eq(paiements.id, paiementId)))
      .returning();
    await recordAudit(tx, {
      entity: 'facture',
      entityId: before.factureId,
      action: 'annulation_paiement',
      before,
      after,
      actor,
    });
    await refreshPaymentState(tx, before.factureId);
    return {
      message: FACTURATION_MESSAGES.paymentCancelled,
      data: await readFactureDetail(tx, before.factureId),
    };
  });
}
