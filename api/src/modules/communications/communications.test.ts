/**
 * The five Communication calls of spec §7 and the outgoing e-mail (plugins/mail.ts), against a real SMTP server
 * started here (smtp-server): the message received, its PDF attachment, a refused recipient kept with its reason and
 * sent again; and, with no SMTP_URL, the local outbox (« non transmis : aucun serveur SMTP configuré »).
 */
import type { ParsedMail } from 'mailparser';
import {
  NON_TRANSMIS_SANS_SMTP,
  type CommunicationAnswer,
  type CommunicationDetailAnswer,
  type CommunicationsAnswer,
  type CourrielListAnswer,
  type DemandeCreateAnswer,
  type DemandeDetailAnswer,
  type TraitementAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { buildWorld, call, day, residents, type World } from '../../../test/fixtures/reservations-write';

const REFUSED = 'refuse@example.fr';
let received: ParsedMail[] = [];
let smtp: SmtpSink;
let w: World;
let offline: World;

beforeAll(async () => {
  smtp = await startSmtpSink({ refuses: (address) => address === REFUSED });
  received = smtp.received;
  w = await buildWorld(await buildTestApp({ mail: { smtpUrl: smtp.url } }));
  offline = await buildWorld(await buildTestApp());
});
afterAll(async () => {
  await w.app.close();
  await offline.app.close();
  await smtp.close();
});

let stays = 0;

/** A new-stay request treated (each on its own nights: the allotment is 5): confirmation and voucher prepared. */
async function treated(world: World) {
  stays += 1;
  const ids = await residents(world, 1);
  const created = await call(world, 'POST', '/demande_hebergement', {
    type: 'nouvelle',
    client_id: world.client.id,
    pensionnaire_ids: ids,
    date_debut: day(2 * stays),
    date_fin: day(2 * stays + 1),
    referent_nom: 'Mme Martin',
    referent_email: 'referente@example.fr',
  });
  expect(created.statusCode, created.body).toBe(201);
  const demande = created.json<DemandeCreateAnswer>().data;
  const treatment = await call(world, 'POST', `/demande_hebergement/reservations/${demande.id}`, {
    contrat_client_id: world.cc.id,
    etablissement_id: world.hotel.id,
    contrat_etablissement_id: world.ce.id,
    chambres: [{ type_chambre_id: world.double.id, pensionnaire_ids: ids }],
  });
  expect(treatment.statusCode, treatment.body).toBe(201);
  return { demande, ids, answer: treatment.json<TraitementAnswer>() };
}

describe('GET /demande/communication/:id (the PDF of /view-pdf)', () => {
  it('answers the stored PDF of a prepared confirmation; 404 for an unknown one; 401 without token', async () => {
    const { answer } = await treated(w);
    const [confirmation = 0] = answer.communication_ids;
    const response = await call(w, 'GET', `/demande/communication/${confirmation}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(w, 'GET', '/demande/communication/999999')).statusCode).toBe(404);
    expect((await call(w, 'GET', `/demande/communication/${confirmation}`, undefined, null)).statusCode).toBe(
      401,
    );
  });
});

describe('POST /communication/send/:id through a real SMTP server', () => {
  it('sends the confirmation with its PDF: the server receives it, the communication is envoyée', async () => {
    const { demande, answer } = await treated(w);
    const [confirmation = 0] = answer.communication_ids;
    const before = received.length;
    const response = await call(w, 'POST', `/communication/send/${confirmation}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CommunicationAnswer>().data).toMatchObject({ statut: 'envoyee', tentatives: 1 });
    expect(received).toHaveLength(before + 1);
    const mail = received[received.length - 1];
    expect(mail?.to).toMatchObject({ text: 'referente@example.fr' });
    expect(mail?.subject).toContain(String(demande.id));
    const [attachment] = mail?.attachments ?? [];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.content.subarray(0, 5).toString()).toBe('%PDF-');

    const detail = await call(w, 'GET', `/communication/${confirmation}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const data = detail.json<CommunicationDetailAnswer>().data;
    expect(data.courriels).toEqual([expect.objectContaining({ statut: 'envoye', transport: 'smtp' })]);
  });

  it("reads the request's history in French: its own events and its documents' preparation and sending", async () => {
    const { demande, answer } = await treated(w);
    const [confirmation = 0] = answer.communication_ids;
    expect((await call(w, 'POST', `/communication/send/${confirmation}`)).statusCode).toBe(200);
    const fiche = await call(w, 'GET', `/demande_hebergement/${demande.id}`);
    expect(fiche.statusCode, fiche.body).toBe(200);
    const historique = fiche.json<DemandeDetailAnswer>().data.historique;
    expect(historique.map((h) => [h.action, h.libelle])).toEqual([
      ['envoi', 'Envoi par e-mail'],
      ['preparation', 'Préparation d’un document'],
      ['preparation', 'Préparation d’un document'],
      ['traitement', 'Traitement'],
      ['creation', 'Création'],
    ]);
  });

  it('keeps a refused sending with its reason (502), then sends it again to another address', async () => {
    const { answer } = await treated(w);
    const [confirmation = 0] = answer.communication_ids;
    const refused = await call(w, 'POST', `/communication/send/${confirmation}`, {
      destinataires: [REFUSED],
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toMatch(/vous pouvez la renvoyer/);
    const kept = (await call(w, 'GET', `/communication/${confirmation}`)).json<CommunicationDetailAnswer>()
      .data;
    expect(kept).toMatchObject({ statut: 'echec', tentatives: 1 });
    expect(kept.derniere_erreur).toMatch(/Échec de l'envoi/);

    const again = await call(w, 'POST', `/communication/send/${confirmation}`, {
      destinataires: ['autre@example.fr'],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<CommunicationAnswer>().data).toMatchObject({
      statut: 'envoyee',
      tentatives: 2,
      derniere_erreur: null,
    });
  });

  it('answers 404 for an unknown communication and 400 for a bad address', async () => {
    expect((await call(w, 'POST', '/communication/send/999999', {})).statusCode).toBe(404);
    const { answer } = await treated(w);
    const bad = await call(w, 'POST', `/communication/send/${answer.communication_ids[0] ?? 0}`, {
      destinataires: ['pas-une-adresse'],
    });
    expect(bad.statusCode).toBe(400);
    // The body may be left out, but a JSON null is refused, not read as {}.
    const nullBody = await w.app.inject({
      method: 'POST',
      url: `/api/communication/send/${answer.communication_ids[0] ?? 0}`,
      headers: { authorization: `Bearer ${w.agent}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode, nullBody.body).toBe(400);
    expect(nullBody.json<{ message: string }>().message).toMatch(/[a-zé]/);
  });
});

