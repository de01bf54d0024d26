import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  AUTH_PATHS,
  CurrentUser,
  ErrorBody,
  LoginBody,
  LoginResponse,
  MessageBody,
  SignupBody,
} from 'shared/contract';
import { TooManyRequestsError } from '../../errors';
import { createLoginThrottle, type LoginThrottle, type LoginThrottleOptions } from './login-throttle';
import { AUTH_MESSAGES, createAuthService } from './service';

export interface RateLimitSetting {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

export interface AuthRoutesOptions {
  /** Progressive delays on failed logins; DEFAULT_LOGIN_THROTTLE for what is not given. */
  loginThrottle?: Partial<LoginThrottleOptions> | undefined;
  /** Per client IP. Default: 20 sign-ups per 15 minutes. */
  signupRateLimit?: RateLimitSetting | undefined;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const DEFAULT_SIGNUP_RATE_LIMIT: RateLimitSetting = { max: 20, timeWindow: FIFTEEN_MINUTES };

/** The service of the public routes, and of POST /auth/logout. */
function authService(app: FastifyInstance, throttle: LoginThrottle = createLoginThrottle()) {
  return createAuthService({ db: app.db, hasher: app.passwordHasher, signToken: app.signToken, throttle });
}

/** POST /auth/signup and POST /auth/login: the only public routes besides /health. */
export const publicAuthRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const auth = authService(app, createLoginThrottle(options.loginThrottle));
  const signup = options.signupRateLimit ?? DEFAULT_SIGNUP_RATE_LIMIT;

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
};

/** GET /auth/me and POST /auth/logout, registered inside the authenticated scope. */
export const protectedAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = authService(app);

  app.get(
    AUTH_PATHS.me,
    { schema: { response: { 200: CurrentUser, 401: ErrorBody } } },
    async (request) => request.user,
  );

  app.post(
    AUTH_PATHS.logout,
    { schema: { response: { 200: MessageBody, 401: ErrorBody } } },
    async (request) => ({ message: await auth.logout(request.user.id) }),
  );
};
