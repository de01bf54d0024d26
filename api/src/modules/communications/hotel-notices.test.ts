/**
 * Issue 35 §1: the hotel is told what a cancellation, an early departure or a no-show releases — a notice (PDF read
 * back) e-mailed to its address through a real SMTP server started here, or kept in the local outbox without
 * SMTP_URL; a hotel without an address keeps its notice « non envoyé » with the reason, and the letter to the client
 * says only what happened. Also GET /demande/communication/:id as the spec reads it (a request's id).
 */
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type {
  CiblesAnswer,
  Communication,
  CommunicationAnswer,
  CommunicationsAnswer,
  DemandeCreateAnswer,
  DemandeDetailAnswer,
  HistoriquesAnswer,
  PointageAnswer,
} from 'shared/contract';
import { NON_TRANSMIS_SANS_SMTP } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw';
import { frenchDate } from '../../lib/days';
import { buildTestApp } from '../../../test/helper';
import { pdfTexts } from '../../../test/pdf-text';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import {
  book,
  buildWorld,
  call,
  day,
  residents,
  stayOf,
  type World,
} from '../../../test/fixtures/reservations-write';

const HOTEL_EMAIL = 'reception@hotel-avis.example';
const OLD_SENTENCE = 'L’établissement a été informé de la libération des chambres.';
let smtp: SmtpSink;
/** A hotel with an e-mail address, and one without, on the same app (SMTP server here). */
let w: World;
let bare: World;
/** No SMTP_URL: the local outbox. */
let offline: World;

async function setHotelEmail(world: World, email: string | null) {
  await world.app.db.execute(sql`update etablissements set email = ${email} where id = ${world.hotel.id}`);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  const app = await buildTestApp({ mail: { smtpUrl: smtp.url } });
  w = await buildWorld(app);
  bare = await buildWorld(app);
  offline = await buildWorld(await buildTestApp());
  await setHotelEmail(w, HOTEL_EMAIL);
  await setHotelEmail(offline, HOTEL_EMAIL);
});
afterAll(async () => {
  await w.app.close();
  await offline.app.close();
  await smtp.close();
});

const mailsTo = (address: string): ParsedMail[] =>
  smtp.received.filter((mail) =>
    [mail.to ?? []].flat().some((to) => to.value.some((a) => a.address === address)),
  );

const textOf = (pdf: Buffer) => pdfTexts(pdf).join('\n');
/** A justified paragraph is drawn word by word and wrapped: compare texts without their spaces and line breaks. */
const squash = (text: string) => text.replace(/\s+/g, '');

