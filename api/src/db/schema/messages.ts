/** Communications about demands and residents, per-user notifications, long-running tasks. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CANAUX_COMMUNICATION,
  COMMUNICATION_STATUTS,
  COMMUNICATION_TYPES,
  COURRIEL_STATUTS,
  TASK_STATUTS,
  type CanalCommunication,
  type CommunicationStatut,
  type CommunicationType,
  type CourrielStatut,
  type TaskStatut,
} from '../enums';
import { bigId, bytea, createdAt, enumCheck, fk, id, notBlankCheck, timestamps } from './columns';
import { users } from './core';
import { etablissements, pensionnaires } from './referentiel';
import { demandesHebergement, reservations } from './reservations';

export const communications = pgTable(
  'communications',
  {
    id: id(),
    demandeId: integer('demande_id'),
    pensionnaireId: integer('pensionnaire_id'),
    /** The hotel a notice is addressed to (`avis_etablissement`): its stays are in communication_reservations. */
    etablissementId: integer('etablissement_id'),
    canal: text('canal').$type<CanalCommunication>().notNull(),
    objet: text('objet').notNull(),
    contenu: text('contenu').notNull().default(''),
    /** The PDF shown by /view-pdf. */
    document: bytea('document'),
    documentNom: text('document_nom'),
    envoyeAt: timestamp('envoye_at', { withTimezone: true }),
    typeDocument: text('type_document').$type<CommunicationType>().notNull().default('autre'),
    statut: text('statut').$type<CommunicationStatut>().notNull().default('preparee'),
    destinataires: text('destinataires')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sending attempts; each one is an e-mail of `courriels`. */
    tentatives: integer('tentatives').notNull().default(0),
    derniereErreur: text('derniere_erreur'),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    fk('communications', [t.demandeId], [demandesHebergement.id]),
    fk('communications', [t.pensionnaireId], [pensionnaires.id]),
    fk('communications', [t.etablissementId], [etablissements.id]),
    fk('communications', [t.createdBy], [users.id]),
    index('communications_demande_idx').on(t.demandeId),
    index('communications_pensionnaire_idx').on(t.pensionnaireId),
    index('communications_etablissement_idx').on(t.etablissementId),
    check(
      'communications_sujet_present',
      sql`${t.demandeId} is not null or ${t.pensionnaireId} is not null or ${t.etablissementId} is not null`,
    ),
    check('communications_document_nomme', sql`(${t.document} is null) = (${t.documentNom} is null)`),
    enumCheck('communications', t.canal, CANAUX_COMMUNICATION),
    enumCheck('communications', t.typeDocument, COMMUNICATION_TYPES),
    enumCheck('communications', t.statut, COMMUNICATION_STATUTS),
    notBlankCheck('communications', t.objet),
    check('communications_tentatives_ge0', sql`${t.tentatives} >= 0`),
    check(
      'communications_echec_explique',
      sql`${t.statut} not in ('echec', 'non_transmise') or ${t.derniereErreur} is not null`,
    ),
  ],
);

