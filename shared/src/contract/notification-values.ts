// The live feed's constants, free of any schema library: the shell's socket and bell read them through `shared`
// without downloading TypeBox (notifications.ts re-exports them with the schemas for the API).

export const NOTIFICATION_PATHS = {
  list: '/notifications',
  create: '/notifications',
  /** PUT `${read}/:id/read`. */
  read: '/notifications',
  markAllRead: '/notifications/mark-all-read',
} as const;

export const notificationReadPath = (id: number | string) => `${NOTIFICATION_PATHS.read}/${id}/read`;

/** socket.io: same origin and port as the API, websocket transport only, the JWT in `auth.token`. */
export const REALTIME_PATH = '/socket.io';

/** Events of the live feed. `notification` and `changement` go server → client; `suivre`/`ne-plus-suivre` client → server. */
export const REALTIME_EVENTS = {
  notification: 'notification',
  /** A followed request or stay was changed (not persisted): { entite, id, par }. */
  changement: 'changement',
  /** The client has a request or stay open: { entite, id }. */
  suivre: 'suivre',
  ne_plus_suivre: 'ne-plus-suivre',
  /** The registry of releases changed (a promote, a rollback, a canary; not persisted): `{}`, re-read it. */
  registre: 'registre',
} as const;

/** What a client may follow while a card is open. */
export const SUIVI_ENTITES = ['demande', 'reservation'] as const;
export type SuiviEntite = (typeof SUIVI_ENTITES)[number];

/** Spec §3: the title of a notification that has none. */
export const DEFAULT_NOTIFICATION_TITLE = 'Nouvelle notification';

/** The 'notification' socket event (spec §7): the persisted row as its recipient sees it. */
export interface NotificationEvent {
  id: number;
  title: string;
  message: string;
  /** ISO 8601 instant of creation. */
  timestamp: string;
  lien: string | null;
}

/** The 'changement' socket event: a followed request or stay was changed (`par`: the user, null for the system). */
export interface ChangementEvent {
  entite: SuiviEntite;
  id: number;
  par: number | null;
}
