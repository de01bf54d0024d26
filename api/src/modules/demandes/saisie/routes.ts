/** POST /demande_hebergement: a request typed in by staff (the list's add mode). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEMANDES_PATHS as PATHS,
  DemandeCreateAnswer,
  DemandeCreateBody,
  ErrorBody,
  DEMANDES_MESSAGES,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { readDemandeItem } from '../list/list-query';
import { createDemande } from './create-demande';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const saisieRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    PATHS.one,
    { schema: { body: DemandeCreateBody, response: { 201: DemandeCreateAnswer, ...errors } } },
    async (request, reply) => {
      const body = request.body;
      const id = await app.db.transaction((tx) =>
        createDemande(tx, actorOf(request), {
          type: body.type,
          clientId: body.client_id,
          pensionnaireIds: body.pensionnaire_ids ?? [],
          nouveaux: body.nouveaux_pensionnaires ?? [],
          foyerId: body.foyer_id,
          nouveauFoyer: body.nouveau_foyer,
          reservationIds: body.reservation_ids,
          dateDebut: body.date_debut,
          dateFin: body.date_fin,
          dateAnnulation: body.date_annulation,
          referentNom: body.referent_nom,
          referentEmail: body.referent_email,
          referentTelephone: body.referent_telephone,
          urgente: body.urgente,
          souhaits: body.souhaits,
          referenceExterne: body.reference_externe,
        }),
      );
      const data = await readDemandeItem(app.db, id);
      app.demandeArrivals.notify({
        id,
        type: data.type,
        origine: 'saisie',
        clientId: data.client_id,
        urgente: data.urgente,
      });
      return reply.status(201).send({ message: DEMANDES_MESSAGES.created(id), data });
    },
  );
};

export default saisieRoutes;
