/**
 * Outgoing e-mail for every module (communications of requests, rooming lists…), decorated as `app.mail` by
 * plugins/mail.ts. Docs: docs/api.md « Courriels ».
 *
 * Every message is first written to `courriels` (with its attachments) in the caller's transaction or its own, then
 * handed to the transport outside any transaction (an SMTP server may take seconds), and its outcome written back
 * with an audit row: `envoye` (accepted, Message-ID kept), `echec` (refused or unreachable: the French reason is
 * kept) or `non_transmis` when no SMTP server is configured (SMTP_URL absent): the message then simply stays in
 * the local outbox, which staff open in the app. Nothing is lost: a failed or kept message is sent again with
 * `retry`, and a message left `en_attente` by a crash is retried too. Modules learn the outcome of their messages
 * through `onResult` listeners, called in the transaction that records it (communications update their state there).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import {
  COURRIEL_MESSAGES,
  NON_TRANSMIS_SANS_SMTP,
  type CourrielStatut,
  type EnvoiIssue,
} from 'shared/contract';
import { recordAudit, type Actor } from '../db/audit';
import type { Database, Executor } from '../db/client';
import { courrielPiecesJointes, courriels, type CourrielRow } from '../db/schema';
import { ConflictError, DeliveryFailedError, NotFoundError } from '../errors';

export const DEFAULT_MAIL_FROM = 'EBAS3 — Centrale d’hébergement <ne-pas-repondre@ebas3.local>';

export interface MailOptions {
  /** SMTP_URL (smtp:// or smtps://); undefined: the local outbox only. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM; DEFAULT_MAIL_FROM otherwise. */
  from?: string | undefined;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** The communication this e-mail sends, if any (its listeners update it). */
  communicationId?: number | null;
  /**
   * Its text holds a secret for its recipient alone (a password-reset link): sent, never shown in the outbox, which
   * every signed-in user reads (GET /courriels/:id).
   */
  confidential?: boolean;
}

export interface MailOutcome {
  statut: Exclude<CourrielStatut, 'en_attente'>;
  erreur: string | null;
  messageId: string | null;
}

/**
 * What a sending call answers, the same way for every module: `envoye` with the module's own sentence; `conserve`
 * (no SMTP server) saying the message was only kept — never a success; `echec` thrown as a 502 with the reason and
 * the message kept for « Renvoyer ». `sent`: the module's sentence for an accepted message; `failed`: its sentence
 * around the server's reason.
 */
export function deliveryAnswer(
  courriel: Pick<CourrielRow, 'id' | 'objet'>,
  outcome: MailOutcome,
  words: { sent: string; failed: (reason: string) => string },
): { envoi: EnvoiIssue; message: string } {
  if (outcome.statut === 'echec')
    throw new DeliveryFailedError(words.failed(outcome.erreur ?? "Échec de l'envoi."), courriel.id);
  if (outcome.statut === 'non_transmis')
    return {
      envoi: 'conserve',
      message: COURRIEL_MESSAGES.kept(courriel.objet),
    };
  return { envoi: 'envoye', message: words.sent };
}

/** Called in the transaction that records an outcome: a module updates its own rows there. */
export type MailResultListener = (tx: Executor, courriel: CourrielRow, outcome: MailOutcome) => Promise<void>;

export interface Mailer {
  /** `smtp` when SMTP_URL is set, else `boite_locale`. */
  readonly transport: 'smtp' | 'boite_locale';
  readonly from: string;
  /** Writes the message (en_attente) in the caller's transaction; returns its id. Deliver it after the commit. */
  queue(tx: Executor, actor: Actor, message: MailMessage): Promise<number>;
  /** Hands a queued message to the transport and records the outcome (never throws for a transport failure). */
  deliver(id: number, actor: Actor): Promise<{ courriel: CourrielRow; outcome: MailOutcome }>;
  /** queue + deliver. */
  send(actor: Actor, message: MailMessage): Promise<{ courriel: CourrielRow; outcome: MailOutcome }>;
  /** Sends again a message that failed, was kept in the outbox, or was left pending; 409 once sent. */
  retry(id: number, actor: Actor): Promise<{ courriel: CourrielRow; outcome: MailOutcome }>;
  onResult(listener: MailResultListener): void;
  close(): void;
}

/** Attempts after which a message stays `en_attente` only if a crash interrupted it: retry may take it over. */
const STALE_PENDING_MS = 5 * 60_000;

/** The transport's error as a French reason staff can act on. */
export function failureReason(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const detail = (e.response ?? e.message ?? '').trim().slice(0, 300);
  switch (e.code) {
    case 'ECONNECTION':
    case 'ECONNREFUSED':
    case 'ESOCKET':
    case 'EDNS':
      return `Échec de l'envoi : serveur SMTP injoignable (${detail}).`;
    case 'ETIMEDOUT':
      return `Échec de l'envoi : le serveur SMTP n'a pas répondu à temps (${detail}).`;
    case 'EAUTH':
      return `Échec de l'envoi : authentification refusée par le serveur SMTP (${detail}).`;
    case 'EENVELOPE':
      return `Échec de l'envoi : destinataire refusé par le serveur SMTP (${detail}).`;
    default:
      return e.responseCode !== undefined
        ? `Échec de l'envoi : le serveur SMTP a refusé le message (${e.responseCode} ${detail}).`
        : `Échec de l'envoi : ${detail || 'erreur inconnue'}.`;
  }
}

