import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  RESET_MESSAGES,
  AUTH_MESSAGES,
  AUTH_PATHS,
  ChangePasswordBody,
  ChangePasswordResponse,
  CurrentUser,
  ErrorBody,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageBody,
  ResetPasswordBody,
  SignupBody,
} from 'shared/contract';
import { TooManyRequestsError } from '../../errors';
import { normalizeEmail } from '../utilisateurs';
import type { LoginThrottle } from './login-throttle';
import { createAuthService } from './service';

export interface RateLimitSetting {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

export interface PasswordResetRateLimits {
  /** « Mot de passe oublié » per e-mail address, whether it has an account or not. */
  perAddress: RateLimitSetting;
  /** « Mot de passe oublié » and the reset itself, per client IP. */
  perClient: RateLimitSetting;
}

export interface AuthRoutesOptions {
  /** Progressive delays on failed logins; the same counters judge the current password of a password change. */
  loginThrottle: LoginThrottle;
}

export interface PublicAuthRoutesOptions extends AuthRoutesOptions {
  /** Per client IP. Default: 20 sign-ups per 15 minutes. */
  signupRateLimit?: RateLimitSetting | undefined;
  /** Default DEFAULT_PASSWORD_RESET_RATE_LIMITS. */
  passwordResetRateLimits?: PasswordResetRateLimits | undefined;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const DEFAULT_SIGNUP_RATE_LIMIT: RateLimitSetting = { max: 20, timeWindow: FIFTEEN_MINUTES };
export const DEFAULT_PASSWORD_RESET_RATE_LIMITS: PasswordResetRateLimits = {
  perAddress: { max: 5, timeWindow: 60 * 60 * 1000 },
  perClient: { max: 20, timeWindow: FIFTEEN_MINUTES },
};

function authService(app: FastifyInstance, throttle: LoginThrottle) {
  return createAuthService({ db: app.db, hasher: app.passwordHasher, signToken: app.signToken, throttle });
}

/** Sign-up, login and the forgotten password: the only public routes besides /health. */
export const publicAuthRoutes: FastifyPluginAsyncTypebox<PublicAuthRoutesOptions> = async (app, options) => {
  const auth = authService(app, options.loginThrottle);
  const signup = options.signupRateLimit ?? DEFAULT_SIGNUP_RATE_LIMIT;
  const resetLimits = options.passwordResetRateLimits ?? DEFAULT_PASSWORD_RESET_RATE_LIMITS;
  const perClient = (message: string) => ({
    ...resetLimits.perClient,
    errorResponseBuilder: () => new TooManyRequestsError(message),
  });
  // Counted after the body is valid, whether the address has an account or not: the answer stays the same.
  const perAddress = app.createRateLimit({
    ...resetLimits.perAddress,
    keyGenerator: (request) =>
      `mot-de-passe-oublie|${normalizeEmail((request.body as ForgotPasswordBody).email)}`,
  });

  app.post(
    AUTH_PATHS.signup,
    {
      schema: {
        body: SignupBody,
        response: { 201: MessageBody, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
      config: {
        rateLimit: {
          ...signup,
          errorResponseBuilder: () => new TooManyRequestsError(AUTH_MESSAGES.tooManySignups),
        },
      },
    },
    async (request, reply) => {
      await auth.signup(request.body);
      return reply.status(201).send({ message: AUTH_MESSAGES.signedUp });
    },
  );

  app.post(
    AUTH_PATHS.login,
    {
      schema: {
        body: LoginBody,
        response: {
          200: LoginResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
      // No request-count limit: a body the schema refuses never reaches the throttle (it costs no hashing), and
      // the hashing work is bounded by the hasher's own slots (503 beyond them).
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    AUTH_PATHS.forgotPassword,
    {
      schema: { body: ForgotPasswordBody, response: { 200: MessageBody, 400: ErrorBody, 429: ErrorBody } },
      config: { rateLimit: perClient(RESET_MESSAGES.tooManyFromClient) },
    },
    async (request) => {
      const limit = await perAddress(request);
      if (!limit.isAllowed && limit.isExceeded)
        throw new TooManyRequestsError(RESET_MESSAGES.tooManyForAddress, limit.ttlInSeconds);
      app.passwordResets.request(request.body.email);
      return { message: RESET_MESSAGES.requested };
    },
  );

  app.post(
    AUTH_PATHS.resetPassword,
    {
      schema: {
        body: ResetPasswordBody,
        response: { 200: MessageBody, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
      config: { rateLimit: perClient(RESET_MESSAGES.tooManyFromClient) },
    },
    async (request) => ({ message: await app.passwordResets.reset(request.body) }),
  );
};

/** The signed-in user's own account, registered inside the authenticated scope. */
export const protectedAuthRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const auth = authService(app, options.loginThrottle);

  app.get(
    AUTH_PATHS.me,
    { schema: { response: { 200: CurrentUser, 401: ErrorBody } } },
    async (request) => request.user,
  );

  app.post(
    AUTH_PATHS.logout,
    { schema: { response: { 200: MessageBody, 401: ErrorBody } } },
    async (request) => ({ message: await auth.logout(request.user, request.sessionId) }),
  );

  app.post(
    AUTH_PATHS.logoutAll,
    { schema: { response: { 200: MessageBody, 401: ErrorBody } } },
    async (request) => ({ message: await auth.logoutAll(request.user) }),
  );

  app.put(
    AUTH_PATHS.password,
    {
      schema: {
        body: ChangePasswordBody,
        response: {
          200: ChangePasswordResponse,
          400: ErrorBody,
          401: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) => auth.changePassword(request.user, request.sessionId, request.body, request.ip),
  );
};
