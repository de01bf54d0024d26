import fastifyJwt from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CurrentUser, Role, TokenClaims } from 'shared/contract';
import { ForbiddenError, UnauthorizedError } from '../errors';
import {
  resolveJwtSecret,
  createPasswordHasher,
  HashingBusyError,
  type HashingLimits,
  type PasswordHasher,
  type ScryptParams,
  SESSION_ID,
  type TokenPayload,
  tokenUsers,
} from '../modules/auth';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    /** Set by `authenticate` from the database, not from the token: role and activation are always fresh. */
    user: CurrentUser;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by `authenticate` when its user check synced the process's listening connection after the request
     * arrived (modules/auth/token-users.ts): an answer cache may then skip its own sync (db/answer-cache.ts).
     */
    notificationsSynced: boolean;
    /** The session of the request's token (`sid`), set by `authenticate`: what POST /auth/logout revokes. */
    sessionId: string;
  }
  interface FastifyInstance {
    /** onRequest/preHandler hook: requires a valid bearer token of an existing, active user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * Hook factory: 403 unless the authenticated user has one of the roles. Use it as an `onRequest` hook (it runs
     * after the scope's `authenticate`): authorization then comes before body parsing and validation.
     */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
    passwordHasher: PasswordHasher;
    signToken: (payload: TokenPayload) => string;
    /**
     * The checks of `authenticate` on a bare token (the socket handshake): signature, expiry, an existing active
     * user, the token version, an open session. Throws UnauthorizedError with the French reason.
     */
    verifyAccessToken: (token: string) => Promise<VerifiedToken>;
  }
}

export interface VerifiedToken {
  user: CurrentUser;
  /** Expiry of the token, seconds since the epoch. */
  exp: number;
  /** The token version it was signed with. */
  ver: number;
  /** Its session. */
  sid: string;
}

export interface AuthPluginOptions {
  /** JWT_SECRET; when absent a persisted generated secret is used (see resolveJwtSecret). */
  jwtSecret?: string | undefined;
  /** Token lifetime, e.g. '12h'. */
  jwtExpiresIn: string;
  /** Scrypt parameters for new hashes; OWASP strength unless a test asks for less. */
  passwordHashing?: ScryptParams | undefined;
  /** Hashes computed at once and waiting; defaultHashingLimits() (from the cores) unless a test asks for less. */
  hashingLimits?: HashingLimits | undefined;
}

/** Verified tokens remembered (a few hundred bytes each): more than the users signed in at once. */
const TOKEN_CACHE_SIZE = 2_000;

export const AUTH_ERRORS = {
  missingToken: 'Vous devez être connecté pour accéder à cette ressource.',
  invalidToken: "Votre session a expiré ou n'est plus valide. Veuillez vous reconnecter.",
  inactiveUser: "Votre compte n'existe plus ou a été désactivé. Veuillez vous reconnecter.",
} as const;

export default fp<AuthPluginOptions>(
  async (app, options) => {
    const secret = await resolveJwtSecret({
      configured: options.jwtSecret,
      dataDir: app.dbInfo.dataDir,
      db: app.db,
    });
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: options.jwtExpiresIn },
      // A token without exp would never die; without ver or sid it could not be revoked. `cache`: a token's signature
      // and claims are checked once, then remembered until its exp (fast-jwt's LRU, keyed by the token's hash);
      // whether its user is still active, its version current and its session open is checked on every request all
      // the same (from memory between two writes, every committed revocation seen first: modules/auth/token-users.ts).
      verify: {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'ver', 'sid'],
        cache: TOKEN_CACHE_SIZE,
      },
    });

    app.decorate('passwordHasher', createPasswordHasher(options.passwordHashing, options.hashingLimits));
    // onError may add headers before the central error handler answers (plugins/errors.ts sends the 503).
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof HashingBusyError) reply.header('Retry-After', String(error.retryAfterSeconds));
    });
    app.decorate('signToken', (payload: TokenPayload) => app.jwt.sign(payload));

    const userById = await tokenUsers(app);
    app.decorateRequest('notificationsSynced', false);
    app.decorateRequest('sessionId', '');
    const checkClaims = async (claims: TokenClaims): Promise<VerifiedToken & { synced: boolean }> => {
      const id = typeof claims.sub === 'string' && /^\d{1,10}$/.test(claims.sub) ? Number(claims.sub) : NaN;
      if (
        !Number.isSafeInteger(id) ||
        id > 2_147_483_647 ||
        typeof claims.sid !== 'string' ||
        !SESSION_ID.test(claims.sid)
      )
        throw new UnauthorizedError(AUTH_ERRORS.invalidToken);
      const { user, sessionActive, synced } = await userById(id, claims.sid);
      if (user === undefined || !user.active) throw new UnauthorizedError(AUTH_ERRORS.inactiveUser);
      // A new password, role or activation (or « toutes mes sessions ») raised the version since it was signed.
      if (claims.ver !== user.tokenVersion) throw new UnauthorizedError(AUTH_ERRORS.invalidToken);
      // Logged out (this session only).
      if (!sessionActive) throw new UnauthorizedError(AUTH_ERRORS.invalidToken);
      const { tokenVersion, ...current } = user;
      return { user: current, exp: Number(claims.exp), ver: tokenVersion, sid: claims.sid, synced };
    };

    const verifyClaims = (token: string): TokenClaims => {
      try {
        return app.jwt.verify<TokenClaims>(token);
      } catch (error) {
        throw new UnauthorizedError(AUTH_ERRORS.invalidToken, { cause: error });
      }
    };

    // The token is verified by the plugin's verifier itself, not through `request.jwtVerify()`, whose wrapping (the
    // options merged again, the token decoded once more for a secret callback we do not use, a waterfall of callbacks)
    // cost more than the check (docs/performance.md « Live feed »). Same header rule: `Bearer <token>`.
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw new UnauthorizedError(AUTH_ERRORS.missingToken);
      const [scheme, token, ...rest] = header.split(' ');
      if (!/^Bearer$/i.test(scheme ?? '') || !token || rest.length > 0)
        throw new UnauthorizedError(AUTH_ERRORS.invalidToken);
      const checked = await checkClaims(verifyClaims(token));
      request.user = checked.user;
      request.sessionId = checked.sid;
      request.notificationsSynced = checked.synced;
    });

    app.decorate('verifyAccessToken', async (token: string) => {
      if (token === '') throw new UnauthorizedError(AUTH_ERRORS.missingToken);
      const { synced: _synced, ...verified } = await checkClaims(verifyClaims(token));
      return verified;
    });

    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      if (!roles.includes(request.user.role)) throw new ForbiddenError();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
