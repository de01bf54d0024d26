/**
 * Issue 35: the outbox opens a message — GET /courriels/:id with its subject, recipients, dates, state, text and
 * attachments (each downloadable) — except what a confidential message (a password-reset link) keeps for its
 * recipient: its text and its attachments. « Renvoyer » answers what became of the message (`envoi`).
 */
import {
  COURRIEL_MESSAGES,
  NON_TRANSMIS_SANS_SMTP,
  type CourrielAnswer,
  type CourrielListAnswer,
  type CourrielWriteAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { buildWorld, call, type World } from '../../../test/fixtures/reservations-write';
import { TEXTE_CONFIDENTIEL } from './service';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(async () => {
  await w.app.close();
});

const PDF = Buffer.from('%PDF-1.4 essai\n%%EOF\n');

async function kept(message: { confidential?: boolean; subject: string }) {
  const { courriel } = await w.app.mail.send(
    { kind: 'system' },
    {
      to: ['reception@hotel.example', 'compta@hotel.example'],
      subject: message.subject,
      text: 'Bonjour,\n\nVoici le document.\n\nCordialement',
      attachments: [{ filename: 'bon-12.pdf', content: PDF, contentType: 'application/pdf' }],
      confidential: message.confidential ?? false,
    },
  );
  return courriel.id;
}

describe('GET /courriels/:id', () => {
  it('opens a message: subject, recipients, dates, state, text and its attachments', async () => {
    const id = await kept({ subject: 'Bon d’hébergement n° 12' });
    const response = await call(w, 'GET', `/courriels/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<CourrielAnswer>();
    expect(data).toMatchObject({
      id,
      objet: 'Bon d’hébergement n° 12',
      destinataires: ['reception@hotel.example', 'compta@hotel.example'],
      statut: 'non_transmis',
      derniere_erreur: NON_TRANSMIS_SANS_SMTP,
      texte: 'Bonjour,\n\nVoici le document.\n\nCordialement',
      confidentiel: false,
      pieces_jointes: [{ index: 0, nom: 'bon-12.pdf', taille: PDF.length }],
    });
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const file = await call(w, 'GET', `/courriels/${id}/pieces-jointes/0`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="bon-12.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await call(w, 'GET', `/courriels/${id}/pieces-jointes/1`)).statusCode).toBe(404);
    expect((await call(w, 'GET', '/courriels/999999')).statusCode).toBe(404);
    expect((await call(w, 'GET', `/courriels/${id}`, undefined, null)).statusCode).toBe(401);
  });

  it('keeps a confidential message’s text and attachments hidden, in the list and the detail', async () => {
    const id = await kept({ subject: 'Réinitialisation (essai)', confidential: true });
    const { data } = (await call(w, 'GET', `/courriels/${id}`)).json<CourrielAnswer>();
    expect(data).toMatchObject({ confidentiel: true, texte: TEXTE_CONFIDENTIEL });
    const listed = (await call(w, 'GET', '/courriels?page=1&pageSize=50')).json<CourrielListAnswer>().data;
    expect(listed.find((c) => c.id === id)?.confidentiel).toBe(true);
    const file = await call(w, 'GET', `/courriels/${id}/pieces-jointes/0`);
    expect(file.statusCode).toBe(403);
    expect(file.json()).toEqual({ message: COURRIEL_MESSAGES.confidentialAttachment });
  });
});

describe('POST /courriels/:id/renvoyer', () => {
  it('says the message was kept again, not sent, without an SMTP server', async () => {
    const id = await kept({ subject: 'Rooming list (essai)' });
    const response = await call(w, 'POST', `/courriels/${id}/renvoyer`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CourrielWriteAnswer>();
    expect(answer.envoi).toBe('conserve');
    expect(answer.message).toBe(
      `Courriel « Rooming list (essai) » conservé dans la boîte d'envoi, ${NON_TRANSMIS_SANS_SMTP}.`,
    );
    expect(answer.data).toMatchObject({ statut: 'non_transmis', tentatives: 2 });
  });
});
