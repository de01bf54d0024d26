/**
 * Booking (spec §7): POST /reservations/add (a full reservation) and POST /reservations/edit/:id_reservation_mere/
 * :pensionnaire_id (one more resident). Every signed-in user books; see docs/api.md "Reservations — writes".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  ReservationAddAnswer,
  ReservationAddBody,
  ReservationEditAnswer,
  ReservationEditBody,
  ReservationEditParams,
  RESERVATIONS_PATHS as PATHS,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { addResidentToReservation, bookReservation } from './booking-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const bookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    PATHS.add,
    { schema: { body: ReservationAddBody, response: { 201: ReservationAddAnswer, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await bookReservation(app.db, actorOf(request), request.body)),
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
          await addResidentToReservation(
            app.db,
            actorOf(request),
            request.params.id_reservation_mere,
            request.params.pensionnaire_id,
            request.body ?? {},
          ),
        ),
  );
};

export default bookingRoutes;
