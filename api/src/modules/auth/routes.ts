import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
import { createLoginThrottle } from './login-throttle';
import { AUTH_MESSAGES, createAuthService } from './service';

export interface RateLimitSetting {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

export interface AuthRoutesOptions {
  /** FAILED logins per client IP and e-mail. Default: 10 per 15 minutes. */
  loginRateLimit?: RateLimitSetting | undefined;
  /** All login requests per client IP (bounds scrypt CPU). Default: 200 per 15 minutes. */
  loginRequestLimit?: RateLimitSetting | undefined;
  /** Per client IP. Default: 20 sign-ups per 15 minutes. */
  signupRateLimit?: RateLimitSetting | undefined;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const DEFAULT_LOGIN_RATE_LIMIT: RateLimitSetting = { max: 10, timeWindow: FIFTEEN_MINUTES };
export const DEFAULT_SIGNUP_RATE_LIMIT: RateLimitSetting = { max: 20, timeWindow: FIFTEEN_MINUTES };
export const DEFAULT_LOGIN_REQUEST_LIMIT: RateLimitSetting = { max: 200, timeWindow: FIFTEEN_MINUTES };

/** POST /auth/signup and POST /auth/login: the only public routes besides /health. */
export const publicAuthRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const failures = options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT;
  const throttle = createLoginThrottle({ maxFailures: failures.max, windowMs: failures.timeWindow });
  const auth = createAuthService({
    db: app.db,
    hasher: app.passwordHasher,
    signToken: app.signToken,
    throttle,
  });
  const loginRequests = options.loginRequestLimit ?? DEFAULT_LOGIN_REQUEST_LIMIT;
  const signup = options.signupRateLimit ?? DEFAULT_SIGNUP_RATE_LIMIT;

  app.post(
    AUTH_PATHS.signup,
    {
      schema: {
        body: SignupBody,
        response: { 201: MessageBody, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
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
        response: { 200: LoginResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
      config: {
        // Failed attempts are throttled per address and e-mail by the service; this only caps the CPU one
        // address can spend on password hashing.
        rateLimit: {
          ...loginRequests,
          keyGenerator: (request: FastifyRequest) => `login|${request.ip}`,
          errorResponseBuilder: () => new TooManyRequestsError(AUTH_MESSAGES.tooManyLogins),
        },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );
};

/** GET /auth/me, registered inside the authenticated scope. */
export const protectedAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    AUTH_PATHS.me,
    { schema: { response: { 200: CurrentUser, 401: ErrorBody } } },
    async (request) => request.user,
  );
};
