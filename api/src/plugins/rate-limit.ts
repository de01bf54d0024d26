import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../errors';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): today the sign-up and the forgotten password's routes.
 * Logins are not counted here: modules/auth/login-throttle.ts delays failed ones and the password hasher bounds the
 * hashing work. Counters live in process memory, so each API node counts on its own.
 */
export default fp(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      // Counted in preHandler, once the request has passed its schema and the input guards (the plugin's default is
      // onRequest, before the body is even read): twenty sign-ups with a typo, or a client posting garbage, must not
      // lock out everyone behind the same address; a well-formed request, the only kind that costs anything, counts.
      hook: 'preHandler',
      errorResponseBuilder: () => new TooManyRequestsError(),
    });
  },
  { name: 'rate-limit' },
);
