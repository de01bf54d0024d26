import { AUTH_MESSAGES, COMMON_MESSAGES } from 'shared/contract';
import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  CurrentUser,
  LoginBody,
  LoginResponse,
  SignupBody,
} from 'shared/contract';
import { recordAudit } from '../../db/audit';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  UnauthorizedError,
} from '../../errors';
import {
  auditSnapshot,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  revokeUserTokens,
  updateUser,
} from '../utilisateurs';
import type { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './password';
import { openSession, renewSession, revokeSession, revokeSessions, type TokenSigner } from './sessions';

function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new BadRequestError(COMMON_MESSAGES.field.required(field));
  return trimmed;
}

export function createAuthService(deps: {
  db: Database;
  hasher: PasswordHasher;
  signToken: TokenSigner;
  throttle: LoginThrottle;
}) {
  const { db, hasher, signToken, throttle } = deps;

  return {
    /** Creates an inactive agent account: an administrator activates it (PUT /users/:id/activation). */
    async signup(body: SignupBody): Promise<void> {
      const email = normalizeEmail(body.email);
      const nom = requiredText(body.nom, 'nom');
      const prenom = requiredText(body.prenom, 'prenom');
      // Saves a scrypt hash for the common case; the unique index settles concurrent sign-ups.
      if ((await findUserByEmail(db, email)) !== undefined) throw new ConflictError(AUTH_MESSAGES.emailTaken);
      const passwordHash = await hasher.hash(body.password);
      try {
        await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            email,
            passwordHash,
            nom,
            prenom,
            role: 'agent',
            active: false,
          });
          await recordAudit(tx, {
            entity: 'user',
            entityId: user.id,
            action: 'signup',
            after: auditSnapshot(user),
            actor: { kind: 'user', userId: user.id },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(AUTH_MESSAGES.emailTaken, { cause: error });
        throw error;
      }
    },

    /** `clientAddress` keys the failed-attempt throttle (per address, per account). */
    async login(body: LoginBody, clientAddress: string): Promise<LoginResponse> {
      const attempt = throttle.begin(clientAddress, normalizeEmail(body.email));
      let user: UserRow | undefined;
      let valid: boolean;
      try {
        user = await findUserByEmail(db, body.email);
        valid =
          user === undefined
            ? await hasher.verifyDummy(body.password)
            : await hasher.verify(body.password, user.passwordHash);
      } catch (error) {
        // Hashing busy (503) or a database failure: no password was judged, so nothing counts against anyone.
        attempt.abandoned();
        throw error;
      }
      if (user === undefined || !valid) {
        attempt.failed();
        throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
      }
      attempt.succeeded();
      // Checked after the password, so that the answer reveals nothing to someone without it.
      if (!user.active) throw new ForbiddenError(AUTH_MESSAGES.inactive);
      const signedIn = user;
      const token = await db.transaction((tx) => openSession(tx, signToken, signedIn));
      return { token, message: AUTH_MESSAGES.welcome(user.prenom) };
    },

    /**
     * Ends the session `sid` of the user, and only it: their other devices stay signed in. The audit row tells every
     * node to re-check the user's sockets (plugins/realtime): this session's close at once.
     */
    async logout(user: CurrentUser, sid: string): Promise<string> {
      await db.transaction(async (tx) => {
        if (!(await revokeSession(tx, user.id, sid))) return;
        await recordAudit(tx, {
          entity: 'user',
          entityId: user.id,
          action: 'logout',
          after: { session: sid },
          actor: { kind: 'user', userId: user.id },
        });
      });
      return AUTH_MESSAGES.loggedOut;
    },

    /** « Déconnecter toutes mes sessions »: every session of the user ends, the one asking included. */
    async logoutAll(user: CurrentUser): Promise<string> {
      await db.transaction(async (tx) => {
        await revokeUserTokens(tx, user.id);
        await revokeSessions(tx, user.id);
        await recordAudit(tx, {
          entity: 'user',
          entityId: user.id,
          action: 'logout_all',
          actor: { kind: 'user', userId: user.id },
        });
      });
      return AUTH_MESSAGES.loggedOutEverywhere;
    },

    /**
     * The user's new password, given the current one. Wrong guesses count in the login throttle (as failed logins on
     * the account from this address): a stolen session cannot test passwords faster than the login page. The new
     * password revokes every token (trigger users_revoke_tokens) and every other session; this session goes on
     * with a token signed again, returned for the client to keep.
     */
    async changePassword(
      user: CurrentUser,
      sid: string,
      body: ChangePasswordBody,
      clientAddress: string,
    ): Promise<ChangePasswordResponse> {
      const attempt = throttle.begin(clientAddress, normalizeEmail(user.email));
      let valid: boolean;
      try {
        const row = await findUserById(db, user.id);
        valid = row !== undefined && (await hasher.verify(body.currentPassword, row.passwordHash));
      } catch (error) {
        attempt.abandoned();
        throw error;
      }
      if (!valid) {
        attempt.failed();
        // 400, not 401: the session is fine, and a 401 would log the client out.
        throw new BadRequestError(AUTH_MESSAGES.wrongCurrentPassword);
      }
      attempt.succeeded();
      if (body.password.normalize('NFC') === body.currentPassword.normalize('NFC'))
        throw new BadRequestError(AUTH_MESSAGES.samePassword);
      const passwordHash = await hasher.hash(body.password);
      const token = await db.transaction(async (tx) => {
        const before = await findUserById(tx, user.id, { forUpdate: true });
        if (before === undefined) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
        const after = await updateUser(tx, user.id, { passwordHash });
        if (after === undefined) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
        await revokeSessions(tx, user.id, sid);
        await recordAudit(tx, {
          entity: 'user',
          entityId: user.id,
          action: 'password_change',
          before: auditSnapshot(before),
          after: auditSnapshot(after),
          actor: { kind: 'user', userId: user.id },
        });
        return renewSession(tx, signToken, after, sid);
      });
      return { message: AUTH_MESSAGES.passwordChanged, token };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
