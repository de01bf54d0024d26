/** POST /reservations/send_Pdf_Rooming/:etablissement_id/:mois (spec §7 `{a}/{b}`); see send-service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EnvoiEchecBody,
  ErrorBody,
  ROOMING_PATHS as PATHS,
  SendRoomingAnswer,
  SendRoomingBody,
  SendRoomingParams,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { sendRooming } from './send-service';

const sendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The body may be left out: the hotel's own address.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined) request.body = {};
  });

  app.post(
    `${PATHS.sendPdfRooming}/:etablissement_id/:mois`,
    {
      schema: {
        params: SendRoomingParams,
        body: SendRoomingBody,
        response: {
          201: SendRoomingAnswer,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          502: EnvoiEchecBody,
        },
      },
    },
    async (request, reply) => {
      const answer = await sendRooming(
        app.db,
        app.mail,
        { actor: actorOf(request), isAdmin: request.user.role === 'admin' },
        request.params,
        request.body,
        request.log,
      );
      return reply.status(201).send(answer);
    },
  );
};

export default sendRoutes;
