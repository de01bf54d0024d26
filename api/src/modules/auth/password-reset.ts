/**
 * « Mot de passe oublié » (docs/auth.md « Forgotten password »): a link sent by e-mail, valid RESET_LINK_MINUTES, used
 * once; its token is 32 random bytes, only its SHA-256 is stored. The request is answered before anything depends on
 * the address: the lookup, the link and the e-mail happen after the answer, so that neither the answer nor its
 * timing tells whether the address has an account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  RESET_MESSAGES,
  RESET_LINK_MINUTES,
  RESET_PASSWORD_PAGE,
  type ResetPasswordBody,
} from 'shared/contract';
import { recordAudit, SYSTEM_ACTOR } from '../../db/audit';
import type { Database } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { BadRequestError } from '../../errors';
import type { Mailer } from '../../lib/mail';
import { auditSnapshot, findUserByEmail, findUserById, updateUser } from '../utilisateurs';
import type { PasswordHasher } from './password';
import { revokeSessions } from './sessions';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The text of the e-mail; `link` carries the token in its fragment, which browsers never send to a server. */
export function resetMailText(prenom: string, link: string): string {
  return [
    `Bonjour ${prenom},`,
    '',
    'Une réinitialisation du mot de passe de votre compte EBAS3 a été demandée. Pour choisir un nouveau mot de',
    `passe, ouvrez ce lien (valable ${RESET_LINK_MINUTES} minutes, utilisable une seule fois) :`,
    '',
    link,
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.",
  ].join('\n');
}

export interface PasswordResets {
  /** Starts the work for `email` after the caller's answer; never throws (a failure is logged). */
  request(email: string): void;
  /** Sets the new password of a valid link's account, uses the link and ends every session of the account. */
  reset(body: ResetPasswordBody): Promise<string>;
  /** Resolves once every request started so far is done (closing the app waits for it). */
  idle(): Promise<void>;
}

export function createPasswordResets(deps: {
  db: Database;
  hasher: PasswordHasher;
  mail: Mailer;
  /** PUBLIC_URL: where the product is opened, without a trailing slash. */
  publicUrl: string;
  log: FastifyBaseLogger;
}): PasswordResets {
  const { db, hasher, mail, publicUrl, log } = deps;
  const running = new Set<Promise<void>>();

  async function send(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (user === undefined || !user.active) return;
    const token = randomBytes(32).toString('base64url');
    const courrielId = await db.transaction(async (tx) => {
      await tx
        .delete(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, user.id),
            or(lt(passwordResets.expiresAt, sql`now()`), sql`${passwordResets.usedAt} is not null`),
          ),
        );
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hashOf(token),
        expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
      });
      const id = await mail.queue(tx, SYSTEM_ACTOR, {
        to: [user.email],
        subject: RESET_MESSAGES.subject,
        text: resetMailText(user.prenom, `${publicUrl}${RESET_PASSWORD_PAGE}#token=${token}`),
        confidential: true,
      });
      await recordAudit(tx, {
        entity: 'user',
        entityId: user.id,
        action: 'password_forgotten',
        after: { courriel: id },
        actor: SYSTEM_ACTOR,
      });
      return id;
    });
    await mail.deliver(courrielId, SYSTEM_ACTOR);
  }

  /** The account of a link still usable, or undefined. */
  async function linkAccount(tokenHash: string): Promise<number | undefined> {
    const [row] = await db
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          eq(users.active, true),
        ),
      );
    return row?.userId;
  }

  return {
    request(email) {
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => send(email))
        .catch((error: unknown) => log.error({ err: error }, 'lien de réinitialisation non envoyé'));
      running.add(work);
      void work.finally(() => running.delete(work));
    },

    async reset(body) {
      const tokenHash = hashOf(body.token);
      // Checked before hashing: an unknown token costs no scrypt.
      if ((await linkAccount(tokenHash)) === undefined) throw new BadRequestError(RESET_MESSAGES.invalidLink);
      const passwordHash = await hasher.hash(body.password);
      await db.transaction(async (tx) => {
        // Claimed in one statement: two submissions of one link change the password once.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResets.userId });
        const before =
          claimed === undefined ? undefined : await findUserById(tx, claimed.userId, { forUpdate: true });
        if (claimed === undefined || before === undefined || !before.active)
          throw new BadRequestError(RESET_MESSAGES.invalidLink);
        // The account's other links die with this one.
        await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.userId, before.id), isNull(passwordResets.usedAt)));
        // The trigger users_revoke_tokens raises the token version: every token of the account is refused.
        const after = await updateUser(tx, before.id, { passwordHash });
        if (after === undefined) throw new BadRequestError(RESET_MESSAGES.invalidLink);
        await revokeSessions(tx, before.id);
        await recordAudit(tx, {
          entity: 'user',
          entityId: before.id,
          action: 'password_recovered',
          before: auditSnapshot(before),
          after: auditSnapshot(after),
          actor: { kind: 'user', userId: before.id },
        });
      });
      return RESET_MESSAGES.done;
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    passwordResets: PasswordResets;
  }
}

/** Decorates `app.passwordResets`; closing the app waits for the e-mails under way. */
export const passwordResetsPlugin = fp<{ publicUrl: string }>(
  async (app, options) => {
    const resets = createPasswordResets({
      db: app.db,
      hasher: app.passwordHasher,
      mail: app.mail,
      publicUrl: options.publicUrl.replace(/\/+$/, ''),
      log: app.log,
    });
    app.decorate('passwordResets', resets);
    app.addHook('preClose', () => resets.idle());
  },
  { name: 'password-resets', dependencies: ['db', 'auth', 'mail'] },
);
