/**
 * The shapes of a notification request and of the live feed it is emitted on, in a file of their own: the service
 * and its writer both read them without importing each other.
 */
import type { Actor } from '../../db/audit';
import type { Role } from 'shared/contract';

export interface NotifyInput {
  /** Recipients: these users and every user of these roles (active accounts only, each once). */
  to: { userIds?: readonly number[] | undefined; roles?: readonly Role[] | undefined };
  /** Left out of the recipients (e.g. the colleague who made the change). */
  exceptUserId?: number | null | undefined;
  /** Default 'Nouvelle notification' (spec §3). */
  title?: string | undefined;
  message: string;
  /** Front-end path a click leads to, e.g. '/dashboard/demande-hebergement/12'. */
  lien?: string | null | undefined;
  /** Set for an administrator's broadcast: an audit row records it. System producers leave it out. */
  actor?: Actor | undefined;
  /**
   * Leaves out the recipients who got a notification of this title and link in the last `ms` milliseconds. Several
   * API nodes may produce the same notification for one user (« … modifiée »: each node notifies the followers
   * connected to it, and a user may have tabs on two nodes): an advisory lock on the title and link makes the
   * nodes write one after the other, so the second sees the first's rows and writes none.
   */
  unlessNotifiedWithinMs?: number | undefined;
}

export interface NotifyResult {
  /** The rows written, one per recipient. */
  notifications: Array<{ id: number; userId: number }>;
}

/**
 * What the service needs of the live feed: `app.realtime` (plugins/realtime), handed in by notifications-plugin.ts,
 * so that this module imports no plugin.
 */
export interface LiveFeed {
  emitToUsers(event: string, items: ReadonlyArray<{ userId: number; payload: unknown }>): void;
}
