/**
 * The registry of releases (issue 38 §2, migration 0032; docs/database.md « The registry of releases »): every
 * release registered (its release.json kept whole), one pointer per remote (the live release, an optional canary
 * with its share of users, a version for compare-and-swap) and the trail of every change, written in the same
 * transaction. Promote and roll back move a pointer; nothing is copied or built.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  RELEASE_ACTIONS,
  RELEASE_ACTOR_KINDS,
  RELEASE_ID_PATTERN,
  REMOTE_NAME_PATTERN,
  type ReleaseAction,
  type ReleaseActorKind,
} from 'shared/contract';
import { sqlList } from './columns';
import { users } from './core';

/** Remote names and release ids are path segments of the release store (`/releases/<remote>/<id>/`). */
const matches = (column: unknown, pattern: string) => sql`${column} ~ ${sql.raw(`'${pattern}'`)}`;

export const releases = pgTable(
  'releases',
  {
    remote: text('remote').notNull(),
    id: text('id').notNull(),
    /** The release's release.json, as published (remote, id, commit, build time, files, routes, menu, requirements). */
    manifest: jsonb('manifest').$type<Record<string, unknown>>().notNull(),
    commit: text('commit').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
    filesCount: integer('files_count').notNull(),
    firstVisitBytes: integer('first_visit_bytes'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who registered it: an account's e-mail, or the command line's `cli:<user>@<host>`. */
    registeredBy: text('registered_by').notNull(),
  },
  (t) => [
    primaryKey({ name: 'releases_pkey', columns: [t.remote, t.id] }),
    index('releases_id_idx').on(t.id),
    check(
      'releases_remote_format',
      sql`${matches(t.remote, REMOTE_NAME_PATTERN)} and char_length(${t.remote}) <= 40`,
    ),
    check('releases_id_format', matches(t.id, RELEASE_ID_PATTERN)),
    check('releases_files_count_valid', sql`${t.filesCount} >= 0`),
  ],
);

export const releasePointers = pgTable(
  'release_pointers',
  {
    remote: text('remote').primaryKey(),
    liveId: text('live_id').notNull(),
    canaryId: text('canary_id'),
    /** The share of users (1–99 %) who get the canary; null without one. */
    canaryPercent: integer('canary_percent'),
    /** Raised by every change: a change applies only to the version it was decided on (compare-and-swap). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Composite keys: a pointer can only name a release of its own remote, whatever the code path.
    foreignKey({
      name: 'release_pointers_live_fk',
      columns: [t.remote, t.liveId],
      foreignColumns: [releases.remote, releases.id],
    }),
    foreignKey({
      name: 'release_pointers_canary_fk',
      columns: [t.remote, t.canaryId],
      foreignColumns: [releases.remote, releases.id],
    }),
    check('release_pointers_canary_percent_valid', sql`${t.canaryPercent} between 1 and 99`),
    check('release_pointers_canary_consistent', sql`(${t.canaryId} is null) = (${t.canaryPercent} is null)`),
    check('release_pointers_canary_not_live', sql`${t.canaryId} <> ${t.liveId}`),
    check('release_pointers_version_valid', sql`${t.version} >= 1`),
  ],
);

/** The registry's audit trail: who changed which remote's pointer (or registered a release), from what to what, why. */
export const releaseEvents = pgTable(
  'release_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote').notNull(),
    action: text('action').$type<ReleaseAction>().notNull(),
    fromId: text('from_id'),
    toId: text('to_id'),
    canaryPercent: integer('canary_percent'),
    reason: text('reason'),
    actorKind: text('actor_kind').$type<ReleaseActorKind>().notNull(),
    /** The administrator, for a change made through the API; null from the command line. */
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('release_events_remote_idx').on(t.remote, t.id),
    check('release_events_action_valid', sql`${t.action} in (${sqlList(RELEASE_ACTIONS)})`),
    check('release_events_actor_kind_valid', sql`${t.actorKind} in (${sqlList(RELEASE_ACTOR_KINDS)})`),
    check('release_events_actor_consistent', sql`(${t.actorKind} = 'user') = (${t.actorUserId} is not null)`),
  ],
);

export type ReleaseRow = typeof releases.$inferSelect;
export type ReleasePointerRow = typeof releasePointers.$inferSelect;
export type ReleaseEventRow = typeof releaseEvents.$inferSelect;
