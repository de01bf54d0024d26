/**
 * /factures-etablissements: the hotels' own invoices and their reconciliation. Every signed-in user lists, reads,
 * enters an invoice, loads its detail, runs the reconciliation and exports the difference report (the agents check
 * the hotels' invoices); accepting a difference — agreeing to pay what was not booked, or at another price — is an
 * administrator's decision. See docs/api.md « Hotel statements and reconciliation ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptationBody,
  DetailBody,
  ErrorBody,
  FactureEtablissementBody,
  FactureEtablissementDetail,
  FactureEtablissementPage,
  FactureEtablissementParams,
  FactureEtablissementQuery,
  FactureEtablissementWritten,
  FileAnswer,
  RapprochementBody,
  RELEVES_MESSAGES,
  RELEVES_PATHS,
  type FileExtension,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { accepterEcarts, rapprocher } from '../rapprochement/rapprochement-service';
import { rapportFile, rapportFileName } from '../rapprochement/rapport-fichiers';
import { sendFile } from '../../../lib/exports/export-send';
import { DETAIL_BODY_LIMIT } from './detail-fichier';
import { createFacture, getFacture, listFactures, loadDetailFile } from './facture-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const factureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = app.requireRole('admin');

  app.get(
    RELEVES_PATHS.factures,
    {
      schema: {
        querystring: FactureEtablissementQuery,
        response: { 200: FactureEtablissementPage, ...errors },
      },
    },
    async (request) => listFactures(app.db, request.query),
  );

  app.post(
    RELEVES_PATHS.factures,
    { schema: { body: FactureEtablissementBody, response: { 201: FactureEtablissementWritten, ...errors } } },
    async (request, reply) =>
      reply.status(201).send({
        message: RELEVES_MESSAGES.enregistree,
        data: await createFacture(app.db, actorOf(request), request.body),
      }),
  );

  app.get(
    RELEVES_PATHS.facture,
    {
      schema: {
        params: FactureEtablissementParams,
        response: { 200: FactureEtablissementDetail, ...errors },
      },
    },
    async (request) => getFacture(app.db, request.params.id),
  );

  app.put(
    RELEVES_PATHS.detail,
    {
      bodyLimit: DETAIL_BODY_LIMIT,
      schema: {
        params: FactureEtablissementParams,
        body: DetailBody,
        response: { 200: FactureEtablissementWritten, ...errors },
      },
    },
    async (request) => {
      const data = await loadDetailFile(app.db, actorOf(request), request.params.id, request.body);
      return { message: RELEVES_MESSAGES.detailCharge(data.lignesDetail), data };
    },
  );

  app.post(
    RELEVES_PATHS.rapprochement,
    {
      schema: {
        params: FactureEtablissementParams,
        body: RapprochementBody,
        response: { 200: FactureEtablissementWritten, ...errors },
      },
    },
    async (request) => rapprocher(app.db, actorOf(request), request.params.id, request.body.version),
  );

  app.post(
    RELEVES_PATHS.acceptation,
    {
      onRequest: adminOnly,
      config: { access: 'admin' },
      schema: {
        params: FactureEtablissementParams,
        body: AcceptationBody,
        response: { 200: FactureEtablissementWritten, ...errors, 403: ErrorBody },
      },
    },
    async (request) => accepterEcarts(app.db, actorOf(request), request.params.id, request.body),
  );

  const files: [string, FileExtension][] = [
    [RELEVES_PATHS.ecartsPdf, 'pdf'],
    [RELEVES_PATHS.ecartsXlsx, 'xlsx'],
  ];
  for (const [path, extension] of files)
    app.get(
      path,
      {
        schema: {
          params: FactureEtablissementParams,
          response: { 200: FileAnswer(extension), ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) =>
        sendFile(app, request, reply, rapportFileName(request.params.id, extension), async () =>
          rapportFile(await getFacture(app.db, request.params.id), extension),
        ),
    );
};

export default factureRoutes;
