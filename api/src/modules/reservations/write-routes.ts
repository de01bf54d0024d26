/**
 * Reservation writes (spec §7), open to every signed-in user: booking, adding a resident, confirmation,
 * annulation, update, early departure, extensions, pointages. Every success answers a French `message` (plus the
 * ids the contract names); see docs/api.md "Reservations — writes" and docs/domain.md "Reservation writes".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import {
  ApecBody,
  ErrorBody,
  MessageBody,
  PointagePafCafBody,
  ProlongationAnswer,
  ProlongationBody,
  ProlongationMultipleAnswer,
  ProlongationMultipleBody,
  ProlongationMultipleError,
  RESERVATIONS_PATHS as PATHS,
  ReservationActionBody,
  ReservationAddAnswer,
  ReservationAddBody,
  ReservationDepartParams,
  ReservationEditAnswer,
  ReservationEditBody,
  ReservationEditParams,
  ReservationIdParams,
  ReservationUpdateBody,
  UpdatePointageBody,
} from 'shared/contract';
import { AppError } from '../../errors';
import { validationMessage } from '../../plugins/errors';
import { createActionsService } from './actions-service';
import { createBookingService } from './booking-service';
import { createPointageService } from './pointage-service';
import { createProlongationService, ProlongationMultipleFailure } from './prolongation-service';
import { actorOf } from './write-common';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const message = { 200: MessageBody, ...errors };

const writeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const booking = createBookingService(app.db);
  const actions = createActionsService(app.db);
  const prolongations = createProlongationService(app.db);
  const pointages = createPointageService(app.db);

  // Bodies that may be left out (confirmation, annulation, adding a resident): read as {}.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  app.post(
    PATHS.add,
    { schema: { body: ReservationAddBody, response: { 201: ReservationAddAnswer, ...errors } } },
    async (request, reply) => reply.status(201).send(await booking.add(actorOf(request), request.body)),
  );

  app.post(
    `${PATHS.edit}/:id_reservation_mere/:pensionnaire_id`,
    {
      schema: {
        params: ReservationEditParams,
        body: ReservationEditBody,
        response: { 201: ReservationEditAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await booking.addResident(
            actorOf(request),
            request.params.id_reservation_mere,
            request.params.pensionnaire_id,
            request.body ?? {},
          ),
        ),
  );

  app.put(
    `${PATHS.confirmation}/:id`,
    { schema: { params: ReservationIdParams, body: ReservationActionBody, response: message } },
    async (request) => actions.confirm(actorOf(request), request.params.id, request.body ?? {}),
  );

  app.put(
    `${PATHS.annulation}/:id`,
    { schema: { params: ReservationIdParams, body: ReservationActionBody, response: message } },
    async (request) => actions.cancel(actorOf(request), request.params.id, request.body ?? {}),
  );

  app.put(
    `${PATHS.prolongation}/:id`,
    {
      schema: {
        params: ReservationIdParams,
        body: ProlongationBody,
        response: { 200: ProlongationAnswer, ...errors },
      },
    },
    async (request) => prolongations.extend(actorOf(request), request.params.id, request.body),
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
      // Spec §7: this call's errors are read from `msg`; `message` is kept for the common client.
      errorHandler: (error: FastifyError, request, reply) => {
        // Sent, not returned: a route's error handler returns nothing (the reply is a thenable).
        if (error instanceof ProlongationMultipleFailure) {
          void reply
            .status(409)
            .send({ message: error.message, msg: error.message, resultats: error.resultats });
          return;
        }
        const status =
          error instanceof AppError
            ? error.statusCode
            : error.validation
              ? 400
              : error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
                ? error.statusCode
                : 500;
        if (status === 401) {
          void reply.status(401).send({ message: error.message });
          return;
        }
        const text =
          error instanceof AppError
            ? error.message
            : error.validation
              ? validationMessage(error.validation, error.validationContext)
              : status >= 500
                ? 'Une erreur interne est survenue.'
                : 'La requête est invalide.';
        if (status >= 500) request.log.error({ err: error }, 'prolongation multiple failed');
        void reply.status(status as 400 | 404 | 409 | 500).send({ message: text, msg: text });
      },
    },
    async (request) => prolongations.extendMany(actorOf(request), request.body),
  );

  app.put(
    `${PATHS.updatePointage}/:id`,
    { schema: { params: ReservationIdParams, body: UpdatePointageBody, response: message } },
    async (request) => pointages.presence(actorOf(request), request.params.id, request.body),
  );

  app.put(
    `${PATHS.apec}/:id`,
    { schema: { params: ReservationIdParams, body: ApecBody, response: message } },
    async (request) => pointages.apec(actorOf(request), request.params.id, request.body),
  );

  app.put(
    `${PATHS.pointagePafCaf}/:id`,
    { schema: { params: ReservationIdParams, body: PointagePafCafBody, response: message } },
    async (request) => pointages.pafCaf(actorOf(request), request.params.id, request.body),
  );

  app.put(
    `${PATHS.one}/:id`,
    { schema: { params: ReservationIdParams, body: ReservationUpdateBody, response: message } },
    async (request) => actions.update(actorOf(request), request.params.id, request.body),
  );

  app.put(
    `${PATHS.one}/:id/:date_fin`,
    { schema: { params: ReservationDepartParams, response: message } },
    async (request) => actions.depart(actorOf(request), request.params.id, request.params.date_fin),
  );
};

export default writeRoutes;
