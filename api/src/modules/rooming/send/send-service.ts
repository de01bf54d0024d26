/**
 * POST /reservations/send_Pdf_Rooming/:etablissement_id/:mois: the hotel's rooming list of a calendar month (the
 * generate_Pdf_RoomingEtab file for that hotel and month, every client) e-mailed through the product's transport
 * (app.mail): the message and its PDF are written to the outbox (`courriels`, audited) before the attempt, the
 * outcome recorded after it. A refused or unreachable server answers 502 and the message stays there, sent again
 * by POST /courriels/:id/renvoyer; with no SMTP_URL it stays in the local outbox (« non transmis »).
 */
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Courriel,
  type SendRoomingAnswer,
  type SendRoomingBody,
  type SendRoomingParams,
  FILE_MEDIA_TYPES,
  COURRIEL_MESSAGES,
  REFERENTIEL_MESSAGES,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../errors';
import { deliveryAnswer, type Mailer } from '../../../lib/mail';
import { courrielSelect } from '../../communications';
import { startRoomingExport } from '../exports/rooming-export-routes';

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The nights of the month `YYYY-MM`: [first day, first day of the next month). */
export function monthPeriod(mois: string): { start_date: string; end_date: string; label: string } {
  const [year = 0, month = 0] = mois.split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 1, 1));
  const end = new Date(Date.UTC(year, month, 1));
  return {
    start_date: start.toISOString().slice(0, 10),
    end_date: end.toISOString().slice(0, 10),
    label: MONTH.format(start),
  };
}

/** The whole file an export writes, in memory (a month of one hotel: a few hundred rows). */
async function pdfOf(
  db: Executor,
  filters: Parameters<typeof startRoomingExport>[2],
  log: FastifyBaseLogger,
) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.once('end', resolve);
    output.once('error', reject);
  });
  await startRoomingExport(db, 'pdfRoomingEtab', filters, output, log);
  await ended;
  return Buffer.concat(chunks);
}

/** The hotel's e-mail replaced by `email`, audited, in the sending's transaction. */
async function saveHotelAddress(
  tx: Executor,
  actor: Actor,
  hotel: { id: number; email: string | null },
  email: string,
) {
  await tx.execute(
    sql`update etablissements set email = ${email}, updated_at = now() where id = ${hotel.id}`,
  );
  await recordAudit(tx, {
    entity: 'etablissement',
    entityId: hotel.id,
    action: 'update',
    before: { email: hotel.email },
    after: { email },
    actor,
  });
}

/** `caller.isAdmin`: the caller may save the address typed as the hotel's (`enregistrer_adresse`). */
export async function sendRooming(
  db: Executor,
  mail: Mailer,
  caller: { actor: Actor; isAdmin: boolean },
  params: SendRoomingParams,
  body: SendRoomingBody,
  log: FastifyBaseLogger,
): Promise<SendRoomingAnswer> {
  const { actor } = caller;
  const saved = body.enregistrer_adresse === true ? body.destinataires : undefined;
  if (body.enregistrer_adresse === true && !caller.isAdmin)
    throw new ForbiddenError(COURRIEL_MESSAGES.saveForbidden);
  if (body.enregistrer_adresse === true && saved?.length !== 1)
    throw new BadRequestError(COURRIEL_MESSAGES.saveOne);
  const [hotel] = await rowsOf<{ id: number; nom: string; ville: string; email: string | null }>(
    db,
    sql`select id, nom, ville, email from etablissements where id = ${params.etablissement_id}`,
  );
  if (hotel === undefined) throw new NotFoundError(REFERENTIEL_MESSAGES.etablissement.notFound);
  const to = body.destinataires ?? (hotel.email ? [hotel.email] : []);
  if (to.length === 0) throw new BadRequestError(COURRIEL_MESSAGES.hotelWithoutAddress);
  const period = monthPeriod(params.mois);
  const pdf = await pdfOf(
    db,
    { start_date: period.start_date, end_date: period.end_date, etablissement_id: hotel.id },
    log,
  );
  const subject = `Rooming list ${hotel.nom} (${hotel.ville}) — ${period.label}`;
  const id = await db.transaction(async (tx) => {
    const [address] = saved ?? [];
    if (address !== undefined) await saveHotelAddress(tx, actor, hotel, address);
    return mail.queue(tx, actor, {
      to,
      subject,
      text:
        `Bonjour,\n\nVeuillez trouver ci-joint la rooming list de ${hotel.nom} pour ${period.label} ` +
        `(nuitées du mois, tous clients).\n\nCordialement,\nLa centrale d'hébergement`,
      attachments: [
        {
          filename: `rooming-${hotel.id}-${params.mois}.pdf`,
          content: pdf,
          contentType: FILE_MEDIA_TYPES.pdf,
        },
      ],
    });
  });
  const { courriel, outcome } = await mail.deliver(id, actor);
  const answer = deliveryAnswer(courriel, outcome, {
    sent: `Rooming list de ${period.label} envoyée à ${to.join(', ')}.`,
    failed: COURRIEL_MESSAGES.failedKept,
  });
  const [data] = await rowsOf<Courriel>(
    db,
    sql`select ${courrielSelect} from courriels co where co.id = ${id}`,
  );
  if (data === undefined) throw new NotFoundError(COURRIEL_MESSAGES.notFound(id));
  const [address] = saved ?? [];
  return {
    ...answer,
    message: address === undefined ? answer.message : `${answer.message} ${COURRIEL_MESSAGES.saved(address)}`,
    data,
  };
}
