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
import {
  auditSnapshot,
  findUserByEmail,
  insertUser,
  normalizeEmail,
  revokeUserTokens,
} from '../users/repository';
import type { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './password';

export const AUTH_MESSAGES = {
  signedUp: "Votre compte a été créé. Un administrateur doit l'activer avant votre première connexion.",
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  inactive: "Votre compte n'est pas encore activé. Contactez un administrateur.",
  loggedOut: 'Déconnexion effectuée sur tous vos appareils.',
  tooManySignups: 'Trop de créations de compte depuis cette adresse. Réessayez dans quelques minutes.',
  welcome: (prenom: string) => `Bienvenue, ${prenom} !`,
} as const;

/** What the API signs; `iat` and `exp` are added by the signer. */
export type TokenPayload = Omit<TokenClaims, 'iat' | 'exp'>;

export function tokenPayload(
  user: Pick<UserRow, 'id' | 'role' | 'prenom' | 'nom' | 'email' | 'tokenVersion'>,
): TokenPayload {
  return {
    sub: String(user.id),
    role: user.role,
    name: `${user.prenom} ${user.nom}`,
    email: user.email,
    ver: user.tokenVersion,
  };
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
      return { token: signToken(tokenPayload(user)), message: AUTH_MESSAGES.welcome(user.prenom) };
    },

    /** Revokes every token of the user issued so far, on all their devices (the next login signs a new one). */
    async logout(userId: number): Promise<string> {
      await revokeUserTokens(db, userId);
      return AUTH_MESSAGES.loggedOut;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
