import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CurrentUser, ErrorBody, MessageBody } from 'shared/contract';
import { Type } from 'typebox';
import { createUsersService } from './service';

// Local until the users screen needs them client-side; then they move to shared/contract.
export const UsersQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);

export const UsersPage = Type.Object(
  { users: Type.Array(CurrentUser), total: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

export const UserIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);

export const ActivationBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Users administration, administrators only. Later issues add creation, edition and role changes. */
const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = createUsersService(app.db);
  app.addHook('preHandler', app.requireRole('admin'));

  app.get(
    '/',
    { schema: { querystring: UsersQuery, response: { 200: UsersPage, ...errors } } },
    async (request) => users.list(request.query),
  );

  app.put(
    '/:id/activation',
    {
      schema: {
        params: UserIdParams,
        body: ActivationBody,
        response: { 200: MessageBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => ({
      message: await users.setActivation(request.user, request.params.id, request.body.active),
    }),
  );
};

export default usersRoutes;
