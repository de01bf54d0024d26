/**
 * Informing the hotels (docs/domain.md « Who is told what »): a cancellation, an early departure or a no-show
 * releases nights, « Rétablir » books them again; each hotel concerned gets a notice (documents/hotel-notice-model.ts)
 * stored as an `avis_etablissement` (`avis_retablissement`) communication with the stays it names, and e-mailed to
 * the hotel's address through `app.mail`: queued in the action's transaction, handed to the transport once it
 * commits. A hotel without an address still has its notice, kept `preparee` with the reason it was not sent. Audit
 * rows: the communication's preparation, the e-mail's creation and sending (lib/mail.ts), and one
 * « avis_etablissement » (« avis_retablissement ») row per stay.
 */
import { type AuditAction, type CommunicationType, FILE_MEDIA_TYPES } from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { communicationReservations } from '../../db/schema';
import { todayOf } from '../../db/today';
import type { Mailer, MailOutcome } from '../../lib/mail';
import { storeCommunication } from './communication-service';
import {
  buildHotelNotice,
  loadNoticeStays,
  MOTIF_LIBERATION_LABELS,
  type Liberation,
  type NoticeKind,
} from './documents/hotel-notice-model';

export type { Liberation, MotifLiberation, NoticeKind } from './documents/hotel-notice-model';

/** A notice prepared for one hotel; `courrielId` is null when it could not be sent (`nonEnvoye` says why). */
export interface HotelNotice {
  communicationId: number;
  etablissement: string;
  destinataires: string[];
  courrielId: number | null;
  nonEnvoye: string | null;
  kind: NoticeKind;
}

/** How each kind of notice is stored and audited, and named in what staff are told. */
const NOTICE_KINDS = {
  liberation: { type: 'avis_etablissement', action: 'avis_etablissement', name: 'Avis de libération' },
  retablissement: {
    type: 'avis_retablissement',
    action: 'avis_retablissement',
    name: 'Avis de rétablissement',
  },
} as const satisfies Record<NoticeKind, { type: CommunicationType; action: AuditAction; name: string }>;

export const HOTEL_NOTICE_MESSAGES = {
  noAddress: (nom: string) =>
    `Non envoyé : l'établissement ${nom} n'a pas d'adresse électronique. Ajoutez-la à sa fiche, puis cliquez sur « Envoyer ».`,
  sent: (nom: string, to: string[], kind: NoticeKind = 'liberation') =>
    `${NOTICE_KINDS[kind].name} envoyé à ${nom} (${to.join(', ')}).`,
  kept: (nom: string, reason: string | null, kind: NoticeKind = 'liberation') =>
    `${NOTICE_KINDS[kind].name} à ${nom} conservé dans la boîte d'envoi locale (${reason ?? 'non transmis'}).`,
  failed: (nom: string, reason: string | null, kind: NoticeKind = 'liberation') =>
    `${NOTICE_KINDS[kind].name} à ${nom} non envoyé : ${reason ?? "échec de l'envoi"} Il peut être renvoyé.`,
  notSent: (nom: string, kind: NoticeKind = 'liberation') =>
    `${NOTICE_KINDS[kind].name} à ${nom} préparé mais non envoyé : l'établissement n'a pas d'adresse électronique.`,
} as const;

/** The request the stays were booked for, when they all were booked for the same one. */
function commonDemande(stays: { demande_id: number | null }[]): number | null {
  const ids = new Set(stays.map((s) => s.demande_id));
  const [only] = [...ids];
  return ids.size === 1 && only !== undefined ? only : null;
}

/**
 * Prepares one notice per hotel whose nights `liberations` release (none when nothing is released) — or book again,
 * `kind` « retablissement » — in the caller's transaction, and queues its e-mail. `demandeId`: the request the
 * action treats (a cancellation request); otherwise the notice belongs to the request the stays were booked for,
 * if any.
 */
