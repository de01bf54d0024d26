/**
 * The five Communication calls of spec §7, for every signed-in user (docs/api.md « Communications »):
 * POST /communication/send_communication/:id (a request: prepare a document, send it), POST /communication/send/:id
 * (a communication: send it again), GET /communication/:id, GET /communication/pensionnaire/:id and
 * GET /demande/communication/:id (a request: the PDF /view-pdf shows, its latest document or
 * `?communication=`); and GET /communication/:id/document, the PDF of a communication that belongs to no request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  COMMUNICATION_PATHS as PATHS,
  CommunicationAnswer,
  CommunicationCreateBody,
  CommunicationDetailAnswer,
  CommunicationIdParams,
  CommunicationsAnswer,
  CommunicationSendBody,
  DemandeDocumentQuery,
  EnvoiEchecBody,
  ErrorBody,
  FileAnswer,
  FILE_MEDIA_TYPES,
} from 'shared/contract';
import { actorOf } from '../../db/audit';
import { createCommunicationService } from './communication-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const communicationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createCommunicationService(app.db, app.mail);

  // The body of « send again » may be left out.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });

  app.post(
    `${PATHS.create}/:id`,
    {
      schema: {
        params: CommunicationIdParams,
        body: CommunicationCreateBody,
        response: { 201: CommunicationAnswer, 502: EnvoiEchecBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${PATHS.send}/:id`,
    {
      schema: {
        params: CommunicationIdParams,
        body: CommunicationSendBody,
        response: { 200: CommunicationAnswer, 502: EnvoiEchecBody, ...errors },
      },
    },
    async (request) => service.send(actorOf(request), request.params.id, request.body ?? {}),
  );

  app.get(
    `${PATHS.pensionnaire}/:id`,
    { schema: { params: CommunicationIdParams, response: { 200: CommunicationsAnswer, ...errors } } },
    async (request) => ({ communications: await service.ofPensionnaire(request.params.id) }),
  );

  app.get(
    `${PATHS.one}/:id`,
    { schema: { params: CommunicationIdParams, response: { 200: CommunicationDetailAnswer, ...errors } } },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  const pdf = (reply: FastifyReply, document: { nom: string; contenu: Buffer }) =>
    reply
      .header('content-type', FILE_MEDIA_TYPES.pdf)
      .header('content-disposition', `inline; filename="${document.nom}"`)
      .header('cache-control', 'no-store')
      .send(document.contenu);

  // The PDFs: the answer is the file itself; errors are { message } from the one error handler.
  app.get(
    `${PATHS.document}/:id`,
    {
      schema: {
        params: CommunicationIdParams,
        querystring: DemandeDocumentQuery,
        response: { 200: FileAnswer('pdf'), ...errors },
      },
    },
    async (request, reply) =>
      pdf(reply, await service.demandeDocument(request.params.id, request.query.communication)),
  );

  app.get(
    `${PATHS.one}/:id/document`,
    { schema: { params: CommunicationIdParams, response: { 200: FileAnswer('pdf'), ...errors } } },
    async (request, reply) => pdf(reply, await service.document(request.params.id)),
  );
};

export default communicationsRoutes;
