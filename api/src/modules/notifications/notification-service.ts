/**
 * Notifications (issue 12, docs/api.md « Notifications »): one row per recipient, written first, then emitted to the
 * recipient's socket room ('notification' { id, title, message, timestamp, lien }). Any module produces them through
 * `app.notifications.notify`; the REST calls read and mark them.
 */
import { and, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_TITLE,
  NOTIFICATION_MESSAGES,
  REALTIME_EVENTS,
  type NotificationEvent,
  type NotificationItem,
  type NotificationsPage,
  type NotificationsQuery,
  type Role,
} from 'shared/contract';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { notifications, users, type NotificationRow } from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../errors';
import type { LiveFeed, NotifyInput, NotifyResult } from './notification-types';
import { createNotificationWriter, diffusionAudit } from './notification-writer';

const parisTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** Spec §9: notification time 'YYYY-MM-DD HH:mm:ss' (Paris). */
export const notificationTime = (date: Date) => parisTime.format(date);

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    time: notificationTime(row.createdAt),
    lien: row.lien,
    isRead: row.isRead,
  };
}

const toEvent = (row: NotificationRow): NotificationEvent => ({
  id: row.id,
  title: row.title,
  message: row.message,
  timestamp: row.createdAt.toISOString(),
  lien: row.lien,
});

export function createNotificationService(db: Database, realtime: LiveFeed) {
  /** Committed: now the live feed, in order. A user offline gets it by the resync (GET /notifications?since). */
  const emit = (rows: readonly NotificationRow[]) =>
    realtime.emitToUsers(
      REALTIME_EVENTS.notification,
      rows.map((row) => ({ userId: row.userId, payload: toEvent(row) })),
    );

  const unreadOf = async (userId: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    return row?.n ?? 0;
  };

  /** The dedupe path (`unlessNotifiedWithinMs`): its own transaction, serialised by an advisory lock. */
  const notifyOnce = async (input: NotifyInput, within: number): Promise<NotificationRow[]> => {
    const userIds = input.to.userIds ?? [];
    const roles = input.to.roles ?? [];
    const targets: SQL[] = [];
    if (userIds.length > 0) targets.push(inArray(users.id, [...userIds]));
    if (roles.length > 0) targets.push(inArray(users.role, [...roles]));
    const title = input.title ?? DEFAULT_NOTIFICATION_TITLE;
    const lien = input.lien ?? null;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ebas3:notify:${title}:${lien ?? ''}`}))`);
      const recipients = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.active, true),
            or(...targets),
            input.exceptUserId === undefined || input.exceptUserId === null
              ? undefined
              : sql`${users.id} <> ${input.exceptUserId}`,
            sql`not exists (select 1 from notifications n where n.user_id = ${users.id}
                  and n.title = ${title} and n.lien is not distinct from ${lien}
                  and n.created_at > clock_timestamp() - make_interval(secs => ${within / 1_000}))`,
          ),
        );
      if (recipients.length === 0) return [];
      const written = await tx
        .insert(notifications)
        .values(
          recipients.map((recipient) => ({ userId: recipient.id, title, message: input.message, lien })),
        )
        .returning();
      if (input.actor !== undefined) await recordAudit(tx, diffusionAudit(input, written));
      return written;
    });
  };

  const writer = createNotificationWriter(db, emit);

  return {
    async notify(input: NotifyInput): Promise<NotifyResult> {
      if ((input.to.userIds?.length ?? 0) === 0 && (input.to.roles?.length ?? 0) === 0)
        return { notifications: [] };
      let rows: NotificationRow[];
      if (input.unlessNotifiedWithinMs === undefined) rows = await writer.write(input);
      else {
        rows = await notifyOnce(input, input.unlessNotifiedWithinMs);
        emit(rows);
      }
      return { notifications: rows.map((row) => ({ id: row.id, userId: row.userId })) };
    },

    async list(userId: number, query: NotificationsQuery): Promise<NotificationsPage> {
      const mine = eq(notifications.userId, userId);
      const where = query.since === undefined ? mine : and(mine, gt(notifications.id, query.since));
      const [data, [total], unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(notifications).where(where),
        unreadOf(userId),
      ]);
      return { data: data.map(toItem), total: total?.n ?? 0, unread };
    },

    /** Someone else's notification is « not found » (never « forbidden »: ids are not disclosed). */
    async markRead(userId: number, id: number): Promise<number> {
      const updated = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (updated.length === 0) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
      return unreadOf(userId);
    },

    async markAllRead(userId: number): Promise<void> {
      await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    },

    /** POST /notifications: at least one recipient named, at least one active. */
    assertRecipients(input: {
      userIds?: readonly number[] | undefined;
      roles?: readonly Role[] | undefined;
    }) {
      if ((input.userIds?.length ?? 0) === 0 && (input.roles?.length ?? 0) === 0)
        throw new BadRequestError(NOTIFICATION_MESSAGES.noRecipient);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
