import { Type, type Static } from 'typebox';
import { RoleSchema } from './auth';

export * from './notification-values';

/**
 * Notifications and the live feed (issue 12, spec §7 « Other » and « Realtime »; docs/api.md « Notifications »).
 * A notification is written for each recipient first, then emitted to that user's socket room.
 */
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const NotificationItem = Type.Object(
  {
    id: Id,
    title: Type.String(),
    message: Type.String(),
    /** ISO 8601 instant of creation. */
    timestamp: Type.String(),
    /** Spec §9: 'YYYY-MM-DD HH:mm:ss', Paris time. */
    time: Type.String(),
    /** Front-end path a click leads to, or null. */
    lien: Type.Union([Type.String(), Type.Null()]),
    isRead: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type NotificationItem = Static<typeof NotificationItem>;

export const NotificationsQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    /** Resync: only the notifications with an id above this one (what was missed), newest first, up to pageSize. */
    since: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
);
export type NotificationsQuery = Static<typeof NotificationsQuery>;

export const NotificationsPage = Type.Object(
  {
    data: Type.Array(NotificationItem),
    /** Notifications of the user (above `since` when given). */
    total: Type.Integer({ minimum: 0 }),
    /** Unread notifications of the user, all of them. */
    unread: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type NotificationsPage = Static<typeof NotificationsPage>;

export const NotificationIdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** POST /notifications (administrators): a broadcast to users and/or roles (at least one recipient). */
export const NotificationCreateBody = Type.Object(
  {
    userIds: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 500, uniqueItems: true }),
    ),
    roles: Type.Optional(Type.Array(RoleSchema, { maxItems: 2, uniqueItems: true })),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    message: Type.String({ minLength: 1, maxLength: 1000 }),
    lien: Type.Optional(Type.String({ pattern: '^/', maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type NotificationCreateBody = Static<typeof NotificationCreateBody>;

export const NotificationCreated = Type.Object(
  { message: Type.String(), recipients: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type NotificationCreated = Static<typeof NotificationCreated>;

/** PUT /notifications/:id/read: no message (a click on the bell must not raise a success toast, spec §8). */
export const NotificationReadAnswer = Type.Object(
  { unread: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type NotificationReadAnswer = Static<typeof NotificationReadAnswer>;

export const NotificationsReadAnswer = Type.Object(
  { message: Type.String(), unread: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type NotificationsReadAnswer = Static<typeof NotificationsReadAnswer>;

/** French texts the API answers (repeated by the mocks); with the schemas, out of the shell's first load. */
export const NOTIFICATION_MESSAGES = {
  created: 'Notification envoyée.',
  allRead: 'Toutes les notifications sont marquées comme lues.',
  notFound: 'Notification introuvable.',
  noRecipient: 'Indiquez au moins un destinataire (userIds ou roles).',
  noActiveRecipient: 'Aucun destinataire actif.',
} as const;
