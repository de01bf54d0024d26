/**
 * Extensions (spec §7): PUT /reservations/prolongation/:id and POST /reservations/prolongation_multiple. Every
 * signed-in user; see docs/api.md "Reservations — writes".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import {
  ErrorBody,
  ProlongationAnswer,
  ProlongationBody,
  ProlongationMultipleAnswer,
  ProlongationMultipleBody,
  ProlongationMultipleError,
  RESERVATIONS_PATHS as PATHS,
  ReservationIdParams,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { errorResponse, sendError } from '../../../lib/error-responses';
import { ProlongationMultipleFailure, prolongReservation, prolongReservations } from './prolongation-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const prolongationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    `${PATHS.prolongation}/:id`,
    {
      schema: {
        params: ReservationIdParams,
        body: ProlongationBody,
        response: { 200: ProlongationAnswer, ...errors },
      },
    },
    async (request) => prolongReservation(app.db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    PATHS.prolongationMultiple,
    {
      schema: {
        body: ProlongationMultipleBody,
        response: {
          200: ProlongationMultipleAnswer,
          400: ProlongationMultipleError,
          401: ErrorBody,
          404: ProlongationMultipleError,
          409: ProlongationMultipleError,
          500: ProlongationMultipleError,
        },
      },
      // Spec §7: this call's errors are read from `msg`; `message` is kept for the common client. The status is
      // the central mapping's (lib/error-responses.ts); a 401 keeps the common body (the client logs out on it).
      errorHandler: (error: FastifyError, request, reply) => {
        // Sent, not returned: a route's error handler returns nothing (the reply is a thenable).
        if (error instanceof ProlongationMultipleFailure) {
          void reply
            .status(409)
            .send({ message: error.message, msg: error.message, resultats: error.resultats });
          return;
        }
        const response = errorResponse(error, request);
        void sendError(
          reply,
          response,
          response.status === 401
            ? { message: response.message }
            : { message: response.message, msg: response.message },
        );
      },
    },
    async (request) => prolongReservations(app.db, actorOf(request), request.body),
  );
};

export default prolongationRoutes;
