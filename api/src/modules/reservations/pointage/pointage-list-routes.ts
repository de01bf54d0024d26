/**
 * POST /reservations/pointage_nuitees: the stays of the pointage screens with their nights (a read: outside the
 * writes group, whose hook reads a missing body as {}). Every signed-in user; see docs/api.md.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, PointageListAnswer, PointageListBody, ROOMING_PATHS } from 'shared/contract';
import { listPointage } from './pointage-list-service';

const pointageListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    ROOMING_PATHS.pointageNuitees,
    {
      schema: {
        body: PointageListBody,
        response: { 200: PointageListAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => listPointage(app.db, request.body),
  );
};

export default pointageListRoutes;
