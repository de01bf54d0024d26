import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMMON_MESSAGES } from 'shared/contract';
import { errorResponse, sendError } from '../lib/error-responses';
import { API_CACHE_CONTROL } from './security-headers';

/**
 * Fastify's `frameworkErrors` option: the errors raised before a route is found (a URL that does not decode, a
 * parameter over maxParamLength) never reach the error handler and would answer Fastify's English JSON. No hook
 * runs for them either: the answer says itself that it is not to be cached.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, COMMON_MESSAGES.badUrl]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, COMMON_MESSAGES.urlTooLong]
        : [500, COMMON_MESSAGES.internal];
  if (status === 500) request.log.error({ err: error }, 'framework error');
  void reply.status(status).header('cache-control', API_CACHE_CONTROL).send({ message });
}

/**
 * The one place where errors become responses: `{ message, champ? }` in French, the status of the typed error,
 * and never an internal detail for a 5xx (the real error is logged).
 */
export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError>((error, request, reply) =>
      sendError(reply, errorResponse(error, request)),
    );

    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ message: COMMON_MESSAGES.notFound }),
    );
  },
  { name: 'errors' },
);
