import type { SQL } from 'drizzle-orm';
import type { AuditAction } from 'shared/contract';
import type { Executor } from './client';
import { auditLog } from './schema';

export type Actor = { kind: 'user'; userId: number } | { kind: 'system' };

/** The user behind an action, for the `…_by` columns: none for the system (the scheduler, the demo data). */
export const actorUserId = (actor: Actor): number | null => (actor.kind === 'user' ? actor.userId : null);

export const SYSTEM_ACTOR: Actor = { kind: 'system' };

/** The signed-in user of a request as the actor of its writes. */
export const actorOf = (request: { user: { id: number } }): Actor => ({
  kind: 'user',
  userId: request.user.id,
});

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  /** One of the labelled actions (shared/contract AUDIT_ACTION_LABELS): a history shows its French label. */
  action: AuditAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  actor: Actor;
  /**
   * When it happened; the database's now() (the transaction's start) when omitted, which is right for every write
   * made by a request. Only for entries that describe a simulated calendar (the demo data's `today`).
   */
  at?: Date | SQL;
}

/**
 * Keys never copied into the audit trail, whatever the caller passes: secrets, and what PostgreSQL computes from a
 * row's own fields, which the trail already holds — the list item's texts (`item_json`) and the name searches
 * compare (`nom_recherche`).
 */
const OMITTED_KEYS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'itemJson',
  'item_json',
  'nomRecherche',
  'nom_recherche',
]);

function snapshot(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !OMITTED_KEYS.has(key))
      .map(([key, field]) => [key, field instanceof Date ? field.toISOString() : field]),
  );
}

/**
 * Records who changed what. Pass the transaction of the business write (`tx`), so that the audit row and
 * the change are committed, or rolled back, together.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    actorKind: entry.actor.kind,
    actorUserId: actorUserId(entry.actor),
    ...(entry.at === undefined ? {} : { at: entry.at }),
  });
}