export function createMailer(db: Database, options: MailOptions = {}): Mailer {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const transporter: Transporter | null =
    options.smtpUrl === undefined
      ? null
      : nodemailer.createTransport(options.smtpUrl, {
          // An unreachable or mute server must not hold a request for minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        } as never);
  const transport = transporter === null ? ('boite_locale' as const) : ('smtp' as const);
  const listeners: MailResultListener[] = [];

  async function read(id: number): Promise<CourrielRow> {
    const [row] = await db
      .select()
      .from(courriels)
      .where(sql`${courriels.id} = ${id}`);
    if (row === undefined) throw new NotFoundError(COURRIEL_MESSAGES.notFound(id));
    return row;
  }

  async function handOver(row: CourrielRow): Promise<MailOutcome> {
    if (transporter === null)
      return { statut: 'non_transmis', erreur: NON_TRANSMIS_SANS_SMTP, messageId: null };
    const attachments = await db
      .select()
      .from(courrielPiecesJointes)
      .where(sql`${courrielPiecesJointes.courrielId} = ${row.id}`)
      .orderBy(courrielPiecesJointes.index);
    try {
      const info = (await transporter.sendMail({
        from: row.expediteur,
        to: row.destinataires,
        subject: row.objet,
        text: row.texte,
        attachments: attachments.map((a) => ({
          filename: a.nom,
          content: Buffer.from(a.contenu),
          contentType: a.typeContenu,
        })),
      })) as { messageId?: string; rejected?: unknown[] };
      if (Array.isArray(info.rejected) && info.rejected.length > 0)
        return {
          statut: 'echec',
          erreur: `Échec de l'envoi : destinataire(s) refusé(s) par le serveur SMTP (${info.rejected.join(', ')}).`,
          messageId: info.messageId ?? null,
        };
      return { statut: 'envoye', erreur: null, messageId: info.messageId ?? null };
    } catch (error) {
      return { statut: 'echec', erreur: failureReason(error), messageId: null };
    }
  }

  const mailer: Mailer = {
    transport,
    from,

    async queue(tx, actor, message) {
      const [row] = await tx
        .insert(courriels)
        .values({
          transport,
          expediteur: from,
          destinataires: message.to,
          objet: message.subject,
          texte: message.text,
          communicationId: message.communicationId ?? null,
          confidentiel: message.confidential ?? false,
          createdBy: actor.kind === 'user' ? actor.userId : null,
        })
        .returning({ id: courriels.id });
      if (row === undefined) throw new Error('courriel not created');
      const attachments = message.attachments ?? [];
      if (attachments.length > 0)
        await tx.insert(courrielPiecesJointes).values(
          attachments.map((attachment, index) => ({
            courrielId: row.id,
            index,
            nom: attachment.filename,
            typeContenu: attachment.contentType,
            contenu: attachment.content,
          })),
        );
      await recordAudit(tx, {
        entity: 'courriel',
        entityId: row.id,
        action: 'creation',
        after: { destinataires: message.to, objet: message.subject, pieces_jointes: attachments.length },
        actor,
      });
      return row.id;
    },

    async deliver(id, actor) {
      const row = await read(id);
      const outcome = await handOver(row);
      const courriel = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(courriels)
          .set({
            statut: outcome.statut,
            transport,
            tentatives: sql`${courriels.tentatives} + 1`,
            derniereErreur: outcome.erreur,
            messageId: outcome.messageId,
            envoyeAt: outcome.statut === 'envoye' ? sql`now()` : row.envoyeAt,
            updatedAt: sql`now()`,
          })
          .where(sql`${courriels.id} = ${id}`)
          .returning();
        if (updated === undefined) throw new NotFoundError(COURRIEL_MESSAGES.notFound(id));
        await recordAudit(tx, {
          entity: 'courriel',
          entityId: id,
          action: 'envoi',
          before: { statut: row.statut },
          after: { statut: outcome.statut, transport, erreur: outcome.erreur, message_id: outcome.messageId },
          actor,
        });
        for (const listener of listeners) await listener(tx, updated, outcome);
        return updated;
      });
      return { courriel, outcome };
    },

    async send(actor, message) {
      const id = await db.transaction((tx) => mailer.queue(tx, actor, message));
      return mailer.deliver(id, actor);
    },

    async retry(id, actor) {
      const row = await read(id);
      if (row.statut === 'envoye') throw new ConflictError(COURRIEL_MESSAGES.alreadySent(id));
      // Claimed atomically: two clicks on « Renvoyer » send it once.
      const claimed = await db
        .update(courriels)
        .set({ statut: 'en_attente', updatedAt: sql`now()` })
        .where(
          sql`${courriels.id} = ${id} and (${courriels.statut} in ('echec', 'non_transmis')
            or (${courriels.statut} = 'en_attente'
                and ${courriels.updatedAt} < now() - make_interval(secs => ${STALE_PENDING_MS / 1000})))`,
        )
        .returning({ id: courriels.id });
      if (claimed.length === 0) throw new ConflictError(COURRIEL_MESSAGES.sending(id));
      return mailer.deliver(id, actor);
    },

    onResult(listener) {
      listeners.push(listener);
    },

    close() {
      transporter?.close();
    },
  };
  return mailer;
}