/** The notices of a resident's stays (resident card), newest first. */
async function noticesOf(world: World, pensionnaireId: number): Promise<Communication[]> {
  const response = await call(world, 'GET', `/communication/pensionnaire/${pensionnaireId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<CommunicationsAnswer>()
    .communications.filter((c) => c.type_document === 'avis_etablissement');
}

async function pdfOf(world: World, url: string): Promise<string> {
  const response = await call(world, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/pdf');
  return textOf(response.rawPayload);
}

async function historyLabels(world: World, id: number): Promise<string[]> {
  const response = await call(world, 'GET', `/reservations/historiques/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoriquesAnswer>().historiques.map((h) => h.libelle);
}

describe('PUT /reservations/annulation/:id informs the hotel', () => {
  it('e-mails the notice (PDF: hotel, resident, room, nights, reason, reference) and says so', async () => {
    const [resident = 0] = await residents(w, 1);
    const { id_reservation_mere, reservation_ids } = await book(w, [resident], {
      start_date: day(60),
      end_date: day(63),
      chambre: '214B',
    });
    const [stay = 0] = reservation_ids;
    const before = mailsTo(HOTEL_EMAIL).length;
    const response = await call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Hospitalisation' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain(
      `Avis de libération envoyé à ${w.hotel.nom} (${HOTEL_EMAIL}).`,
    );

    const mails = mailsTo(HOTEL_EMAIL);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail?.subject).toContain('Avis de libération de chambres');
    expect(mail?.subject).toContain(`réservation intégrale n° ${id_reservation_mere}`);
    const [attachment] = mail?.attachments ?? [];
    expect(attachment?.contentType).toBe('application/pdf');
    const shown = textOf(attachment?.content ?? Buffer.alloc(0));
    for (const expected of [
      'Avis de libération de chambres',
      w.hotel.nom,
      'Prénom0 Nom0',
      `n° ${stay}`,
      '214B',
      frenchDate(day(63)),
      frenchDate(day(60)),
      '3 nuits',
      'Annulation',
      `Réf. centrale : réservation intégrale n° ${id_reservation_mere}`,
    ])
      expect(shown, expected).toContain(expected);
    // The staff's free-text reason stays in the centre.
    expect(shown).not.toContain('Hospitalisation');

    const [notice] = await noticesOf(w, resident);
    expect(notice).toMatchObject({ statut: 'envoyee', destinataires: [HOTEL_EMAIL], tentatives: 1 });
    expect(await pdfOf(w, `/communication/${notice?.id ?? 0}/document`)).toContain(w.hotel.nom);
    expect(await historyLabels(w, stay)).toContain("Avis de libération à l'établissement");
    const audits = await rowsOf<{ action: string; after: Record<string, unknown> }>(
      w.app.db,
      sql`select action, after from audit_log where entity = 'communication'
          and entity_id = ${String(notice?.id ?? 0)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['preparation', 'envoi']);
    expect(audits[0]?.after).toMatchObject({
      type_document: 'avis_etablissement',
      destinataires: [HOTEL_EMAIL],
      reservation_ids: [stay],
      nuits_liberees: 3,
      motifs: ['Annulation'],
    });
  });

  it('keeps the notice « non envoyé » with its reason when the hotel has no address; sent once it has one', async () => {
    const [resident = 0] = await residents(bare, 1);
    const { reservation_ids } = await book(bare, [resident], { start_date: day(70), end_date: day(72) });
    const [stay = 0] = reservation_ids;
    const before = smtp.received.length;
    const response = await call(bare, 'PUT', `/reservations/annulation/${stay}`, {
      motif: 'Départ du foyer',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain(
      `Avis de libération à ${bare.hotel.nom} préparé mais non envoyé : l'établissement n'a pas d'adresse électronique.`,
    );
    expect(smtp.received).toHaveLength(before);
    const [notice] = await noticesOf(bare, resident);
    expect(notice).toMatchObject({ statut: 'preparee', destinataires: [], tentatives: 0 });
    expect(notice?.derniere_erreur).toBe(
      `Non envoyé : l'établissement ${bare.hotel.nom} n'a pas d'adresse électronique. Ajoutez-la à sa fiche, puis cliquez sur « Envoyer ».`,
    );
    expect(await pdfOf(bare, `/communication/${notice?.id ?? 0}/document`)).toContain('2 nuits');

    const refused = await call(bare, 'POST', `/communication/send/${notice?.id ?? 0}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      `L'établissement ${bare.hotel.nom} n'a pas d'adresse électronique : ajoutez-la à sa fiche, ou indiquez un destinataire.`,
    );
    await setHotelEmail(bare, 'nouvelle@hotel-sans.example');
    try {
      const sent = await call(bare, 'POST', `/communication/send/${notice?.id ?? 0}`);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<CommunicationAnswer>().data).toMatchObject({
        statut: 'envoyee',
        destinataires: ['nouvelle@hotel-sans.example'],
        derniere_erreur: null,
      });
      expect(mailsTo('nouvelle@hotel-sans.example')).toHaveLength(1);
    } finally {
      await setHotelEmail(bare, null);
    }
  });

  it('without SMTP_URL keeps the e-mail in the local outbox and says so', async () => {
    const [resident = 0] = await residents(offline, 1);
    const { reservation_ids } = await book(offline, [resident], { start_date: day(60), end_date: day(61) });
    const response = await call(offline, 'PUT', `/reservations/annulation/${reservation_ids[0] ?? 0}`, {
      motif: 'Départ du foyer',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain(
      `Avis de libération à ${offline.hotel.nom} conservé dans la boîte d'envoi locale (${NON_TRANSMIS_SANS_SMTP}).`,
    );
    const [notice] = await noticesOf(offline, resident);
    expect(notice).toMatchObject({ statut: 'non_transmise', derniere_erreur: NON_TRANSMIS_SANS_SMTP });
  });
});

