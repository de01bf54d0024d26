/**
 * The actions on a request (spec §7): refuser, reservations (treatment), reservations_prolongation, annulations and
 * sync; every signed-in user (staff treat requests all day). Each write and its audit rows commit together.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  AnnulationDemandeBody,
  CiblesAnswer,
  CiblesError,
  DEMANDES_PATHS as PATHS,
  DemandeIdParams,
  DemandeWriteAnswer,
  ErrorBody,
  ProlongationDemandeBody,
  RefusBody,
  SyncAnswer,
  SyncBody,
  TaskQueuedAnswer,
  TraitementAnswer,
  TraitementBody,
  DEMANDES_MESSAGES,
} from 'shared/contract';
import { actorOf } from '../../db/audit';
import { createDemandeAnnulationService } from './annulation/annulation-service';
import { createDemandeProlongationService } from './prolongation/prolongation-service';
import { createRefusService } from './refus/refus-service';
import { CiblesFailure } from './resultats';
import { createSyncService } from './sync/sync-service';
import { createTraitementService } from './traitement/traitement-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const ciblesErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: CiblesError };

const actionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const refus = createRefusService(app.db);
  const traitement = createTraitementService(app.db);
  const prolongation = createDemandeProlongationService(app.db);
  const annulation = createDemandeAnnulationService(app.db, app.mail);
  const sync = createSyncService(app.db);

  // Bodies left out are read as {}: an extension then takes the request's own date and targets, and a cancellation
  // is told its reason is missing (« Le champ motif est obligatoire. »).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined) request.body = {};
  });

  app.put(
    `${PATHS.one}/:id/refuser`,
    {
      schema: { params: DemandeIdParams, body: RefusBody, response: { 200: DemandeWriteAnswer, ...errors } },
    },
    async (request) => refus.refuse(actorOf(request), request.params.id, request.body),
  );

  app.post(
    `${PATHS.reservations}/:id`,
    {
      schema: {
        params: DemandeIdParams,
        body: TraitementBody,
        response: { 201: TraitementAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await traitement.treat(actorOf(request), request.params.id, request.body)),
  );

  // The 409 of an extension or cancellation that changed nothing carries each stay's reason.
  const orResults = async <T>(run: () => Promise<T>, reply: FastifyReply) => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CiblesFailure)
        return reply.status(409).send({ message: error.message, resultats: error.resultats });
      throw error;
    }
  };

  app.post(
    `${PATHS.prolongation}/:id`,
    {
      schema: {
        params: DemandeIdParams,
        body: ProlongationDemandeBody,
        response: { 200: CiblesAnswer, ...ciblesErrors },
      },
    },
    async (request, reply) =>
      orResults(() => prolongation.extend(actorOf(request), request.params.id, request.body ?? {}), reply),
  );

  app.put(
    `${PATHS.annulations}/:id`,
    {
      schema: {
        params: DemandeIdParams,
        body: AnnulationDemandeBody,
        response: { 200: CiblesAnswer, ...ciblesErrors },
      },
    },
    async (request, reply) =>
      orResults(() => annulation.cancel(actorOf(request), request.params.id, request.body ?? {}), reply),
  );

  app.post(
    PATHS.sync,
    { schema: { body: SyncBody, response: { 200: SyncAnswer, 202: TaskQueuedAnswer, ...errors } } },
    async (request, reply) => {
      const ids = request.body.demande_ids;
      if (ids.length <= app.syncTaskThreshold) return sync.sync(actorOf(request), ids);
      // Too long to wait for: synced by a task (sync/sync-task.ts), its report kept with it, a notification at the end.
      const id = await app.tasks.enqueue(app.db, 'synchronisation_demandes', {
        parametres: { demande_ids: ids },
        createdBy: request.user.id,
        actor: actorOf(request),
      });
      app.tasks.kick();
      return reply.status(202).send({
        message: DEMANDES_MESSAGES.syncInBackground(ids.length, id),
        task_id: id,
      });
    },
  );
};

export default actionsRoutes;
