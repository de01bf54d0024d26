import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivationBody,
  CreatedUser,
  CreateUserBody,
  ErrorBody,
  MessageBody,
  PasswordBody,
  RoleBody,
  UserIdParams,
  UsersPage,
  UsersQuery,
} from 'shared/contract';
import { markAccess } from '../../lib/route-access';
import { createUsersService } from './service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/**
 * Users administration, administrators only (registered under /users):
 *   GET / · POST / · PUT /:id/activation · PUT /:id/role · PUT /:id/password
 */
const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = createUsersService({ db: app.db, hasher: app.passwordHasher });
  // onRequest, after the token check and before parsing: an agent's request gets 403 whatever its body.
  app.addHook('onRequest', app.requireRole('admin'));
  app.addHook('onRoute', markAccess('admin'));

  app.get(
    '/',
    { schema: { querystring: UsersQuery, response: { 200: UsersPage, ...errors } } },
    async (request) => users.list(request.query),
  );

  app.post(
    '/',
    { schema: { body: CreateUserBody, response: { 201: CreatedUser, ...errors, 409: ErrorBody } } },
    async (request, reply) => reply.status(201).send(await users.create(request.user, request.body)),
  );

  const write = { ...errors, 404: ErrorBody };

  app.put(
    '/:id/activation',
    { schema: { params: UserIdParams, body: ActivationBody, response: { 200: MessageBody, ...write } } },
    async (request) => ({
      message: await users.setActivation(request.user, request.params.id, request.body.active),
    }),
  );

  app.put(
    '/:id/role',
    { schema: { params: UserIdParams, body: RoleBody, response: { 200: MessageBody, ...write } } },
    async (request) => ({ message: await users.setRole(request.user, request.params.id, request.body.role) }),
  );

  app.put(
    '/:id/password',
    { schema: { params: UserIdParams, body: PasswordBody, response: { 200: MessageBody, ...write } } },
    async (request) => ({
      message: await users.resetPassword(request.user, request.params.id, request.body.password),
    }),
  );
};

export default usersRoutes;
