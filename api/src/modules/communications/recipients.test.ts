/**
 * Issue 35: a voucher for a hotel without an e-mail address is sent to the recipients the agent types in the send
 * dialog (POST /communication/send/:id `destinataires`: checked, audited), and every sending answers what really
 * happened to the e-mail (`envoi`: envoye / conserve / echec) — a message only kept in the local outbox is never
 * reported as sent.
 */
import type { ParsedMail } from 'mailparser';
import { and, eq } from 'drizzle-orm';
import {
  NON_TRANSMIS_SANS_SMTP,
  type CommunicationAnswer,
  type CommunicationDetailAnswer,
  type EnvoiEchecBody,
  type TraitementAnswer,
  COMMUNICATION_MESSAGES,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { buildWorld, call, day, residents, type World } from '../../../test/fixtures/reservations-write';
import { auditLog } from '../../db/schema';

const REFUSED = 'refuse@example.fr';
let received: ParsedMail[] = [];
let smtp: SmtpSink;
let w: World;
let offline: World;
let nights = 0;

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

/** A new-stay request treated in the world's hotel, which has no e-mail address: its voucher has no recipient. */
async function voucher(world: World): Promise<number> {
  nights += 1;
  const ids = await residents(world, 1);
  const created = await call(world, 'POST', '/demande_hebergement', {
    type: 'nouvelle',
    client_id: world.client.id,
    pensionnaire_ids: ids,
    date_debut: day(2 * nights),
    date_fin: day(2 * nights + 1),
    referent_email: 'referente@example.fr',
  });
  expect(created.statusCode, created.body).toBe(201);
  const treatment = await call(
    world,
    'POST',
    `/demande_hebergement/reservations/${created.json<{ data: { id: number } }>().data.id}`,
    {
      contrat_client_id: world.cc.id,
      etablissement_id: world.hotel.id,
      contrat_etablissement_id: world.ce.id,
      chambres: [{ type_chambre_id: world.double.id, pensionnaire_ids: ids }],
    },
  );
  expect(treatment.statusCode, treatment.body).toBe(201);
  for (const id of treatment.json<TraitementAnswer>().communication_ids) {
    const detail = (await call(world, 'GET', `/communication/${id}`)).json<CommunicationDetailAnswer>().data;
    if (detail.type_document === 'bon_hebergement') {
      expect(detail.destinataires).toEqual([]);
      return id;
    }
  }
  throw new Error('no voucher prepared');
}

const send = (world: World, id: number, body?: Record<string, unknown>) =>
  call(world, 'POST', `/communication/send/${id}`, body);

describe('a voucher for a hotel without an e-mail address', () => {
  it('asks for a recipient (400), then goes to the addresses typed, audited', async () => {
    const id = await voucher(w);
    const none = await send(w, id);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: COMMUNICATION_MESSAGES.noRecipient });

    const before = received.length;
    const typed = ['reception@hotel-sans-adresse.fr', 'direction@hotel-sans-adresse.fr'];
    const response = await send(w, id, { destinataires: typed });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CommunicationAnswer>();
    expect(answer.envoi).toBe('envoye');
    expect(answer.message).toBe(`Communication envoyée à ${typed.join(', ')}.`);
    expect(answer.data).toMatchObject({ statut: 'envoyee', destinataires: typed });
    expect(received).toHaveLength(before + 1);
    expect(received.at(-1)?.to).toMatchObject({ text: typed.join(', ') });

    const audit = await w.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'communication'), eq(auditLog.entityId, String(id))));
    expect(audit.find((row) => row.action === 'envoi')?.after).toMatchObject({
      statut: 'envoyee',
      destinataires: typed,
    });
    const courrielId = (await call(w, 'GET', `/communication/${id}`)).json<CommunicationDetailAnswer>().data
      .courriels[0]?.id;
    const [created] = await w.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'courriel'),
          eq(auditLog.entityId, String(courrielId)),
          eq(auditLog.action, 'creation'),
        ),
      );
    expect(created?.after).toMatchObject({ destinataires: typed });
    expect(created?.actorUserId).not.toBeNull();
  });

  it.each([
    [
      ['pas-une-adresse'],
      "L'élément n° 1 du champ destinataires doit être une adresse e-mail valide.",
      'destinataires.0',
    ],
    [
      ['a@example.fr', 'b@example@x.fr'],
      "L'élément n° 2 du champ destinataires doit être une adresse e-mail valide.",
      'destinataires.1',
    ],
    [
      Array.from({ length: 11 }, (_, index) => `contact${index}@example.fr`),
      'Le champ destinataires doit contenir au plus 10 éléments.',
      'destinataires',
    ],
    [[], 'Le champ destinataires doit contenir au moins 1 élément.', 'destinataires'],
    [
      ['a@example.fr', 'a@example.fr'],
      'Le champ destinataires contient deux fois la même valeur.',
      'destinataires',
    ],
  ])('refuses the recipients %j in French (400), sending nothing', async (destinataires, message, champ) => {
    const id = await voucher(w);
    const before = received.length;
    const response = await send(w, id, { destinataires });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, champ });
    expect(received).toHaveLength(before);
  });

  it('refuses a field the call does not know (400)', async () => {
    const id = await voucher(w);
    const response = await send(w, id, { destinataires: ['a@example.fr'], cc: ['b@example.fr'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Le champ « cc » n'est pas autorisé.", champ: 'cc' });
  });
});

describe('the answer says what became of the e-mail', () => {
  it('kept in the local outbox (no SMTP server): « conservé dans la boîte d’envoi, non transmis », not « envoyée »', async () => {
    const id = await voucher(offline);
    const response = await send(offline, id, { destinataires: ['reception@hotel.example'] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CommunicationAnswer>();
    expect(answer.envoi).toBe('conserve');
    expect(answer.message).toBe(
      `Courriel « ${answer.data.objet} » conservé dans la boîte d'envoi, ${NON_TRANSMIS_SANS_SMTP}.`,
    );
    expect(answer.message).not.toMatch(/envoyée?/);
    expect(answer.data.statut).toBe('non_transmise');
  });

  it('refused by the server: 502 with envoi « echec » and the e-mail kept for « Renvoyer »', async () => {
    const id = await voucher(w);
    const response = await send(w, id, { destinataires: [REFUSED] });
    expect(response.statusCode).toBe(502);
    const body = response.json<EnvoiEchecBody>();
    expect(body).toMatchObject({ envoi: 'echec' });
    expect(body.message).toMatch(/^Échec de l'envoi : .*vous pouvez la renvoyer\.$/);
    const detail = (await call(w, 'GET', `/communication/${id}`)).json<CommunicationDetailAnswer>().data;
    expect(detail.courriels[0]).toMatchObject({ id: body.courriel_id, statut: 'echec' });
  });
});