/** The stays a communication is about (a hotel notice: the stays whose nights it releases). */
export const communicationReservations = pgTable(
  'communication_reservations',
  {
    communicationId: integer('communication_id').notNull(),
    reservationId: integer('reservation_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'communication_reservations_pk', columns: [t.communicationId, t.reservationId] }),
    fk('communication_reservations', [t.communicationId], [communications.id], { onDelete: 'cascade' }),
    fk('communication_reservations', [t.reservationId], [reservations.id]),
    index('communication_reservations_reservation_idx').on(t.reservationId),
  ],
);

/**
 * Outgoing e-mails (api/src/plugins/mail.ts): every message the product sends is written here first, then handed
 * to the SMTP server, or kept here (`non_transmis`) when none is configured: the local outbox. A failure keeps the
 * message and its reason; it can be sent again. Any module may send (communications, rooming lists).
 */
export const courriels = pgTable(
  'courriels',
  {
    id: id(),
    statut: text('statut').$type<CourrielStatut>().notNull().default('en_attente'),
    /** `smtp` or `boite_locale` (no SMTP server configured) at the last attempt. */
    transport: text('transport').notNull(),
    expediteur: text('expediteur').notNull(),
    destinataires: text('destinataires').array().notNull(),
    objet: text('objet').notNull(),
    texte: text('texte').notNull(),
    tentatives: integer('tentatives').notNull().default(0),
    derniereErreur: text('derniere_erreur'),
    /** The SMTP server's Message-ID once accepted. */
    messageId: text('message_id'),
    envoyeAt: timestamp('envoye_at', { withTimezone: true }),
    communicationId: integer('communication_id'),
    /** A password-reset link: its text is sent, never shown in the outbox (migration 0025). */
    confidentiel: boolean('confidentiel').notNull().default(false),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    fk('courriels', [t.communicationId], [communications.id]),
    fk('courriels', [t.createdBy], [users.id]),
    index('courriels_created_idx').on(t.createdAt.desc()),
    index('courriels_communication_idx').on(t.communicationId),
    index('courriels_statut_idx').on(t.statut),
    enumCheck('courriels', t.statut, COURRIEL_STATUTS),
    notBlankCheck('courriels', t.objet),
    check('courriels_destinataires_present', sql`cardinality(${t.destinataires}) > 0`),
    check(
      'courriels_echec_explique',
      sql`${t.statut} not in ('echec', 'non_transmis') or ${t.derniereErreur} is not null`,
    ),
  ],
);

export const courrielPiecesJointes = pgTable(
  'courriel_pieces_jointes',
  {
    courrielId: integer('courriel_id').notNull(),
    index: smallint('index').notNull(),
    nom: text('nom').notNull(),
    typeContenu: text('type_contenu').notNull(),
    contenu: bytea('contenu').notNull(),
  },
  (t) => [
    primaryKey({ name: 'courriel_pieces_jointes_pk', columns: [t.courrielId, t.index] }),
    fk('courriel_pieces_jointes', [t.courrielId], [courriels.id], { onDelete: 'cascade' }),
    notBlankCheck('courriel_pieces_jointes', t.nom),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigId(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull().default('Nouvelle notification'),
    message: text('message').notNull(),
    /** Where a click leads (front-end path), e.g. '/dashboard/demande-hebergement/12'. */
    lien: text('lien'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    fk('notifications', [t.userId], [users.id], { onDelete: 'cascade' }),
    index('notifications_user_idx').on(t.userId, t.isRead, t.createdAt.desc()),
    // The feed's pages (newest first) and the resync « since the last id seen » (issue 12).
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
  ],
);

/** Long jobs (exports, sync) run in the background and polled through GET /tasks. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    type: text('type').notNull(),
    statut: text('statut').$type<TaskStatut>().notNull().default('en_attente'),
    progression: integer('progression').notNull().default(0),
    parametres: jsonb('parametres').$type<Record<string, unknown>>().notNull().default({}),
    resultat: jsonb('resultat').$type<Record<string, unknown>>(),
    erreur: text('erreur'),
    createdBy: integer('created_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
    /** Beaten while it runs (api/src/modules/taches): a stale one was left by a process that died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The failed task this one relaunches (« Relancer »), at most once. */
    relanceDe: integer('relance_de'),
  },
  (t) => [
    fk('tasks', [t.createdBy], [users.id]),
    fk('tasks', [t.relanceDe], [t.id]),
    uniqueIndex('tasks_relance_de_unique').on(t.relanceDe),
    index('tasks_created_by_idx').on(t.createdBy, t.createdAt.desc()),
    index('tasks_en_attente_idx')
      .on(t.id)
      .where(sql`${t.statut} = 'en_attente'`),
    index('tasks_created_idx').on(t.createdAt.desc()),
    index('tasks_statut_idx').on(t.statut),
    enumCheck('tasks', t.statut, TASK_STATUTS),
    notBlankCheck('tasks', t.type),
    check('tasks_progression_range', sql`${t.progression} between 0 and 100`),
    check('tasks_echec_explique', sql`${t.statut} <> 'echec' or ${t.erreur} is not null`),
  ],
);

/** An export's file, made by its task and downloaded from GET /tasks/:id/fichier. */
export const taskFichiers = pgTable(
  'task_fichiers',
  {
    taskId: integer('task_id').primaryKey(),
    nom: text('nom').notNull(),
    typeContenu: text('type_contenu').notNull(),
    contenu: bytea('contenu').notNull(),
  },
  (t) => [
    fk('task_fichiers', [t.taskId], [tasks.id], { onDelete: 'cascade' }),
    notBlankCheck('task_fichiers', t.nom),
  ],
);

/** The last period each scheduled job was queued for (api/src/modules/taches/task-schedules.ts). */
export const taskPlanifications = pgTable('task_planifications', {
  nom: text('nom').primaryKey(),
  dernierCreneau: text('dernier_creneau').notNull(),
  derniereExecution: timestamp('derniere_execution', { withTimezone: true }).notNull().defaultNow(),
});

// Row types, for the repositories.
export type CommunicationRow = typeof communications.$inferSelect;
export type CourrielRow = typeof courriels.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
