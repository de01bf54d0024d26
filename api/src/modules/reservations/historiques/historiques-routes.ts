/** GET /reservations/historiques/:id (spec §7): the audit trail of a stay, newest first. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  HistoriquesAnswer,
  ReservationIdParams,
  RESERVATIONS_PATHS as PATHS,
} from 'shared/contract';
import { historiquesOf } from './historiques-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const historiquesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${PATHS.historiques}/:id`,
    { schema: { params: ReservationIdParams, response: { 200: HistoriquesAnswer, ...errors } } },
    async (request) => ({ historiques: await historiquesOf(app.db, request.params.id) }),
  );
};

export default historiquesRoutes;
