/**
 * The outbox (docs/api.md « Courriels »): every e-mail the product sent or kept, for every signed-in user. With no
 * SMTP server configured, this is where the messages are (« non transmis »); a failed or kept message is sent again
 * with POST /courriels/:id/renvoyer.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import {
  COMMUNICATION_PATHS,
  CourrielAnswer,
  CourrielListAnswer,
  CourrielListQuery,
  CourrielWriteAnswer,
  EnvoiEchecBody,
  ErrorBody,
  FileAnswer,
  PieceJointeParams,
  type Courriel,
  type CourrielDetail,
} from 'shared/contract';
import { Type } from 'typebox';
import { ForbiddenError, NotFoundError } from '../../errors';
import { deliveryAnswer } from '../../lib/mail';
import { courrielSelect } from '../communications';
import { actorOf } from '../../db/audit';
import { rowsOf } from '../../db/raw';

const PATH = COMMUNICATION_PATHS.courriels;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
const notFound = (id: number) => new NotFoundError(`Courriel n° ${id} introuvable.`);

/** Shown instead of the text of a confidential message (a password-reset link: plugins/mail.ts `confidential`). */
export const TEXTE_CONFIDENTIEL =
  "Ce message contient un lien personnel de réinitialisation de mot de passe : son texte n'est pas affiché.";

/** A confidential message's attachments are its recipient's alone, like its text. */
export const PIECE_JOINTE_CONFIDENTIELLE =
  'Ce courriel est confidentiel : ses pièces jointes ne sont pas affichées.';

const courrielsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function one(id: number): Promise<Courriel> {
    const [row] = await rowsOf<Courriel>(
      app.db,
      sql`select ${courrielSelect} from courriels co where co.id = ${id}`,
    );
    if (row === undefined) throw notFound(id);
    return row;
  }

  app.get(
    PATH,
    { schema: { querystring: CourrielListQuery, response: { 200: CourrielListAnswer, ...errors } } },
    async (request) => {
      const { page, pageSize, statut } = request.query;
      const where = statut === undefined ? sql`` : sql`where co.statut = ${statut}`;
      const [row] = await rowsOf<{ total: number; items: Courriel[] }>(
        app.db,
        sql`select (select count(*)::int from courriels co ${where}) as total,
          (select coalesce(json_agg(to_jsonb(i) order by i.created_at desc, i.id desc), '[]'::json) from (
            select ${courrielSelect} from courriels co ${where}
            order by co.created_at desc, co.id desc limit ${pageSize} offset ${(page - 1) * pageSize}) i) as items`,
      );
      return { data: row?.items ?? [], total: Number(row?.total ?? 0) };
    },
  );

  app.get(
    `${PATH}/:id`,
    { schema: { params: IdParams, response: { 200: CourrielAnswer, ...errors } } },
    async (request) => {
      const [data] = await rowsOf<CourrielDetail>(
        app.db,
        sql`select ${courrielSelect},
              case when co.confidentiel then ${TEXTE_CONFIDENTIEL} else co.texte end as texte
            from courriels co where co.id = ${request.params.id}`,
      );
      if (data === undefined) throw notFound(request.params.id);
      return { data };
    },
  );

  app.get(
    `${PATH}/:id/pieces-jointes/:index`,
    // The answer is the attached file: the API attaches PDFs only (communications, rooming lists).
    { schema: { params: PieceJointeParams, response: { 200: FileAnswer('pdf'), ...errors } } },
    async (request, reply) => {
      const [row] = await rowsOf<{
        nom: string;
        type_contenu: string;
        contenu: Uint8Array;
        confidentiel: boolean;
      }>(
        app.db,
        sql`select pj.nom, pj.type_contenu, pj.contenu, co.confidentiel
            from courriel_pieces_jointes pj join courriels co on co.id = pj.courriel_id
            where pj.courriel_id = ${request.params.id} and pj.index = ${request.params.index}`,
      );
      if (row === undefined) throw new NotFoundError('Pièce jointe introuvable.');
      if (row.confidentiel) throw new ForbiddenError(PIECE_JOINTE_CONFIDENTIELLE);
      return reply
        .header('content-type', row.type_contenu)
        .header('content-disposition', `inline; filename="${row.nom.replace(/["\\\r\n]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(row.contenu) as never);
    },
  );

  app.post(
    `${PATH}/:id/renvoyer`,
    { schema: { params: IdParams, response: { 200: CourrielWriteAnswer, 502: EnvoiEchecBody, ...errors } } },
    async (request) => {
      const { courriel, outcome } = await app.mail.retry(request.params.id, actorOf(request));
      const answer = deliveryAnswer(courriel, outcome, {
        sent: `Courriel envoyé à ${courriel.destinataires.join(', ')}.`,
        failed: (reason) => `${reason} Le courriel est conservé.`,
      });
      return { ...answer, data: await one(request.params.id) };
    },
  );
};

export default courrielsRoutes;
