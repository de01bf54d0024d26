/**
 * The rooming lists (spec §7): GET /reservationsRoomingEtab, /reservationsRoomingClient, /reservationsRoomingPens
 * with `?page&pageSize&filters=<json>`. Every signed-in user; see docs/api.md « Rooming et pointage ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  ROOMING_PATHS as PATHS,
  RoomingClientAnswer,
  RoomingEtabAnswer,
  RoomingPensAnswer,
  RoomingQueryDecoded,
} from 'shared/contract';
import { parseFiltersParameter } from '../rooming-filters';
import { roomingClient, roomingEtab, roomingPens } from './lists-service';

const errors = { 400: ErrorBody, 401: ErrorBody };
const pageOf = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

const listsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', parseFiltersParameter);

  app.get(
    PATHS.etab,
    { schema: { querystring: RoomingQueryDecoded, response: { 200: RoomingEtabAnswer, ...errors } } },
    async (request) => roomingEtab(app.db, request.query.filters, pageOf(request.query)),
  );

  app.get(
    PATHS.client,
    { schema: { querystring: RoomingQueryDecoded, response: { 200: RoomingClientAnswer, ...errors } } },
    async (request) => roomingClient(app.db, request.query.filters, pageOf(request.query)),
  );

  app.get(
    PATHS.pens,
    { schema: { querystring: RoomingQueryDecoded, response: { 200: RoomingPensAnswer, ...errors } } },
    async (request) => roomingPens(app.db, request.query.filters, pageOf(request.query)),
  );
};

export default listsRoutes;
