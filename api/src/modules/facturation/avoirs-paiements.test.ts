import { sql } from 'drizzle-orm';
import {
  FACTURATION_MESSAGES,
  type FactureDetail,
  type FactureEnvoiAnswer,
  type FactureWritten,
} from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw';
import { draft, issue, marchWorld, facturationSuite } from './facturation.fixture';

const suite = facturationSuite({ withSettings: true });

/** An issued invoice of March for a new client: 630.00 HT, 61.65 VAT, 691.65 TTC (facturation.fixture.ts). */
async function issuedInvoice(name: string): Promise<FactureDetail & { stays: number[] }> {
  const world = await marchWorld(suite.app, name);
  return {
    ...(await issue(suite.app, suite.admin, (await draft(suite.app, suite.agent, world.clientId)).id)),
    stays: world.stays,
  };
}

const credit = (id: number, body: Record<string, unknown>, token = suite.admin) =>
  suite.call('POST', `/facturation/factures/${id}/avoirs`, token, body);
const pay = (id: number, montant: string, token = suite.agent) =>
  suite.call('POST', `/facturation/factures/${id}/paiements`, token, {
    datePaiement: '2026-04-15',
    montant,
    moyen: 'virement',
  });
const card = async (id: number) =>
  (await suite.call('GET', `/facturation/factures/${id}`, suite.agent)).json<FactureDetail>();
const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

