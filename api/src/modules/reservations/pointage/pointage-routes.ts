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
  PointagePafCafBody,
  RESERVATIONS_PATHS as PATHS,
  ReservationIdParams,
  UpdatePointageBody,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { releaseAndInform } from '../../communications';
import { pointPafCaf, pointPresence, setApec } from './pointage-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const message = { 200: MessageBody, ...errors };
const pointage = { 200: PointageAnswer, ...errors };

const pointageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    `${PATHS.updatePointage}/:id`,
    { schema: { params: ReservationIdParams, body: UpdatePointageBody, response: pointage } },
    async (request) => {
      const actor = actorOf(request);
      // A no-show releases the rest of the stay: the hotel is informed.
      const { communication_ids: _notices, ...answer } = await releaseAndInform(
        app.db,
        app.mail,
        actor,
        (tx) => pointPresence(tx, actor, request.params.id, request.body),
      );
      return answer;
    },
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