describe('PUT /reservations/:id/:date_fin (early departure) informs the hotel', () => {
  it('e-mails the notice of the nights after the new departure, reason « Départ anticipé »', async () => {
    const [resident = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [resident], {
      start_date: day(-2),
      end_date: day(6),
      confirmer: true,
    });
    const [stay = 0] = reservation_ids;
    const before = mailsTo(HOTEL_EMAIL).length;
    const response = await call(w, 'PUT', `/reservations/${stay}/${day(2)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain(
      `Avis de libération envoyé à ${w.hotel.nom}`,
    );
    expect(await stayOf(w, stay)).toMatchObject({ date_fin: day(2) });
    const mails = mailsTo(HOTEL_EMAIL);
    expect(mails).toHaveLength(before + 1);
    const shown = textOf(mails[mails.length - 1]?.attachments[0]?.content ?? Buffer.alloc(0));
    for (const expected of [
      'Départ anticipé',
      frenchDate(day(6)),
      frenchDate(day(2)),
      '4 nuits',
      'Prénom0 Nom0',
    ])
      expect(shown, expected).toContain(expected);
  });
});

describe('PUT /reservations/update_pointage/:id with annuler_suite (no-show) informs the hotel', () => {
  it('e-mails the notice of the rest of the stay, reason no-show', async () => {
    const [resident = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [resident], {
      start_date: day(-1),
      end_date: day(3),
      confirmer: true,
    });
    const [stay = 0] = reservation_ids;
    const version = (await stayOf(w, stay))?.version ?? 0;
    const before = mailsTo(HOTEL_EMAIL).length;
    const response = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'absent',
      dates: [day(-1)],
      version,
      annuler_suite: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PointageAnswer>();
    expect(answer.nuitees_annulees).toBe(3);
    expect(answer.message).toContain(`Avis de libération envoyé à ${w.hotel.nom}`);
    const mails = mailsTo(HOTEL_EMAIL);
    expect(mails).toHaveLength(before + 1);
    const shown = textOf(mails[mails.length - 1]?.attachments[0]?.content ?? Buffer.alloc(0));
    for (const expected of [
      'Absence dès la première nuit (no-show)',
      'No-show',
      '3 nuits',
      frenchDate(day(0)),
    ])
      expect(shown, expected).toContain(expected);
    const [notice] = await noticesOf(w, resident);
    expect(notice?.statut).toBe('envoyee');
  });

  it('sends nothing for an absence that cancels nothing', async () => {
    const [resident = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [resident], {
      start_date: day(-3),
      end_date: day(1),
      confirmer: true,
    });
    const [stay = 0] = reservation_ids;
    const version = (await stayOf(w, stay))?.version ?? 0;
    const before = smtp.received.length;
    const response = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'absent',
      dates: [day(-2)],
      version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PointageAnswer>().message).not.toContain('Avis');
    expect(smtp.received).toHaveLength(before);
    expect(await noticesOf(w, resident)).toEqual([]);
  });
});

describe('PUT /demande_hebergement/annulations/:id: the notice, then a letter that says only what is true', () => {
  async function cancellationRequest(world: World, start: number, from: number) {
    const [resident = 0] = await residents(world, 1);
    const { reservation_ids } = await book(world, [resident], {
      start_date: day(start),
      end_date: day(start + 4),
      confirmer: true,
    });
    const created = await call(world, 'POST', '/demande_hebergement', {
      type: 'annulation',
      client_id: world.client.id,
      reservation_ids,
      date_annulation: day(from),
    });
    expect(created.statusCode, created.body).toBe(201);
    const demande = created.json<DemandeCreateAnswer>().data;
    const response = await call(world, 'PUT', `/demande_hebergement/annulations/${demande.id}`, {
      motif: 'Relogés par le 115',
    });
    expect(response.statusCode, response.body).toBe(200);
    return { demande, resident, stay: reservation_ids[0] ?? 0, answer: response.json<CiblesAnswer>() };
  }

  it('hotel with an address: the notice (early departure, request reference) is sent; the letter says so', async () => {
    const before = mailsTo(HOTEL_EMAIL).length;
    const { demande, answer } = await cancellationRequest(w, 80, 82);
    expect(answer.message).toContain(`Avis de libération envoyé à ${w.hotel.nom} (${HOTEL_EMAIL}).`);
    const card = (await call(w, 'GET', `/demande_hebergement/${demande.id}`)).json<DemandeDetailAnswer>()
      .data;
    const notice = card.communications.find((c) => c.type_document === 'avis_etablissement');
    const letter = card.communications.find((c) => c.type_document === 'annulation');
    expect(notice).toMatchObject({ demande_id: demande.id, statut: 'envoyee', destinataires: [HOTEL_EMAIL] });
    expect(answer.communication_ids).toEqual([letter?.id, notice?.id]);

    const mails = mailsTo(HOTEL_EMAIL);
    expect(mails).toHaveLength(before + 1);
    const shown = textOf(mails[mails.length - 1]?.attachments[0]?.content ?? Buffer.alloc(0));
    for (const expected of [`Réf. centrale : demande n° ${demande.id}`, 'Départ anticipé', '2 nuits'])
      expect(shown, expected).toContain(expected);

    // The request's latest document is the letter (spec §7: GET /demande/communication/{id} is the request's).
    const latest = await pdfOf(w, `/demande/communication/${demande.id}`);
    expect(latest).toContain('Confirmation d’annulation');
    expect(squash(latest)).toContain(
      squash(`Un avis de libération des chambres est adressé par courriel à l’établissement ${w.hotel.nom}.`),
    );
    expect(squash(latest)).not.toContain(squash(OLD_SENTENCE));
    expect(await pdfOf(w, `/demande/communication/${demande.id}?communication=${notice?.id ?? 0}`)).toContain(
      'Avis de libération de chambres',
    );
  });

  it('hotel without an address: the notice is kept unsent; the letter does not claim the hotel was told', async () => {
    const before = smtp.received.length;
    const { demande, resident, answer } = await cancellationRequest(bare, 90, 90);
    expect(answer.message).toContain(`Avis de libération à ${bare.hotel.nom} préparé mais non envoyé`);
    expect(smtp.received).toHaveLength(before);
    const [notice] = await noticesOf(bare, resident);
    expect(notice).toMatchObject({ demande_id: demande.id, statut: 'preparee', destinataires: [] });
    expect(notice?.derniere_erreur).toMatch(/^Non envoyé : /);
    expect(await pdfOf(bare, `/communication/${notice?.id ?? 0}/document`)).toContain('Annulation');

    const letter = await pdfOf(bare, `/demande/communication/${demande.id}`);
    expect(letter).toContain('Confirmation d’annulation');
    expect(squash(letter)).not.toContain(squash(OLD_SENTENCE));
    expect(squash(letter)).not.toContain(squash('est adressé par courriel'));
    expect(squash(letter)).toContain(
      squash(
        `L’établissement ${bare.hotel.nom} n’a pas été informé par courriel de la libération des chambres : aucune adresse électronique n’est connue pour lui.`,
      ),
    );
  });
});

describe('PUT /reservations/retablissement/:id tells the hotel the rooms are booked again', () => {
  /** The notices of the other kind, « Avis de rétablissement », of a resident's stays. */
  async function restorationNoticesOf(world: World, pensionnaireId: number): Promise<Communication[]> {
    const response = await call(world, 'GET', `/communication/pensionnaire/${pensionnaireId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<CommunicationsAnswer>()
      .communications.filter((c) => c.type_document === 'avis_retablissement');
  }

  async function cancelledStay(world: World, start: number, end: number) {
    const [resident = 0] = await residents(world, 1);
    const { id_reservation_mere, reservation_ids } = await book(world, [resident], {
      start_date: day(start),
      end_date: day(end),
      chambre: '12',
    });
    const [stay = 0] = reservation_ids;
    const cancelled = await call(world, 'PUT', `/reservations/annulation/${stay}`, {
      motif: 'Erreur de saisie',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return { resident, stay, parent: id_reservation_mere };
  }

  it('e-mails the « Avis de rétablissement » (PDF: nights booked again, what it undoes) and says so', async () => {
    const { resident, stay, parent } = await cancelledStay(w, 110, 113);
    const before = mailsTo(HOTEL_EMAIL).length;
    const response = await call(w, 'PUT', `/reservations/retablissement/${stay}`, {
      motif: 'Annulée par erreur',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain(
      `Avis de rétablissement envoyé à ${w.hotel.nom} (${HOTEL_EMAIL}).`,
    );
    const mails = mailsTo(HOTEL_EMAIL);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail?.subject).toContain('Avis de rétablissement de chambres');
    expect(mail?.subject).toContain(`réservation intégrale n° ${parent}`);
    const shown = textOf(mail?.attachments[0]?.content ?? Buffer.alloc(0));
    for (const expected of [
      'Avis de rétablissement de chambres',
      w.hotel.nom,
      'Prénom0 Nom0',
      `n° ${stay}`,
      '12',
      'Réservée dès le',
      frenchDate(day(110)),
      frenchDate(day(113)),
      '3 nuits',
      'Annulation',
    ])
      expect(shown, expected).toContain(expected);
    expect(squash(shown)).toContain(squash('sont de nouveau réservées'));
    expect(shown).not.toContain('Annulée par erreur');

    const [notice] = await restorationNoticesOf(w, resident);
    expect(notice).toMatchObject({ statut: 'envoyee', destinataires: [HOTEL_EMAIL] });
    expect(await historyLabels(w, stay)).toEqual(
      expect.arrayContaining(['Rétablissement', "Avis de rétablissement à l'établissement"]),
    );
    const audits = await rowsOf<{ action: string; after: Record<string, unknown> }>(
      w.app.db,
      sql`select action, after from audit_log where entity = 'communication'
          and entity_id = ${String(notice?.id ?? 0)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['preparation', 'envoi']);
    expect(audits[0]?.after).toMatchObject({
      type_document: 'avis_retablissement',
      reservation_ids: [stay],
      nuits_retablies: 3,
      motifs: ['Annulation'],
    });
  });

  it("keeps the notice « non envoyé » without the hotel's address, and in the local outbox without SMTP_URL", async () => {
    const unsent = await cancelledStay(bare, 120, 122);
    const before = smtp.received.length;
    const response = await call(bare, 'PUT', `/reservations/retablissement/${unsent.stay}`, {
      motif: 'Erreur',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain(
      `Avis de rétablissement à ${bare.hotel.nom} préparé mais non envoyé : l'établissement n'a pas d'adresse électronique.`,
    );
    expect(smtp.received).toHaveLength(before);
    const [notice] = await restorationNoticesOf(bare, unsent.resident);
    expect(notice).toMatchObject({ statut: 'preparee', destinataires: [] });
    expect(notice?.derniere_erreur).toMatch(/^Non envoyé : /);

    const kept = await cancelledStay(offline, 120, 121);
    const outbox = await call(offline, 'PUT', `/reservations/retablissement/${kept.stay}`, {
      motif: 'Erreur',
    });
    expect(outbox.statusCode, outbox.body).toBe(200);
    expect(outbox.json<{ message: string }>().message).toContain(
      `Avis de rétablissement à ${offline.hotel.nom} conservé dans la boîte d'envoi locale (${NON_TRANSMIS_SANS_SMTP}).`,
    );
    const [outboxNotice] = await restorationNoticesOf(offline, kept.resident);
    expect(outboxNotice).toMatchObject({ statut: 'non_transmise' });
  });

  it('after a cancellation request: the request keeps the notice, a letter to the client and a history entry', async () => {
    const [resident = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [resident], {
      start_date: day(130),
      end_date: day(134),
      confirmer: true,
    });
    const [stay = 0] = reservation_ids;
    const created = await call(w, 'POST', '/demande_hebergement', {
      type: 'annulation',
      client_id: w.client.id,
      reservation_ids,
      date_annulation: day(132),
    });
    expect(created.statusCode, created.body).toBe(201);
    const demande = created.json<DemandeCreateAnswer>().data;
    const cancelled = await call(w, 'PUT', `/demande_hebergement/annulations/${demande.id}`, {
      motif: 'Relogée par le 115',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stayOf(w, stay)).toMatchObject({ date_fin: day(132) });

    const response = await call(w, 'PUT', `/reservations/retablissement/${stay}`, {
      motif: 'Le client a retiré sa demande',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stayOf(w, stay)).toMatchObject({ statut: 'confirmee', date_fin: day(134) });

    const card = (await call(w, 'GET', `/demande_hebergement/${demande.id}`)).json<DemandeDetailAnswer>()
      .data;
    const notice = card.communications.find((c) => c.type_document === 'avis_retablissement');
    const letter = card.communications.find((c) => c.type_document === 'retablissement');
    expect(notice).toMatchObject({ demande_id: demande.id, statut: 'envoyee' });
    expect(letter).toMatchObject({ demande_id: demande.id, statut: 'preparee' });
    expect(card.historique.map((h) => h.libelle)).toContain('Rétablissement');

    const shown = await pdfOf(w, `/demande/communication/${demande.id}?communication=${letter?.id ?? 0}`);
    for (const expected of [
      'Rétablissement de séjour',
      'Séjours rétablis',
      `n° ${stay}`,
      frenchDate(day(134)),
    ])
      expect(shown, expected).toContain(expected);
    expect(squash(shown)).toContain(
      squash(
        `Un avis de rétablissement des chambres est adressé par courriel à l’établissement ${w.hotel.nom}.`,
      ),
    );
    const noticePdf = textOf(mailsTo(HOTEL_EMAIL).at(-1)?.attachments[0]?.content ?? Buffer.alloc(0));
    for (const expected of [`Réf. centrale : demande n° ${demande.id}`, 'Départ anticipé', '2 nuits'])
      expect(noticePdf, expected).toContain(expected);
  });
});

describe('GET /demande/communication/:id takes the request id (spec §7)', () => {
  it('answers the latest document, a chosen one of the request, and 404 in French otherwise', async () => {
    const [resident = 0] = await residents(w, 1);
    const created = await call(w, 'POST', '/demande_hebergement', {
      type: 'nouvelle',
      client_id: w.client.id,
      pensionnaire_ids: [resident],
      date_debut: day(100),
      date_fin: day(102),
    });
    expect(created.statusCode, created.body).toBe(201);
    const demande = created.json<DemandeCreateAnswer>().data;

    const none = await call(w, 'GET', `/demande/communication/${demande.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ message: string }>().message).toBe(`Aucun document pour la demande n° ${demande.id}.`);

    const treated = await call(w, 'POST', `/demande_hebergement/reservations/${demande.id}`, {
      contrat_client_id: w.cc.id,
      etablissement_id: w.hotel.id,
      contrat_etablissement_id: w.ce.id,
      chambres: [{ type_chambre_id: w.double.id, pensionnaire_ids: [resident] }],
    });
    expect(treated.statusCode, treated.body).toBe(201);
    const [confirmation = 0, voucher = 0] = treated.json<{ communication_ids: number[] }>().communication_ids;

    // The voucher was prepared last: it is the latest.
    expect(await pdfOf(w, `/demande/communication/${demande.id}`)).toContain('Bon d’hébergement');
    expect(await pdfOf(w, `/demande/communication/${demande.id}?communication=${confirmation}`)).toContain(
      'Confirmation de prise en charge',
    );
    expect(voucher).toBeGreaterThan(confirmation);

    const otherId = (await call(w, 'GET', `/demande/communication/${demande.id}?communication=999999`)).json<{
      message: string;
    }>();
    expect(otherId.message).toBe(
      `La communication n° 999999 n'est pas un document de la demande n° ${demande.id}.`,
    );
    const unknown = await call(w, 'GET', '/demande/communication/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Demande n° 999999 introuvable.');
    const unknownQuery = await call(w, 'GET', `/demande/communication/${demande.id}?autre=1`);
    expect(unknownQuery.statusCode).toBe(400);
    expect((await call(w, 'GET', `/communication/${confirmation}/document`)).statusCode).toBe(200);
    expect((await call(w, 'GET', '/communication/999999/document')).statusCode).toBe(404);
  });
});
