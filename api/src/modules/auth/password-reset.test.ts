import { RESET_MESSAGES } from 'shared/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, login, TEST_PASSWORD, userToken } from '../../../test/helper';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { auditLog, courriels, passwordResets, users } from '../../db/schema';
import { TEXTE_CONFIDENTIEL } from '../courriels/service';

const PUBLIC_URL = 'https://ebas3.example.fr';
const NEW_PASSWORD = 'Un-mot-de-passe-retrouve';
const LINK = new RegExp(`${PUBLIC_URL}/reinitialiser-mot-de-passe#token=([A-Za-z0-9_-]{43})`);

let smtp: SmtpSink;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await buildTestApp({
    mail: { smtpUrl: smtp.url },
    publicUrl: `${PUBLIC_URL}/`,
    // The limits have their own app below: here every request gets through.
    passwordResetRateLimits: {
      perAddress: { max: 1_000, timeWindow: 60_000 },
      perClient: { max: 1_000, timeWindow: 60_000 },
    },
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const forgot = (payload: unknown, on = app) =>
  on.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: payload as object });
const reset = (payload: unknown, on = app) =>
  on.inject({ method: 'POST', url: '/api/auth/password/reset', payload: payload as object });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(email));

/** The link's token in the one e-mail sent to `email`. */
async function tokenSentTo(email: string): Promise<string> {
  await app.passwordResets.idle();
  const mails = mailsTo(email);
  expect(mails).toHaveLength(1);
  const token = LINK.exec(mails[0]?.text ?? '')?.[1];
  expect(token, mails[0]?.text).toBeDefined();
  return token ?? '';
}

