/**
 * POST /reservations/send_Pdf_Rooming/:etablissement_id/:mois against a real SMTP server started here
 * (smtp-server), as the communications tests do: the message and its PDF received, a refusal kept (502) and sent
 * again, the local outbox without SMTP_URL.
 */
import type { ParsedMail } from 'mailparser';
import { and, eq, sql } from 'drizzle-orm';
import {
  COURRIEL_MESSAGES,
  NON_TRANSMIS_SANS_SMTP,
  type CourrielListAnswer,
  type EnvoiEchecBody,
  type SendRoomingAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import {
  book,
  buildWorld,
  call,
  day,
  residents,
  today,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { pdfTexts } from '../../../../test/pdf-text';
import { rowsOf } from '../../../db/raw';
import { auditLog } from '../../../db/schema';
import { frenchMoney } from '../../../lib/exports/export-pdf';
import { monthPeriod } from './send-service';

let received: ParsedMail[] = [];
let refuse = false;
let smtp: SmtpSink;
let w: World;
let offline: World;
let stay = 0;
const mois = today.slice(0, 7);
const path = (hotel: number, month = mois) => `/reservations/send_Pdf_Rooming/${hotel}/${month}`;

beforeAll(async () => {
  smtp = await startSmtpSink({ refuses: () => refuse });
  received = smtp.received;
  w = await buildWorld(await buildTestApp({ mail: { smtpUrl: smtp.url } }));
  offline = await buildWorld(await buildTestApp());
  for (const world of [w, offline]) {
    await world.app.db.execute(
      sql`update etablissements set email = 'reception@hotel.example' where id = ${world.hotel.id}`,
    );
    const [id = 0] = await residents(world, 1);
    stay =
      (await book(world, [id], { start_date: day(-1), end_date: day(1), confirmer: true }))
        .reservation_ids[0] ?? 0;
  }
});
afterAll(async () => {
  await w.app.close();
  await offline.app.close();
  await smtp.close();
});

describe('POST /reservations/send_Pdf_Rooming/:etablissement_id/:mois', () => {
  it('e-mails the hotel its rooming list PDF of the month, kept in the outbox', async () => {
    const response = await call(w, 'POST', path(w.hotel.id));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<SendRoomingAnswer>();
    expect(answer.envoi).toBe('envoye');
    expect(answer.message).toBe(
      `Rooming list de ${monthPeriod(mois).label} envoyée à reception@hotel.example.`,
    );
    expect(answer.data).toMatchObject({ statut: 'envoye', destinataires: ['reception@hotel.example'] });
    expect(answer.data.pieces_jointes).toHaveLength(1);
    const mail = received.at(-1);
    expect(mail?.subject).toContain(monthPeriod(mois).label);
    const attachment = mail?.attachments[0];
    expect(attachment?.contentType).toBe('application/pdf');
    const texts = pdfTexts(attachment?.content ?? Buffer.alloc(0));
    expect(texts).toContain('Rooming établissement');
    const filters = { ...monthPeriod(mois), etablissement_id: w.hotel.id };
    const { label: _label, ...query } = filters;
    const api = (
      await call(w, 'GET', `/reservationsRoomingEtab?filters=${encodeURIComponent(JSON.stringify(query))}`)
    ).json<{ ttc: string; reservations: { id: number }[] }>();
    expect(api.reservations.map((r) => r.id)).toContain(stay);
    expect(texts).toContain(String(stay));
    expect(texts).toContain(`TTC : ${frenchMoney(api.ttc)} €`);
    const other = await call(w, 'POST', path(w.hotel.id), { destinataires: ['compta@hotel.example'] });
    expect(other.json<SendRoomingAnswer>().data.destinataires).toEqual(['compta@hotel.example']);
  });

  it('a refusal is kept with its reason (502) and sent again from the outbox', async () => {
    refuse = true;
    const refused = await call(w, 'POST', path(w.hotel.id));
    refuse = false;
    expect(refused.statusCode).toBe(502);
    const failure = refused.json<EnvoiEchecBody>();
    expect(failure.message).toMatch(/conservé/);
    expect(failure.envoi).toBe('echec');
    const outbox = (await call(w, 'GET', '/courriels?statut=echec')).json<CourrielListAnswer>();
    const kept = outbox.data.find((c) => c.objet.startsWith('Rooming list'));
    expect(kept?.id).toBe(failure.courriel_id);
    expect(kept?.derniere_erreur).toBeTruthy();
    const count = received.length;
    const again = await call(w, 'POST', `/courriels/${kept?.id}/renvoyer`);
    expect(again.statusCode, again.body).toBe(200);
    expect(received).toHaveLength(count + 1);
    expect(received.at(-1)?.attachments[0]?.contentType).toBe('application/pdf');
  });

  it('without SMTP_URL the message stays in the local outbox', async () => {
    const response = await call(offline, 'POST', path(offline.hotel.id));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<SendRoomingAnswer>();
    expect(answer.data.statut).toBe('non_transmis');
    // Said as it is: kept, not transmitted — never « envoyée ».
    expect(answer.envoi).toBe('conserve');
    expect(answer.message).toBe(
      `Courriel « ${answer.data.objet} » conservé dans la boîte d'envoi, ${NON_TRANSMIS_SANS_SMTP}.`,
    );
  });

  it('a hotel without an address: sent to the recipients typed in the dialog, checked in French', async () => {
    await offline.app.db.execute(sql`update etablissements set email = null where id = ${offline.hotel.id}`);
    const none = await call(offline, 'POST', path(offline.hotel.id));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: COURRIEL_MESSAGES.hotelWithoutAddress });
    const typed = ['reception@hotel-sans-adresse.fr'];
    const response = await call(offline, 'POST', path(offline.hotel.id), { destinataires: typed });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<SendRoomingAnswer>();
    expect(answer.data).toMatchObject({ destinataires: typed, statut: 'non_transmis' });
    expect(answer.data.pieces_jointes).toHaveLength(1);
    const bad = await call(offline, 'POST', path(offline.hotel.id), {
      destinataires: ['reception@hotel.fr', 'réception'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "L'élément n° 2 du champ destinataires doit être une adresse e-mail valide.",
      champ: 'destinataires.1',
    });
    const many = await call(offline, 'POST', path(offline.hotel.id), {
      destinataires: Array.from({ length: 11 }, (_, index) => `r${index}@hotel.fr`),
    });
    expect(many.json()).toEqual({
      message: 'Le champ destinataires doit contenir au plus 10 éléments.',
      champ: 'destinataires',
    });
  });

  it('an administrator saves the address typed as the hotel’s, audited; an agent may not (403)', async () => {
    await offline.app.db.execute(sql`update etablissements set email = null where id = ${offline.hotel.id}`);
    const body = { destinataires: ['accueil@hotel-enregistre.fr'], enregistrer_adresse: true };
    const agent = await call(offline, 'POST', path(offline.hotel.id), body);
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual({ message: COURRIEL_MESSAGES.saveForbidden });
    const two = await call(
      offline,
      'POST',
      path(offline.hotel.id),
      { ...body, destinataires: ['a@hotel.fr', 'b@hotel.fr'] },
      offline.admin,
    );
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: COURRIEL_MESSAGES.saveOne });
    const hotelEmail = async () =>
      (
        await rowsOf<{ email: string | null }>(
          offline.app.db,
          sql`select email from etablissements where id = ${offline.hotel.id}`,
        )
      )[0]?.email;
    expect(await hotelEmail()).toBeNull();

    const saved = await call(offline, 'POST', path(offline.hotel.id), body, offline.admin);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<SendRoomingAnswer>().message).toMatch(
      /Adresse accueil@hotel-enregistre\.fr enregistrée pour l'établissement\.$/,
    );
    expect(await hotelEmail()).toBe('accueil@hotel-enregistre.fr');
    const [audit] = await offline.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'etablissement'),
          eq(auditLog.entityId, String(offline.hotel.id)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audit).toMatchObject({ before: { email: null }, after: { email: 'accueil@hotel-enregistre.fr' } });
    // Known from now on: the next rooming list goes there without being typed.
    const next = await call(offline, 'POST', path(offline.hotel.id));
    expect(next.json<SendRoomingAnswer>().data.destinataires).toEqual(['accueil@hotel-enregistre.fr']);
  });

  it('404 unknown hotel, 400 bad month or no address, 401 without a token', async () => {
    expect((await call(w, 'POST', path(999_999))).statusCode).toBe(404);
    const month = await call(w, 'POST', path(w.hotel.id, '2026-13'));
    expect(month.statusCode).toBe(400);
    expect(month.json().message).toMatch(/mois/);
    await w.app.db.execute(sql`update etablissements set email = null where id = ${w.hotel.id}`);
    const none = await call(w, 'POST', path(w.hotel.id));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(COURRIEL_MESSAGES.hotelWithoutAddress);
    const unknown = await call(w, 'POST', path(w.hotel.id), { cc: ['x@example.fr'] });
    expect(unknown.statusCode).toBe(400);
    expect((await call(w, 'POST', path(w.hotel.id), undefined, null)).statusCode).toBe(401);
  });
});
