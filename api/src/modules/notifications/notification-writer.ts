/**
 * Writes the notifications of `notify` (docs/performance.md « Live feed »): the calls made while a write is under way
 * are grouped and written together, in one SQL statement (one round trip, one commit: the recipients resolved, one
 * row per recipient inserted, the broadcasts' audit rows inserted, all or nothing). Each caller's promise resolves
 * with its own rows once that statement has committed — a notification is still written before it is emitted, and a
 * crash loses only what no caller has been told is written. One write at a time: the groups commit, and are
 * emitted (one `emitToUsers` per group: one message to the other nodes), in the order of the calls.
 *
 * Under a steady feed this is what keeps a notification cheap: the former path made five round trips (BEGIN, the
 * recipients, the rows, the audit row, COMMIT) and one commit per call.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_TITLE } from 'shared/contract';
import type { Database } from '../../db/client';
import { preparedRows } from '../../db/raw';
import type { AuditEntry } from '../../db/audit';
import type { NotificationRow } from '../../db/schema';
import type { NotifyInput } from './notification-types';

/** Calls written by one statement at most (the rest wait for the next one). */
export const MAX_GROUP = 256;

/** The audit row of an administrator's broadcast (the `after` of action 'diffusion'), without the recipients' count. */
export const diffusionAfter = (input: NotifyInput) => ({
  title: input.title ?? DEFAULT_NOTIFICATION_TITLE,
  message: input.message,
  lien: input.lien ?? null,
  userIds: [...(input.to.userIds ?? [])],
  roles: [...(input.to.roles ?? [])],
});

/** The audit entry of a broadcast once its rows are written (the first row's id, the recipients' count). */
export const diffusionAudit = (input: NotifyInput, written: ReadonlyArray<{ id: number }>): AuditEntry => ({
  entity: 'notification',
  entityId: written[0]!.id,
  action: 'diffusion',
  after: { ...diffusionAfter(input), destinataires: written.length },
  actor: input.actor!,
});

interface Pending {
  input: NotifyInput;
  done: (rows: NotificationRow[]) => void;
  fail: (error: unknown) => void;
}

interface WrittenRow {
  n: number;
  id: string | number;
  user_id: number;
  title: string;
  message: string;
  lien: string | null;
  created_ms: number | string;
}

/**
 * The group's statement, a named prepared statement (parsed and planned once per pooled connection: planning these
 * CTEs cost PostgreSQL ≈ 0.8 ms a call, six times their execution). The ids are drawn in the recipients' CTE so that
 * the rows written can be matched to their call (`n`).
 */
const GROUP_STATEMENT = sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('input')}::jsonb) as i(n int, user_ids int[], roles text[],
        except_id int, title text, message text, lien text, actor_kind text, actor_id int, audit jsonb)
    ), recipients as (
      select nextval(pg_get_serial_sequence('notifications', 'id')) as id, n, user_id from (
        select i.n, u.id as user_id from input i join users u
          on u.active and (u.id = any(i.user_ids) or u.role = any(i.roles)) and u.id is distinct from i.except_id
        order by i.n, u.id
      ) ordered
    ), written as (
      insert into notifications (id, user_id, title, message, lien) overriding system value
      select r.id, r.user_id, i.title, i.message, i.lien from recipients r join input i using (n)
      returning id, user_id, title, message, lien, created_at
    ), audited as (
      insert into audit_log (entity, entity_id, action, after, actor_kind, actor_user_id)
      select 'notification', min(r.id)::text, 'diffusion',
        i.audit || jsonb_build_object('destinataires', count(*)), i.actor_kind, i.actor_id
      from recipients r join input i using (n)
      where i.audit is not null
      group by i.n, i.audit, i.actor_kind, i.actor_id
    )
    select r.n, w.id, w.user_id, w.title, w.message, w.lien,
      (extract(epoch from w.created_at) * 1000)::float8 as created_ms
    from written w join recipients r using (id)
    order by r.n, w.id`;

type GroupStatement = (values: { input: string }) => Promise<WrittenRow[]>;

/** One statement for a group of calls; rows in the calls' order, then by recipient. */
async function writeGroup(
  statement: GroupStatement,
  group: readonly NotifyInput[],
): Promise<NotificationRow[][]> {
  const inputs = group.map((input, n) => ({
    n,
    user_ids: input.to.userIds ?? [],
    roles: input.to.roles ?? [],
    except_id: input.exceptUserId ?? null,
    title: input.title ?? DEFAULT_NOTIFICATION_TITLE,
    message: input.message,
    lien: input.lien ?? null,
    actor_kind: input.actor?.kind ?? null,
    actor_id: input.actor?.kind === 'user' ? input.actor.userId : null,
    audit: input.actor === undefined ? null : diffusionAfter(input),
  }));
  const written = await statement({ input: JSON.stringify(inputs) });
  const rows: NotificationRow[][] = group.map(() => []);
  for (const row of written)
    rows[row.n]!.push({
      id: Number(row.id),
      userId: row.user_id,
      title: row.title,
      message: row.message,
      lien: row.lien,
      isRead: false,
      createdAt: new Date(Number(row.created_ms)),
    });
  return rows;
}

/** `emit`: called once per group written, with its rows in the calls' order, before the callers are answered. */
export function createNotificationWriter(db: Database, emit: (rows: NotificationRow[]) => void) {
  const statement: GroupStatement = preparedRows<WrittenRow>(db, 'ebas3_notify_group', GROUP_STATEMENT);
  const queue: Pending[] = [];
  let writing = false;

  const settle = async (group: Pending[]): Promise<void> => {
    let rows: NotificationRow[][];
    try {
      rows = await writeGroup(
        statement,
        group.map((pending) => pending.input),
      );
    } catch (error) {
      // One call's failure must not fail the others of its group: each is retried alone.
      if (group.length === 1) group[0]!.fail(error);
      else for (const pending of group) await settle([pending]);
      return;
    }
    try {
      emit(rows.flat());
    } finally {
      group.forEach((pending, index) => pending.done(rows[index]!));
    }
  };

  const drain = async () => {
    try {
      while (queue.length > 0) await settle(queue.splice(0, MAX_GROUP));
    } finally {
      writing = false;
    }
  };

  return {
    /** The rows of this call, once committed (with those of the calls grouped with it). */
    write(input: NotifyInput): Promise<NotificationRow[]> {
      return new Promise<NotificationRow[]>((done, fail) => {
        queue.push({ input, done, fail });
        if (writing) return;
        writing = true;
        // The calls of this turn of the event loop join the first group; later ones wait for the write under way.
        setImmediate(() => void drain());
      });
    },
  };
}