describe('« Mot de passe oublié » end to end, through a real SMTP server', () => {
  it('e-mails a one-hour link; the reset sets the password, ends every session and works once', async () => {
    const user = await createUser(app, { prenom: 'Inès' });
    const sessions = [await login(app, user.email), await login(app, user.email)];

    const asked = await forgot({ email: user.email.toUpperCase() });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: RESET_MESSAGES.requested });
    // The answer does not wait for the e-mail (nor for the account's lookup).
    expect(mailsTo(user.email)).toHaveLength(0);

    const token = await tokenSentTo(user.email);
    const [mail] = mailsTo(user.email);
    expect(mail?.subject).toBe('EBAS3 — Réinitialisation de votre mot de passe');
    expect(mail?.text).toContain('Bonjour Inès,');
    expect(mail?.text).toContain('valable 60 minutes');

    // Stored hashed, valid one hour.
    const [stored] = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(3600 * 1000);

    const done = await reset({ token, password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' });
    for (const session of sessions) expect((await me(session)).statusCode).toBe(401);
    const oldPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await me(await login(app, user.email, NEW_PASSWORD))).statusCode).toBe(200);

    const again = await reset({ token, password: 'Encore-un-autre-mot' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RESET_MESSAGES.invalidLink });

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(user.id))));
    expect(audit.map((row) => row.action)).toEqual(['password_forgotten', 'password_recovered']);
    expect(audit[0]).toMatchObject({ actorKind: 'system' });
    expect(audit[1]).toMatchObject({ actorKind: 'user', actorUserId: user.id });
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|passwordHash|password_hash/);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await createUser(app);
    const answers = [await forgot({ email: known.email }), await forgot({ email: 'personne@example.fr' })];
    await app.passwordResets.idle();
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [200, JSON.stringify({ message: RESET_MESSAGES.requested })],
      [200, JSON.stringify({ message: RESET_MESSAGES.requested })],
    ]);
    expect(mailsTo(known.email)).toHaveLength(1);
    expect(mailsTo('personne@example.fr')).toHaveLength(0);
  });

  it('sends nothing to a deactivated account, and its link stops working if it is deactivated after', async () => {
    const inactive = await createUser(app, { active: false });
    expect((await forgot({ email: inactive.email })).statusCode).toBe(200);
    await app.passwordResets.idle();
    expect(mailsTo(inactive.email)).toHaveLength(0);

    const user = await createUser(app);
    await forgot({ email: user.email });
    const token = await tokenSentTo(user.email);
    await app.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const refused = await reset({ token, password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: RESET_MESSAGES.invalidLink });
  });

  it('refuses an expired link', async () => {
    const user = await createUser(app);
    await forgot({ email: user.email });
    const token = await tokenSentTo(user.email);
    await app.db
      .update(passwordResets)
      .set({ createdAt: new Date(Date.now() - 2 * 3600 * 1000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const response = await reset({ token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: RESET_MESSAGES.invalidLink });
    expect((await login(app, user.email)).length).toBeGreaterThan(0);
  });

  it("a link used ends the account's other links", async () => {
    const user = await createUser(app);
    await forgot({ email: user.email });
    const first = await tokenSentTo(user.email);
    await forgot({ email: user.email });
    await app.passwordResets.idle();
    const second = LINK.exec(mailsTo(user.email)[1]?.text ?? '')?.[1] ?? '';
    expect(second).not.toBe(first);
    expect((await reset({ token: second, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await reset({ token: first, password: 'Encore-un-autre-mot' })).statusCode).toBe(400);
  });

  it('hides the link from the outbox, which every signed-in user reads', async () => {
    const user = await createUser(app);
    await forgot({ email: user.email });
    await tokenSentTo(user.email);
    const [row] = await app.db
      .select()
      .from(courriels)
      .where(eq(courriels.objet, RESET_MESSAGES.subject))
      .orderBy(courriels.id);
    expect(row?.confidentiel).toBe(true);
    const { token } = await userToken(app, 'admin');
    const detail = await app.inject({
      method: 'GET',
      url: `/api/courriels/${row?.id}`,
      headers: bearer(token),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ data: { texte: string } }>().data.texte).toBe(TEXTE_CONFIDENTIEL);
  });

  it('validates the bodies in French', async () => {
    expect((await forgot({ email: 'pas-une-adresse' })).json()).toEqual({
      message: 'Le champ email doit être une adresse e-mail valide.',
      champ: 'email',
    });
    const extra = await forgot({ email: 'a@example.fr', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ message: "Le champ « role » n'est pas autorisé.", champ: 'role' });
    expect((await reset({ token: 'court', password: NEW_PASSWORD })).json()).toEqual({
      message: 'Le champ token est invalide.',
      champ: 'token',
    });
    expect((await reset({ token: 'A'.repeat(43), password: 'court' })).json()).toEqual({
      message: 'Le champ password doit contenir au moins 10 caractères.',
      champ: 'password',
    });
    // Well formed, issued to nobody: no scrypt spent, the same answer as a used link.
    const unknown = await reset({ token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: RESET_MESSAGES.invalidLink });
  });
});

describe('« Mot de passe oublié » rate limits', () => {
  it('per address (known or not) and per client IP, with a French 429', async () => {
    const limited = await buildTestApp({
      passwordResetRateLimits: {
        perAddress: { max: 2, timeWindow: 60_000 },
        perClient: { max: 6, timeWindow: 60_000 },
      },
    });
    try {
      const user = await createUser(limited);
      for (const email of [user.email, 'inconnu@example.fr']) {
        expect((await forgot({ email }, limited)).statusCode).toBe(200);
        expect((await forgot({ email: email.toUpperCase() }, limited)).statusCode).toBe(200);
        const third = await forgot({ email }, limited);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toEqual({ message: RESET_MESSAGES.tooManyForAddress });
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Six requests from this client so far: the seventh is beyond the client's own limit (6), whatever the address.
      const fromClient = await forgot({ email: 'encore-un-autre@example.fr' }, limited);
      expect(fromClient.statusCode).toBe(429);
      expect(fromClient.json()).toEqual({ message: RESET_MESSAGES.tooManyFromClient });
      // The reset counts on its own, with the same limit.
      for (let attempt = 1; attempt <= 6; attempt += 1)
        expect((await reset({ token: 'A'.repeat(43), password: NEW_PASSWORD }, limited)).statusCode).toBe(
          400,
        );
      const resets = await reset({ token: 'A'.repeat(43), password: NEW_PASSWORD }, limited);
      expect(resets.statusCode).toBe(429);
      expect(resets.json()).toEqual({ message: RESET_MESSAGES.tooManyFromClient });
      await limited.passwordResets.idle();
      // Without SMTP_URL the two e-mails stay in the local outbox, their text hidden there too.
      const kept = await limited.db.select().from(courriels);
      expect(kept.map((row) => [row.destinataires, row.statut, row.confidentiel])).toEqual([
        [[user.email], 'non_transmis', true],
        [[user.email], 'non_transmis', true],
      ]);
    } finally {
      await limited.close();
    }
  });
});
