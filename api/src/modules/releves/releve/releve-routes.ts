/**
 * GET /releves?mois= (the month's statements, one per hotel), GET /releves/:etablissementId/:mois (JSON) and its
 * /pdf and /xlsx: the hotel statement of a month. Every signed-in user (agents prepare and check statements); see docs/api.md « Hotel statements and reconciliation ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  FileAnswer,
  RELEVES_PATHS,
  ReleveEtablissement,
  ReleveParams,
  RelevePage,
  ReleveQuery,
  type FileExtension,
} from 'shared/contract';
import { sendFile } from '../../../lib/exports/export-send';
import { releveFile, releveFileName } from './releve-fichiers';
import { listReleves, releveEtablissement } from './releve-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const releveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    RELEVES_PATHS.releves,
    { schema: { querystring: ReleveQuery, response: { 200: RelevePage, ...errors } } },
    async (request) => listReleves(app.db, request.query),
  );

  app.get(
    RELEVES_PATHS.releve,
    { schema: { params: ReleveParams, response: { 200: ReleveEtablissement, ...errors } } },
    async (request) => releveEtablissement(app.db, request.params.etablissementId, request.params.mois),
  );

  const files: [string, FileExtension][] = [
    [RELEVES_PATHS.relevePdf, 'pdf'],
    [RELEVES_PATHS.releveXlsx, 'xlsx'],
  ];
  for (const [path, extension] of files)
    app.get(
      path,
      {
        schema: {
          params: ReleveParams,
          response: { 200: FileAnswer(extension), ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const { etablissementId, mois } = request.params;
        return sendFile(app, request, reply, releveFileName(etablissementId, mois, extension), async () =>
          releveFile(app.db, await releveEtablissement(app.db, etablissementId, mois), extension),
        );
      },
    );
};

export default releveRoutes;
