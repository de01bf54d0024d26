/**
 * Accounts, audit trail and instance settings (migration 0000; users.token_version 0004), the sessions and the
 * password-reset links (0025), users.activated_at (0031).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  uuid,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES, type Role } from 'shared/contract';
import { createdAt, sqlList } from './columns';

export const ACTOR_KINDS = ['user', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Always stored lower-cased; the unique index on lower(email) also guards writes that forget it. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    role: text('role').$type<Role>().notNull(),
    active: boolean('active').notNull().default(false),
    /**
     * When the account was first made active (trigger `users_activated_at`, migration 0031); null while a sign-up
     * waits for its first activation. Tells « en attente » from « désactivé » among inactive accounts.
     */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /**
     * Signed into every token as `ver` and compared on each request: raising it revokes every earlier token.
     * Logout raises it; a trigger (migration 0004) raises it when the password, role or activation changes.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_role_valid', sql`${table.role} in (${sqlList(ROLES)})`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** No cascade: a user who acted stays referenced; accounts are deactivated, not deleted. */
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorKind: text('actor_kind').$type<ActorKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_at_idx').on(table.at),
    check('audit_log_actor_kind_valid', sql`${table.actorKind} in (${sqlList(ACTOR_KINDS)})`),
    check(
      'audit_log_actor_consistent',
      sql`(${table.actorKind} = 'user') = (${table.actorUserId} is not null)`,
    ),
  ],
);

/**
 * One row per login (docs/auth.md « Sessions »): its id is the token's `sid`, checked on every request with the user
 * (modules/auth/token-users.ts). A logout sets `revoked_at`; rows are deleted once expired (at the user's next login).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The token's `exp`: after it the row serves nothing. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('user_sessions_user_idx').on(table.userId)],
);

/**
 * « Mot de passe oublié » links: the SHA-256 of the link's random token (never the token), valid one hour, used once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_unique').on(table.tokenHash),
    index('password_resets_user_idx').on(table.userId),
    check('password_resets_token_hash_format', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** Instance-wide settings shared by every API node (e.g. the generated JWT secret on PostgreSQL). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserSessionRow = typeof userSessions.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
