/**
 * The ledger views of invoicing (docs/api.md « Comptabilité », docs/invoicing.md « Aged balance » and « Accounting
 * export (FEC) »): read-only, for every signed-in user like the rest of invoicing's reading.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BalanceAgee,
  BalanceAgeeQuery,
  COMPTABILITE_PATHS as PATHS,
  ErrorBody,
  FecQuery,
  FileAnswer,
} from 'shared/contract';
import { sendFile } from '../../lib/exports/export-send';
import { computeBalance } from './balance-agee';
import { balanceFile, balanceFileName } from './balance-fichier';
import { readFec } from './fec-ecritures';
import { fecFileName, fecTextFile, fecWorkbook } from './fec-fichier';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

const comptabiliteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATHS.balanceAgee,
    { schema: { querystring: BalanceAgeeQuery, response: { 200: BalanceAgee, ...errors } } },
    async (request) => computeBalance(app.db, request.query.date),
  );

  app.get(
    PATHS.balanceAgeeXlsx,
    {
      schema: {
        querystring: BalanceAgeeQuery,
        response: { 200: FileAnswer('xlsx'), ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const balance = await computeBalance(app.db, request.query.date);
      return sendFile(app, request, reply, balanceFileName(balance.date), async () => balanceFile(balance));
    },
  );

  app.get(
    PATHS.fec,
    { schema: { querystring: FecQuery, response: { 200: FileAnswer('txt'), ...errors, 429: ErrorBody } } },
    async (request, reply) => {
      const fec = await readFec(app.db, request.query);
      return sendFile(app, request, reply, fecFileName(fec, 'txt'), async () => fecTextFile(fec));
    },
  );

  app.get(
    PATHS.fecXlsx,
    { schema: { querystring: FecQuery, response: { 200: FileAnswer('xlsx'), ...errors, 429: ErrorBody } } },
    async (request, reply) => {
      const fec = await readFec(app.db, request.query);
      return sendFile(app, request, reply, fecFileName(fec, 'xlsx'), async () => fecWorkbook(fec));
    },
  );
};

export default comptabiliteRoutes;
