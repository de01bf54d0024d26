/**
 * Pointages of a stay (spec §7): attendance of its nights, the APEC flag, the PAF/CAF payment state. Every
 * signed-in user; see docs/api.md "Reservations — writes".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApecBody,
  ErrorBody,
  MessageBody,
  PointageAnswer,
  PointageListAnswer,
  PointageListBody,
  PointagePafCafBody,
  RESERVATIONS_PATHS as PATHS,
  ROOMING_PATHS,
  ReservationIdParams,
  UpdatePointageBody,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { listPointage } from './pointage-list-service';
import { pointPafCaf, pointPresence, setApec } from './pointage-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const message = { 200: MessageBody, ...errors };
const pointage = { 200: PointageAnswer, ...errors };

const pointageRoutes: FastifyPluginAsyncTypebox = async (app) => {
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

  app.put(
    `${PATHS.updatePointage}/:id`,
    { schema: { params: ReservationIdParams, body: UpdatePointageBody, response: pointage } },
    async (request) => pointPresence(app.db, actorOf(request), request.params.id, request.body),
  );

  app.put(
    `${PATHS.apec}/:id`,
    { schema: { params: ReservationIdParams, body: ApecBody, response: message } },
    async (request) => setApec(app.db, actorOf(request), request.params.id, request.body),
  );

  app.put(
    `${PATHS.pointagePafCaf}/:id`,
    { schema: { params: ReservationIdParams, body: PointagePafCafBody, response: pointage } },
    async (request) => pointPafCaf(app.db, actorOf(request), request.params.id, request.body),
  );
};

export default pointageRoutes;
