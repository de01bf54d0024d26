/**
 * PUT /reservations/retablissement/:id (« Rétablir »): undoes a stay's last cancellation, early departure or no-show
 * within its window, the hotels told and the client's letter prepared (retablissement-service.ts). Every signed-in
 * user; see docs/api.md « Reservations — writes ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  MessageBody,
  RESERVATIONS_PATHS as PATHS,
  ReservationIdParams,
  ReservationRetablissementBody,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { restoreAndInform } from './retablissement-service';

const retablissementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    `${PATHS.retablissement}/:id`,
    {
      schema: {
        params: ReservationIdParams,
        body: ReservationRetablissementBody,
        response: { 200: MessageBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => restoreAndInform(app.db, app.mail, actorOf(request), request.params.id, request.body),
  );
};

export default retablissementRoutes;
