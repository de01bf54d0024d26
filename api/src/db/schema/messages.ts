/** Communications about demands and residents, per-user notifications, long-running tasks. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CANAUX_COMMUNICATION, TASK_STATUTS, type CanalCommunication, type TaskStatut } from '../enums';
import { bigId, bytea, createdAt, enumCheck, fk, id, notBlankCheck, timestamps } from './columns';
import { users } from './core';
import { pensionnaires } from './referentiel';
import { demandesHebergement } from './reservations';

export const communications = pgTable(
  'communications',
  {
    id: id(),
    demandeId: integer('demande_id'),
    pensionnaireId: integer('pensionnaire_id'),
    canal: text('canal').$type<CanalCommunication>().notNull(),
    objet: text('objet').notNull(),
    contenu: text('contenu').notNull().default(''),
    /** The PDF shown by /view-pdf. */
    document: bytea('document'),
    documentNom: text('document_nom'),
    envoyeAt: timestamp('envoye_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    fk('communications', [t.demandeId], [demandesHebergement.id]),
    fk('communications', [t.pensionnaireId], [pensionnaires.id]),
    fk('communications', [t.createdBy], [users.id]),
    index('communications_demande_idx').on(t.demandeId),
    index('communications_pensionnaire_idx').on(t.pensionnaireId),
    check('communications_sujet_present', sql`${t.demandeId} is not null or ${t.pensionnaireId} is not null`),
    check('communications_document_nomme', sql`(${t.document} is null) = (${t.documentNom} is null)`),
    enumCheck('communications', t.canal, CANAUX_COMMUNICATION),
    notBlankCheck('communications', t.objet),
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
  },
  (t) => [
    fk('tasks', [t.createdBy], [users.id]),
    index('tasks_created_idx').on(t.createdAt.desc()),
    index('tasks_statut_idx').on(t.statut),
    enumCheck('tasks', t.statut, TASK_STATUTS),
    notBlankCheck('tasks', t.type),
    check('tasks_progression_range', sql`${t.progression} between 0 and 100`),
    check('tasks_echec_explique', sql`${t.statut} <> 'echec' or ${t.erreur} is not null`),
  ],
);

// Row types, for the repositories.
export type CommunicationRow = typeof communications.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
