import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../errors';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): today the sign-up route. Logins are not counted here
 * (that would count bodies the schema refuses, and lock a whole NAT out): modules/auth/login-throttle.ts delays
 * failed ones and the password hasher bounds the hashing work. Counters live in process memory, so each API node
 * counts on its own.
 */
export default fp(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: () => new TooManyRequestsError(),
    });
  },
  { name: 'rate-limit' },
);
