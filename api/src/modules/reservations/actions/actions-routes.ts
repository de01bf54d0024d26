/**
 * Actions on a stay (spec §7): confirmation, annulation, update (room, meals, PAF/CAF flags) and early departure.
 * Every signed-in user; see docs/api.md "Reservations — writes". A cancellation and an early departure inform the
 * hotel of the nights released (communications/hotel-notices.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  MessageBody,
  RESERVATIONS_PATHS as PATHS,
  ReservationActionBody,
  ReservationAnnulationBody,
  ReservationDepartParams,
  ReservationIdParams,
  ReservationUpdateBody,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { releaseAndInform } from '../../communications';
import {
  cancelReservation,
  confirmReservation,
  endReservationEarly,
  updateReservation,
} from './actions-service';

const message = { 200: MessageBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const actionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    `${PATHS.confirmation}/:id`,
    { schema: { params: ReservationIdParams, body: ReservationActionBody, response: message } },
    async (request) => confirmReservation(app.db, actorOf(request), request.params.id, request.body ?? {}),
  );

  app.put(
    `${PATHS.annulation}/:id`,
    {
      // No body at all is a missing reason too: « Le champ motif est obligatoire. », not « corps invalide ».
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {} as ReservationAnnulationBody;
      },
      schema: { params: ReservationIdParams, body: ReservationAnnulationBody, response: message },
    },
    async (request) => {
      const actor = actorOf(request);
      const { message } = await releaseAndInform(app.db, app.mail, actor, (tx) =>
        cancelReservation(tx, actor, request.params.id, request.body),
      );
      return { message };
    },
  );

  app.put(
    `${PATHS.one}/:id`,
    { schema: { params: ReservationIdParams, body: ReservationUpdateBody, response: message } },
    async (request) => updateReservation(app.db, actorOf(request), request.params.id, request.body),
  );

  app.put(
    `${PATHS.one}/:id/:date_fin`,
    { schema: { params: ReservationDepartParams, response: message } },
    async (request) => {
      const actor = actorOf(request);
      const { message } = await releaseAndInform(app.db, app.mail, actor, (tx) =>
        endReservationEarly(tx, actor, request.params.id, request.params.date_fin),
      );
      return { message };
    },
  );
};

export default actionsRoutes;
