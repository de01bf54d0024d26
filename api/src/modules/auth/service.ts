import type { LoginBody, LoginResponse, SignupBody, TokenClaims } from 'shared/contract';
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
import { auditSnapshot, findUserByEmail, insertUser, normalizeEmail } from '../users/repository';
import type { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './password';

export const AUTH_MESSAGES = {
  signedUp: "Votre compte a été créé. Un administrateur doit l'activer avant votre première connexion.",
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  inactive: "Votre compte n'est pas encore activé. Contactez un administrateur.",
  tooManyLogins: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
  tooManySignups: 'Trop de créations de compte depuis cette adresse. Réessayez dans quelques minutes.',
  welcome: (prenom: string) => `Bienvenue, ${prenom} !`,
} as const;

/** What the API signs; `iat` and `exp` are added by the signer. */
export type TokenPayload = Omit<TokenClaims, 'iat' | 'exp'>;

export function tokenPayload(user: Pick<UserRow, 'id' | 'role' | 'prenom' | 'nom' | 'email'>): TokenPayload {
  return { sub: String(user.id), role: user.role, name: `${user.prenom} ${user.nom}`, email: user.email };
}

function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new BadRequestError(`Le champ ${field} est obligatoire.`);
  return trimmed;
}

export function createAuthService(deps: {
  db: Database;
  hasher: PasswordHasher;
  signToken: (payload: TokenPayload) => string;
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

    /** `clientAddress` keys the failed-attempt throttle together with the e-mail. */
    async login(body: LoginBody, clientAddress: string): Promise<LoginResponse> {
      const throttleKey = `${clientAddress}|${normalizeEmail(body.email)}`;
      throttle.assertAllowed(throttleKey, AUTH_MESSAGES.tooManyLogins);
      const user = await findUserByEmail(db, body.email);
      const valid =
        user === undefined
          ? await hasher.verifyDummy(body.password)
          : await hasher.verify(body.password, user.passwordHash);
      if (user === undefined || !valid) {
        throttle.recordFailure(throttleKey);
        throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
      }
      throttle.recordSuccess(throttleKey);
      // Checked after the password, so that the answer reveals nothing to someone without it.
      if (!user.active) throw new ForbiddenError(AUTH_MESSAGES.inactive);
      return { token: signToken(tokenPayload(user)), message: AUTH_MESSAGES.welcome(user.prenom) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