export async function prepareHotelNotices(
  tx: Executor,
  actor: Actor,
  mail: Mailer,
  liberations: Liberation[],
  demandeId: number | null = null,
  kind: NoticeKind = 'liberation',
): Promise<HotelNotice[]> {
  const { type, action } = NOTICE_KINDS[kind];
  const nightsKey = kind === 'liberation' ? 'nuits_liberees' : 'nuits_retablies';
  const released = liberations.filter((l) => l.nuits.length > 0);
  if (released.length === 0) return [];
  const stays = await loadNoticeStays(
    tx,
    released.map((l) => l.reservationId),
  );
  const today = await todayOf(tx);
  const hotels = [...new Set(stays.map((s) => s.etablissement_id))];
  const notices: HotelNotice[] = [];
  for (const hotel of hotels) {
    const ofHotel = stays.filter((s) => s.etablissement_id === hotel);
    const owner = demandeId ?? commonDemande(ofHotel);
    const built = buildHotelNotice(ofHotel, released, owner, today, kind);
    const nom = ofHotel[0]?.etablissement_nom ?? '';
    const nonEnvoye = built.destinataires.length === 0 ? HOTEL_NOTICE_MESSAGES.noAddress(nom) : undefined;
    const mine = released.filter((l) => ofHotel.some((s) => s.id === l.reservationId));
    const stored = await storeCommunication(tx, actor, {
      type,
      built,
      demandeId: owner,
      etablissementId: hotel,
      destinataires: built.destinataires,
      ...(nonEnvoye === undefined ? {} : { nonEnvoye }),
      details: {
        reservation_ids: mine.map((l) => l.reservationId),
        motifs: [...new Set(mine.map((l) => MOTIF_LIBERATION_LABELS[l.motif]))],
        [nightsKey]: mine.reduce((sum, l) => sum + l.nuits.length, 0),
      },
    });
    const communicationId = stored.id;
    await tx
      .insert(communicationReservations)
      .values(mine.map((l) => ({ communicationId, reservationId: l.reservationId })));
    const courrielId =
      nonEnvoye === undefined
        ? await mail.queue(tx, actor, {
            to: built.destinataires,
            subject: built.objet,
            text: stored.texte,
            attachments: [
              { filename: built.fichier, content: stored.pdf, contentType: FILE_MEDIA_TYPES.pdf },
            ],
            communicationId,
          })
        : null;
    for (const l of mine)
      await recordAudit(tx, {
        entity: 'reservation',
        entityId: l.reservationId,
        action,
        after: {
          communication_id: communicationId,
          motif: MOTIF_LIBERATION_LABELS[l.motif],
          [nightsKey]: l.nuits.length,
          destinataires: built.destinataires,
          ...(nonEnvoye === undefined ? { courriel_id: courrielId } : { non_envoye: nonEnvoye }),
        },
        actor,
      });
    notices.push({
      communicationId,
      etablissement: nom,
      destinataires: built.destinataires,
      courrielId,
      nonEnvoye: nonEnvoye ?? null,
      kind,
    });
  }
  return notices;
}

function outcomeMessage(notice: HotelNotice, outcome: MailOutcome | null): string {
  const { etablissement, kind } = notice;
  if (outcome === null) return HOTEL_NOTICE_MESSAGES.notSent(etablissement, kind);
  switch (outcome.statut) {
    case 'envoye':
      return HOTEL_NOTICE_MESSAGES.sent(etablissement, notice.destinataires, kind);
    case 'non_transmis':
      return HOTEL_NOTICE_MESSAGES.kept(etablissement, outcome.erreur, kind);
    case 'echec':
      return HOTEL_NOTICE_MESSAGES.failed(etablissement, outcome.erreur, kind);
  }
}

/**
 * Hands the queued notices to the transport, after the action committed (an SMTP server may take seconds; a
 * failure is kept on the e-mail and the communication, never undoes the action). Returns what staff are told.
 */
export async function deliverHotelNotices(
  mail: Mailer,
  actor: Actor,
  notices: HotelNotice[],
): Promise<string> {
  const messages: string[] = [];
  for (const notice of notices) {
    const outcome =
      notice.courrielId === null ? null : (await mail.deliver(notice.courrielId, actor)).outcome;
    messages.push(outcomeMessage(notice, outcome));
  }
  return messages.join(' ');
}

/**
 * Runs an action on stays in one transaction with the notices of what it released, then sends them: the answer's
 * message tells staff whether each hotel was informed, and `communication_ids` names the notices.
 */
export async function releaseAndInform<T extends { message: string; liberations: Liberation[] }>(
  db: Database,
  mail: Mailer,
  actor: Actor,
  action: (tx: Executor) => Promise<T>,
): Promise<Omit<T, 'liberations'> & { communication_ids: number[] }> {
  const { result, notices } = await db.transaction(async (tx) => {
    const done = await action(tx);
    return { result: done, notices: await prepareHotelNotices(tx, actor, mail, done.liberations) };
  });
  const told = await deliverHotelNotices(mail, actor, notices);
  const { liberations: _released, ...answer } = result;
  return {
    ...answer,
    message: told === '' ? answer.message : `${answer.message} ${told}`,
    communication_ids: notices.map((n) => n.communicationId),
  };
}
