/**
 * Invoicing routes (docs/api.md « Facturation », docs/invoicing.md « Client invoices »). Every signed-in user reads
 * everything, prepares and edits drafts, records payments and sends issued documents; administrators issue,
 * credit, cancel payments and change the seller settings and the clients' billing details — the writes that make
 * or correct an accounting document.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  AvoirBody,
  ClientFacturation,
  ClientFacturationBody,
  ClientFacturationWritten,
  ClientIdParams,
  ErrorBody,
  FACTURATION_MESSAGES,
  FACTURATION_PATHS as PATHS,
  FacturationCompteurs,
  FacturationParametres,
  FacturationParametresBody,
  FacturationParametresWritten,
  FactureDetail,
  FactureDraftBody,
  FactureDraftUpdateBody,
  FactureEnvoiAnswer,
  FactureHistoriqueAnswer,
  FactureIdParams,
  FactureListAnswer,
  FactureQuery,
  FactureWritten,
  FILE_MEDIA_TYPES,
  FileAnswer,
  MessageBody,
  PaiementAnnulationBody,
  PaiementBody,
  PreparationBody,
  TaskQueuedAnswer,
} from 'shared/contract';
import { actorOf } from '../../db/audit';
import { sendFile } from '../../lib/exports/export-send';
import { createAvoir } from './avoirs';
import { classeurFile, classeurFileName, readFactureDocument } from './classeur';
import { createDraft, deleteDraft, recomputeDraft, updateDraft } from './brouillons';
import { issueFacture } from './emission';
import { sendFacture } from './envoi';
import { countFactures, listFactures, readFactureDetail } from './facture-read';
import { factureHistorique } from './historique';
import { countFacturesEtablissements } from '../releves';
import { readFactureFichier, type FactureFichier } from './fichiers';
import { cancelPayment, recordPayment } from './paiements';
import { definePreparationTask, PREPARATION_TASK } from './preparation-task';
import { getClientBilling, getSettings, updateClientBilling, updateSettings } from './parametres';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const facture = `${PATHS.factures}/:id`;

const facturationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = { onRequest: app.requireRole('admin'), config: { access: 'admin' as const } };
  definePreparationTask(app);

  app.get(PATHS.parametres, { schema: { response: { 200: FacturationParametres, ...errors } } }, async () =>
    getSettings(app.db),
  );

  app.put(
    PATHS.parametres,
    {
      ...adminOnly,
      schema: { body: FacturationParametresBody, response: { 200: FacturationParametresWritten, ...errors } },
    },
    async (request) => updateSettings(app.db, actorOf(request), request.body),
  );

  app.get(
    `${PATHS.clients}/:clientId`,
    { schema: { params: ClientIdParams, response: { 200: ClientFacturation, ...errors } } },
    async (request) => getClientBilling(app.db, request.params.clientId),
  );

  app.put(
    `${PATHS.clients}/:clientId`,
    {
      ...adminOnly,
      schema: {
        params: ClientIdParams,
        body: ClientFacturationBody,
        response: { 200: ClientFacturationWritten, ...errors },
      },
    },
    async (request) => updateClientBilling(app.db, actorOf(request), request.params.clientId, request.body),
  );

  app.get(
    PATHS.factures,
    { schema: { querystring: FactureQuery, response: { 200: FactureListAnswer, ...errors } } },
    async (request) => listFactures(app.db, request.query),
  );

  // The dashboard's two counters in one request: the totals of the lists their badges open (docs/invoicing.md).
  app.get(PATHS.compteurs, { schema: { response: { 200: FacturationCompteurs, ...errors } } }, async () => ({
    facturesEnRetard: await countFactures(app.db, { enRetard: true }),
    facturesEtablissementsEcart: await countFacturesEtablissements(app.db, { etat: 'ecart' }),
  }));

  app.get(
    facture,
    { schema: { params: FactureIdParams, response: { 200: FactureDetail, ...errors } } },
    async (request) => readFactureDetail(app.db, request.params.id),
  );

  // Who did what, from the audit trail: the card's « Historique ».
  app.get(
    `${facture}/historique`,
    { schema: { params: FactureIdParams, response: { 200: FactureHistoriqueAnswer, ...errors } } },
    async (request) => ({ historique: await factureHistorique(app.db, request.params.id) }),
  );

  // The files kept at issue: the answer is the file itself; errors are { message } from the one error handler.
  const sendFichier = (reply: FastifyReply, kind: 'pdf' | 'xml', fichier: FactureFichier) =>
    reply
      .header('content-type', FILE_MEDIA_TYPES[kind])
      .header('content-disposition', `${kind === 'pdf' ? 'inline' : 'attachment'}; filename="${fichier.nom}"`)
      .header('cache-control', 'no-store')
      .send(fichier.contenu);
  for (const kind of ['pdf', 'xml'] as const)
    app.get(
      `${facture}/${kind}`,
      { schema: { params: FactureIdParams, response: { 200: FileAnswer(kind), ...errors } } },
      async (request, reply) =>
        sendFichier(reply, kind, await readFactureFichier(app.db, request.params.id, kind)),
    );

  // The lines as a workbook, from the frozen document (a draft has none: 409).
  app.get(
    `${facture}/xlsx`,
    {
      schema: { params: FactureIdParams, response: { 200: FileAnswer('xlsx'), ...errors, 429: ErrorBody } },
    },
    async (request, reply) => {
      const document = await readFactureDocument(app.db, request.params.id);
      return sendFile(app, request, reply, classeurFileName(document), async () => classeurFile(document));
    },
  );

  app.post(
    PATHS.factures,
    { schema: { body: FactureDraftBody, response: { 201: FactureWritten, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createDraft(app.db, actorOf(request), request.body)),
  );

  // A month for every client may take a while: a background task, its progress and a notification at the end.
  app.post(
    PATHS.preparation,
    { ...adminOnly, schema: { body: PreparationBody, response: { 202: TaskQueuedAnswer, ...errors } } },
    async (request, reply) => {
      const id = await app.tasks.enqueue(app.db, PREPARATION_TASK, {
        parametres: { mois: request.body.mois },
        createdBy: request.user.id,
        actor: actorOf(request),
      });
      app.tasks.kick();
      return reply
        .status(202)
        .send({ message: FACTURATION_MESSAGES.monthQueued(request.body.mois, id), task_id: id });
    },
  );

  app.put(
    facture,
    {
      schema: {
        params: FactureIdParams,
        body: FactureDraftUpdateBody,
        response: { 200: FactureWritten, ...errors },
      },
    },
    async (request) => updateDraft(app.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    facture,
    { schema: { params: FactureIdParams, response: { 200: MessageBody, ...errors } } },
    async (request) => deleteDraft(app.db, actorOf(request), request.params.id),
  );

  app.post(
    `${facture}/recalcul`,
    { schema: { params: FactureIdParams, response: { 200: FactureWritten, ...errors } } },
    async (request) => recomputeDraft(app.db, actorOf(request), request.params.id),
  );

  app.post(
    `${facture}/emission`,
    { ...adminOnly, schema: { params: FactureIdParams, response: { 200: FactureWritten, ...errors } } },
    async (request) => issueFacture(app.db, actorOf(request), request.params.id),
  );

  app.post(
    `${facture}/avoirs`,
    {
      ...adminOnly,
      schema: { params: FactureIdParams, body: AvoirBody, response: { 201: FactureWritten, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createAvoir(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${facture}/paiements`,
    { schema: { params: FactureIdParams, body: PaiementBody, response: { 201: FactureWritten, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await recordPayment(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${PATHS.paiements}/:id/annulation`,
    {
      ...adminOnly,
      schema: {
        params: FactureIdParams,
        body: PaiementAnnulationBody,
        response: { 200: FactureWritten, ...errors },
      },
    },
    async (request) => cancelPayment(app.db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    `${facture}/envoi`,
    { schema: { params: FactureIdParams, response: { 200: FactureEnvoiAnswer, ...errors, 502: ErrorBody } } },
    async (request) => sendFacture(app.db, app.mail, actorOf(request), request.params.id),
  );
};

export default facturationRoutes;
