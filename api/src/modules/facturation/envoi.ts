/**
 * Sending an issued invoice or credit note by e-mail (docs/invoicing.md « Client invoices »), through the one mail
 * path (lib/mail.ts): the message is written to the outbox in the transaction that marks the invoice sent
 * (émise → envoyée), then handed to the transport after the commit; a failure keeps it in the outbox for « Renvoyer »
 * (502, as every sending call). To the client's billing e-mail, else its card's. The e-mail carries the frozen
 * document's summary and its Factur-X PDF, the one kept at issue.
 */
import { eq, sql } from 'drizzle-orm';
import {
  COURRIEL_MESSAGES,
  FILE_MEDIA_TYPES,
  FACTURATION_MESSAGES,
  frenchDate,
  type FactureEnvoiAnswer,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database } from '../../db/client';
import { oneOf } from '../../db/raw';
import { factures } from '../../db/schema';
import { ConflictError } from '../../errors';
import { deliveryAnswer, type Mailer } from '../../lib/mail';
import { lockFacture } from './brouillons';
import { readFactureDetail } from './facture-read';
import { readFactureFichier } from './fichiers';

export async function sendFacture(
  db: Database,
  mail: Mailer,
  actor: Actor,
  id: number,
): Promise<FactureEnvoiAnswer> {
  const queued = await db.transaction(async (tx) => {
    const facture = await lockFacture(tx, id);
    const document = facture.document;
    if (facture.statut === 'brouillon' || document === null || facture.numero === null)
      throw new ConflictError(FACTURATION_MESSAGES.notIssued);
    const client = await oneOf<{ nom: string; email: string | null }>(
      tx,
      sql`select c.nom, coalesce(cf.email_facturation, c.email) as email
        from clients c left join clients_facturation cf on cf.client_id = c.id where c.id = ${facture.clientId}`,
    );
    if (client?.email === null || client?.email === undefined)
      throw new ConflictError(FACTURATION_MESSAGES.noBillingEmail(client?.nom ?? ''));
    const pdf = await readFactureFichier(tx, id, 'pdf');
    const courrielId = await mail.queue(tx, actor, {
      to: [client.email],
      attachments: [{ filename: pdf.nom, content: pdf.contenu, contentType: FILE_MEDIA_TYPES.pdf }],
      subject: FACTURATION_MESSAGES.mailSubject(
        document.type,
        document.numero,
        document.vendeur.raisonSociale,
      ),
      text: FACTURATION_MESSAGES.mailText({
        kind: document.type,
        numero: document.numero,
        dateEmission: frenchDate(document.dateEmission),
        periode: `${frenchDate(document.periode.debut)} – ${frenchDate(document.periode.fin)}`,
        totalHt: document.totaux.totalHt,
        totalTva: document.totaux.totalTva,
        totalTtc: document.totaux.totalTtc,
        dateEcheance: frenchDate(document.dateEcheance),
        conditionsPaiement: document.conditionsPaiement,
        ...(document.factureReference ? { factureReference: document.factureReference.numero } : {}),
        vendeur: document.vendeur.raisonSociale,
      }),
    });
    await tx
      .update(factures)
      .set({ envoyeeAt: sql`now()`, ...(facture.statut === 'emise' ? { statut: 'envoyee' as const } : {}) })
      .where(eq(factures.id, id));
    await recordAudit(tx, {
      entity: 'facture',
      entityId: id,
      action: 'envoi',
      after: {
        courrielId,
        to: client.email,
        statut: facture.statut === 'emise' ? 'envoyee' : facture.statut,
      },
      actor,
    });
    return { courrielId, to: client.email, numero: facture.numero };
  });
  const { courriel, outcome } = await mail.deliver(queued.courrielId, actor);
  const answer = deliveryAnswer(courriel, outcome, {
    sent: FACTURATION_MESSAGES.sent(queued.numero, queued.to),
    failed: COURRIEL_MESSAGES.failedKept,
  });
  return {
    message: answer.message,
    envoi: answer.envoi,
    courrielId: queued.courrielId,
    data: await readFactureDetail(db, id),
  };
}
