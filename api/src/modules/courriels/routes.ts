/**
 * The outbox (docs/api.md « Courriels »): every e-mail the product sent or kept, for every signed-in user. With no
 * SMTP server configured, this is where the messages are (« non transmis »); a failed or kept message is sent again
 * with POST /courriels/:id/renvoyer.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COMMUNICATION_PATHS,
  COURRIEL_MESSAGES,
  CourrielAnswer,
  CourrielListAnswer,
  CourrielListQuery,
  CourrielWriteAnswer,
  EnvoiEchecBody,
  ErrorBody,
  FileAnswer,
  PieceJointeParams,
  type Courriel,
} from 'shared/contract';
import { Type } from 'typebox';
import { ForbiddenError, NotFoundError } from '../../errors';
import { deliveryAnswer } from '../../lib/mail';
import { actorOf } from '../../db/audit';
import { courrielDetail, findCourriel, findPieceJointe, listCourriels } from './service';

const PATH = COMMUNICATION_PATHS.courriels;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
const notFound = (id: number) => new NotFoundError(COURRIEL_MESSAGES.notFound(id));

const courrielsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function one(id: number): Promise<Courriel> {
    const row = await findCourriel(app.db, id);
    if (row === undefined) throw notFound(id);
    return row;
  }

  app.get(
    PATH,
    { schema: { querystring: CourrielListQuery, response: { 200: CourrielListAnswer, ...errors } } },
    async (request) => {
      const { page, pageSize, statut } = request.query;
      return listCourriels(app.db, { page, pageSize, statut });
    },
  );

  app.get(
    `${PATH}/:id`,
    { schema: { params: IdParams, response: { 200: CourrielAnswer, ...errors } } },
    async (request) => {
      const data = await courrielDetail(app.db, request.params.id);
      if (data === undefined) throw notFound(request.params.id);
      return { data };
    },
  );

  app.get(
    `${PATH}/:id/pieces-jointes/:index`,
    // The answer is the attached file: the API attaches PDFs only (communications, rooming lists).
    { schema: { params: PieceJointeParams, response: { 200: FileAnswer('pdf'), ...errors } } },
    async (request, reply) => {
      const row = await findPieceJointe(app.db, request.params.id, request.params.index);
      if (row === undefined) throw new NotFoundError(COURRIEL_MESSAGES.attachmentNotFound);
      if (row.confidentiel) throw new ForbiddenError(COURRIEL_MESSAGES.confidentialAttachment);
      return reply
        .header('content-type', row.type_contenu)
        .header('content-disposition', `inline; filename="${row.nom.replace(/["\\\r\n]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(row.contenu) as never);
    },
  );

  app.post(
    `${PATH}/:id/renvoyer`,
    { schema: { params: IdParams, response: { 200: CourrielWriteAnswer, 502: EnvoiEchecBody, ...errors } } },
    async (request) => {
      const { courriel, outcome } = await app.mail.retry(request.params.id, actorOf(request));
      const answer = deliveryAnswer(courriel, outcome, {
        sent: `Courriel envoyé à ${courriel.destinataires.join(', ')}.`,
        failed: (reason) => `${reason} Le courriel est conservé.`,
      });
      return { ...answer, data: await one(request.params.id) };
    },
  );
};

export default courrielsRoutes;