describe('POST /communication/send_communication/:id and GET /communication/pensionnaire/:id', () => {
  it('prepares and sends a document of the request, which the resident card then lists', async () => {
    const { demande, ids } = await treated(w);
    const before = received.length;
    const response = await call(w, 'POST', `/communication/send_communication/${demande.id}`, {
      type_document: 'confirmation',
      destinataires: ['copie@example.fr'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CommunicationAnswer>().data;
    expect(created).toMatchObject({ type_document: 'confirmation', statut: 'envoyee' });
    expect(received).toHaveLength(before + 1);

    const ofResident = await call(w, 'GET', `/communication/pensionnaire/${ids[0] ?? 0}`);
    expect(ofResident.statusCode).toBe(200);
    expect(ofResident.json<CommunicationsAnswer>().communications.map((c) => c.id)).toContain(created.id);
    expect((await call(w, 'GET', '/communication/pensionnaire/999999')).statusCode).toBe(404);
  });

  it('refuses a document the request kind does not produce (400) and an unknown request (404)', async () => {
    const { demande } = await treated(w);
    const wrong = await call(w, 'POST', `/communication/send_communication/${demande.id}`, {
      type_document: 'annulation',
    });
    expect(wrong.statusCode).toBe(400);
    const unknown = await call(w, 'POST', '/communication/send_communication/999999', {
      type_document: 'confirmation',
    });
    expect(unknown.statusCode).toBe(404);
  });
  it('explains a confirmation it cannot make (409): no stay booked yet, or every booked stay cancelled since', async () => {
    const ids = await residents(w, 1);
    const pending = await call(w, 'POST', '/demande_hebergement', {
      type: 'nouvelle',
      client_id: w.client.id,
      pensionnaire_ids: ids,
      date_debut: day(40),
      date_fin: day(41),
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const notYet = await call(
      w,
      'POST',
      `/communication/send_communication/${pending.json<DemandeCreateAnswer>().data.id}`,
      { type_document: 'confirmation', envoyer: false },
    );
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<{ message: string }>().message).toBe(
      'Aucun séjour n’a encore été réservé pour cette demande : la confirmation ne peut pas être établie.',
    );

    const { demande, answer } = await treated(w);
    for (const stay of answer.reservation_ids) {
      const cancelled = await call(w, 'PUT', `/reservations/annulation/${stay}`, {
        motif: 'Départ anticipé',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    for (const [type_document, consequence] of [
      ['confirmation', 'la confirmation ne peut pas être établie'],
      ['bon_hebergement', 'le bon d’hébergement ne peut pas être établi'],
    ]) {
      const refused = await call(w, 'POST', `/communication/send_communication/${demande.id}`, {
        type_document,
        envoyer: false,
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        `Les séjours réservés pour cette demande ont tous été annulés : ${consequence}.`,
      );
    }
  });
});

describe('without SMTP_URL: the local outbox', () => {
  it('keeps the message non transmis with its attachment; staff read it in GET /courriels', async () => {
    const { answer } = await treated(offline);
    const [confirmation = 0] = answer.communication_ids;
    const response = await call(offline, 'POST', `/communication/send/${confirmation}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CommunicationAnswer>().data).toMatchObject({
      statut: 'non_transmise',
      derniere_erreur: NON_TRANSMIS_SANS_SMTP,
    });
    const outbox = await call(offline, 'GET', '/courriels?page=1&pageSize=10');
    expect(outbox.statusCode, outbox.body).toBe(200);
    const [courriel] = outbox.json<CourrielListAnswer>().data;
    expect(courriel).toMatchObject({
      statut: 'non_transmis',
      transport: 'boite_locale',
      communication_id: confirmation,
    });
    expect(courriel?.pieces_jointes[0]?.nom).toMatch(/\.pdf$/);
    const file = await call(offline, 'GET', `/courriels/${courriel?.id ?? 0}/pieces-jointes/0`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