describe('a credit note', () => {
  it('credits chosen nights, then a line, then the rest, numbered AV and naming its invoice; never more', async () => {
    const invoice = await issuedInvoice('Avoir');
    const awaNights = invoice.nuitees
      .filter((n) => n.reservationId === invoice.stays[0])
      .map((n) => n.nuiteeId);
    expect((await credit(invoice.id, { motif: 'Erreur' }, suite.agent)).statusCode).toBe(403);

    const first = await credit(invoice.id, { motif: 'Deux nuits non dues', nuitees: awaNights.slice(0, 2) });
    expect(first.statusCode, first.body).toBe(201);
    const avoir = first.json<FactureWritten>().data;
    expect(avoir.numero).toMatch(/^AV-\d{4}-\d{6}$/);
    expect(avoir).toMatchObject({ type: 'avoir', totalHt: '150.00', totalTva: '15.00', totalTtc: '165.00' });
    expect(avoir.document?.factureReference).toEqual({
      numero: invoice.numero,
      dateEmission: invoice.dateEmission,
    });
    expect(avoir.document?.type).toBe('avoir');
    expect(avoir.document?.mentions).toContain('Deux nuits non dues');
    expect(await card(invoice.id)).toMatchObject({ montantCredite: '165.00', resteAPayer: '526.65' });

    const again = await credit(invoice.id, { motif: 'Encore', nuitees: [awaNights[0]] });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(FACTURATION_MESSAGES.creditTooMuch(invoice.numero ?? ''));

    // Line 2 is the breakfasts: the nights that carry them are credited whole, room and meal.
    const line = await credit(invoice.id, { motif: 'Séjour de Moussa', lignes: [2] });
    expect(line.statusCode, line.body).toBe(201);
    expect(line.json<FactureWritten>().data).toMatchObject({
      totalHt: '330.00',
      totalTva: '31.65',
      totalTtc: '361.65',
    });

    const rest = await credit(invoice.id, { motif: 'Solde' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<FactureWritten>().data.totalHt).toBe('150.00');
    const none = await credit(invoice.id, { motif: 'Rien' });
    expect(none.statusCode).toBe(409);
    expect(message(none)).toBe(FACTURATION_MESSAGES.nothingToCredit(invoice.numero ?? ''));
    expect((await credit(invoice.id, { motif: 'Ligne', lignes: [9] })).statusCode).toBe(400);

    const after = await card(invoice.id);
    expect(after.avoirs.map((a) => a.totalHt)).toEqual(['150.00', '330.00', '150.00']);
    expect(after.montantCredite).toBe('691.65');
    expect(after.resteAPayer).toBe('0.00');
  });

  it('frees its nights: they can be invoiced again', async () => {
    const invoice = await issuedInvoice('Refacturation');
    await credit(invoice.id, { motif: 'Prix erroné' });
    const again = await draft(suite.app, suite.agent, invoice.clientId);
    expect(again.totalHt).toBe(invoice.totalHt);
    expect(again.nuitees).toHaveLength(8);
  });

  it('is refused on a draft and against a credit note', async () => {
    const world = await marchWorld(suite.app, 'Avoir brouillon');
    const data = await draft(suite.app, suite.agent, world.clientId);
    expect((await credit(data.id, { motif: 'x' })).statusCode).toBe(409);
    const invoice = await issuedInvoice('Avoir sur avoir');
    const avoir = (await credit(invoice.id, { motif: 'x' })).json<FactureWritten>().data;
    expect((await credit(avoir.id, { motif: 'x' })).statusCode).toBe(409);
  });
});

describe('payments', () => {
  it('add up, refuse an overpayment naming what is left, and set the state', async () => {
    const invoice = await issuedInvoice('Paiement');
    const partial = await pay(invoice.id, '200');
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json<FactureWritten>().data).toMatchObject({
      statut: 'partiellement_payee',
      montantPaye: '200.00',
      resteAPayer: '491.65',
    });
    const over = await pay(invoice.id, '500');
    expect(over.statusCode).toBe(409);
    expect(message(over)).toBe(FACTURATION_MESSAGES.overpayment('491.65'));
    const full = await pay(invoice.id, '491.65');
    expect(full.json<FactureWritten>().data).toMatchObject({
      statut: 'payee',
      resteAPayer: '0.00',
      enRetard: false,
    });
    expect((await pay(invoice.id, '0.01')).statusCode).toBe(409);
    expect((await pay(invoice.id, '-3')).statusCode).toBe(400);
  });

  it('are cancelled with a reason by an administrator, audited, never edited', async () => {
    const invoice = await issuedInvoice('Annulation paiement');
    const paid = (await pay(invoice.id, '691.65')).json<FactureWritten>().data;
    const paiement = paid.paiements[0];
    expect(paid.statut).toBe('payee');
    const url = `/facturation/paiements/${paiement?.id}/annulation`;
    expect((await suite.call('POST', url, suite.agent, { motif: 'Chèque rejeté' })).statusCode).toBe(403);
    expect((await suite.call('POST', url, suite.admin, {})).statusCode).toBe(400);
    const cancelled = await suite.call('POST', url, suite.admin, { motif: 'Chèque rejeté' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<FactureWritten>().data).toMatchObject({
      statut: 'emise',
      montantPaye: '0.00',
      resteAPayer: '691.65',
    });
    expect(cancelled.json<FactureWritten>().data.paiements[0]).toMatchObject({
      motifAnnulation: 'Chèque rejeté',
    });
    expect((await suite.call('POST', url, suite.admin, { motif: 'Encore' })).statusCode).toBe(409);
    const trail = await rowsOf<{ action: string }>(
      suite.app.db,
      sql`select action from audit_log where entity = 'facture' and entity_id = ${String(invoice.id)} order by id`,
    );
    expect(trail.map((t) => t.action)).toEqual(['create', 'emission', 'paiement', 'annulation_paiement']);
  });

  it('are refused on a draft; a past due date unpaid is « en retard »', async () => {
    const world = await marchWorld(suite.app, 'Retard');
    const data = await draft(suite.app, suite.agent, world.clientId);
    expect((await pay(data.id, '10')).statusCode).toBe(409);
    const invoice = await issuedInvoice('En retard');
    expect(invoice.enRetard).toBe(false);
    // A due date in the past, as an invoice issued long ago has: the immutability trigger is set aside for this one
    // transaction only (DDL in a transaction: no other session sees it).
    await suite.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table factures disable trigger factures_immuables`);
      await tx.execute(
        sql`update factures set date_emission = '2026-01-10', date_echeance = '2026-02-09' where id = ${invoice.id}`,
      );
      await tx.execute(sql`alter table factures enable trigger factures_immuables`);
    });
    expect((await card(invoice.id)).enRetard).toBe(true);
    const late = await suite.call(
      'GET',
      `/facturation/factures?enRetard=true&clientId=${invoice.clientId}`,
      suite.agent,
    );
    expect(late.json<{ total: number }>().total).toBe(1);
    await pay(invoice.id, '691.65');
    expect((await card(invoice.id)).enRetard).toBe(false);
  });
});

describe('sending', () => {
  it('needs a billing e-mail, then puts the mail in the outbox and marks the invoice sent', async () => {
    const invoice = await issuedInvoice('Envoi');
    const refused = await suite.call('POST', `/facturation/factures/${invoice.id}/envoi`, suite.agent);
    expect(refused.statusCode).toBe(409);
    const billing = await suite.call('PUT', `/facturation/clients/${invoice.clientId}`, suite.admin, {
      emailFacturation: 'compta@client.test',
      numeroTva: null,
      adresseLigne1: null,
      adresseLigne2: null,
      codePostal: null,
      ville: null,
    });
    expect(billing.statusCode, billing.body).toBe(200);
    const sent = await suite.call('POST', `/facturation/factures/${invoice.id}/envoi`, suite.agent);
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json<FactureEnvoiAnswer>();
    expect(body.envoi).toBe('conserve');
    expect(body.data.statut).toBe('envoyee');
    const [mail] = await rowsOf<{ destinataires: string[]; objet: string; texte: string }>(
      suite.app.db,
      sql`select destinataires, objet, texte from courriels where id = ${body.courrielId}`,
    );
    expect(mail?.destinataires).toEqual(['compta@client.test']);
    expect(mail?.objet).toContain(invoice.numero);
    expect(mail?.texte).toContain('691,65 €');
    // The Factur-X PDF kept at issue goes with it, byte for byte.
    const [attachment] = await rowsOf<{ nom: string; type_contenu: string; contenu: Buffer }>(
      suite.app.db,
      sql`select nom, type_contenu, contenu from courriel_pieces_jointes where courriel_id = ${body.courrielId}`,
    );
    expect([attachment?.nom, attachment?.type_contenu]).toEqual([`${invoice.numero}.pdf`, 'application/pdf']);
    const kept = await suite.call('GET', `/facturation/factures/${invoice.id}/pdf`, suite.agent);
    expect(attachment?.contenu.equals(kept.rawPayload)).toBe(true);
    const draftOnly = await draft(
      suite.app,
      suite.agent,
      (await marchWorld(suite.app, 'Envoi brouillon')).clientId,
    );
    expect(
      (await suite.call('POST', `/facturation/factures/${draftOnly.id}/envoi`, suite.agent)).statusCode,
    ).toBe(409);
  });
});
