import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../errors';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): today the login and sign-up routes, whose scrypt
 * hash costs real CPU. Counters live in process memory, so each API node counts on its own.
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
