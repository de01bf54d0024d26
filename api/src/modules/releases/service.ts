import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BUILT_AT_PATTERN,
  CANARY_PERCENT_MAX,
  CANARY_PERCENT_MIN,
  RELEASE_ID_PATTERN,
  RELEASES_MESSAGES as M,
  rollbackTarget,
  REMOTE_NAME_PATTERN,
  type ReleaseEvent,
  type ReleaseJson,
  type ReleaseSummary,
  type RemoteStatus,
} from 'shared/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { releaseEvents, releasePointers, releases, type ReleaseRow } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { incompatibility, type CompatibilitySources } from './compatibility';
import { checkPromotedDeclarations } from './declaration-check';
import type { LiveRelease, RegistryActor } from './release-types';

const REMOTE_FORMAT = new RegExp(REMOTE_NAME_PATTERN);
const RELEASE_ID_FORMAT = new RegExp(RELEASE_ID_PATTERN);
const BUILT_AT_FORMAT = new RegExp(BUILT_AT_PATTERN);

export interface PromoteOptions {
  /** Start the release as a canary for this share of users (1–99 %) rather than live for everyone. */
  canary?: number | undefined;
  reason?: string | undefined;
  /** The pointer's version the caller decided on; the change is refused when it moved since. */
  version?: number | undefined;
}

export interface RollbackOptions {
  reason?: string | undefined;
  version?: number | undefined;
}

export interface PointerChangeResult {
  message: string;
  status: RemoteStatus;
}

export interface RegisterResult {
  created: boolean;
  message: string;
  release: ReleaseSummary;
}

/** A registered release as the API answers it (status, lists). */
export function summary(row: ReleaseRow): ReleaseSummary {
  return {
    remote: row.remote,
    id: row.id,
    commit: row.commit,
    builtAt: row.builtAt.toISOString(),
    filesCount: row.filesCount,
    firstVisitBytes: row.firstVisitBytes,
    registeredAt: row.registeredAt.toISOString(),
    registeredBy: row.registeredBy,
  };
}

/** The checks the API's schema makes, for the callers that have none (the command line, the release script). */
function checkReleaseJson(release: ReleaseJson): void {
  if (!REMOTE_FORMAT.test(release.remote)) throw new BadRequestError(M.invalidRemote(release.remote));
  if (!RELEASE_ID_FORMAT.test(release.id)) throw new BadRequestError(M.invalidId(release.id));
  if (
    !Array.isArray(release.files) ||
    typeof release.builtAt !== 'string' ||
    !BUILT_AT_FORMAT.test(release.builtAt) ||
    Number.isNaN(Date.parse(release.builtAt))
  )
    throw new BadRequestError(M.invalidRelease);
}

function checkPercent(percent: number | undefined): void {
  if (percent === undefined) return;
  if (!Number.isInteger(percent) || percent < CANARY_PERCENT_MIN || percent > CANARY_PERCENT_MAX)
    throw new BadRequestError(M.canaryPercent(CANARY_PERCENT_MIN, CANARY_PERCENT_MAX), { champ: 'canary' });
}

/** The trail's row of a change, written by the caller inside the change's transaction. */
export async function recordEvent(
  tx: Executor,
  actor: RegistryActor,
  event: {
    remote: string;
    action: ReleaseEvent['action'];
    fromId: string | null;
    toId: string | null;
    canaryPercent?: number | null;
    reason?: string | undefined;
  },
): Promise<void> {
  await tx.insert(releaseEvents).values({
    remote: event.remote,
    action: event.action,
    fromId: event.fromId,
    toId: event.toId,
    canaryPercent: event.canaryPercent ?? null,
    // Optional (docs/deployment.md « Motif ») : a blank one is no reason.
    reason: event.reason?.trim() || null,
    actorKind: actor.kind,
    actorUserId: actor.kind === 'user' ? actor.userId : null,
    actorName: actor.name,
  });
}

// In shared/contract: the admin screen names the same target in its confirmation.
export { rollbackTarget };

/**
 * The registry of releases (issue 38 §2): releases registered once, a pointer per remote moved by compare-and-swap,
 * and an event in `release_events` written in the transaction of every change.
 */
export function createReleasesService(db: Database, compatibility: CompatibilitySources = {}) {
  async function remoteStatus(executor: Executor, remote: string): Promise<RemoteStatus> {
    const [pointer] = await executor.select().from(releasePointers).where(eq(releasePointers.remote, remote));
    const [registered] = await executor
      .select({ n: count() })
      .from(releases)
      .where(eq(releases.remote, remote));
    const ids = [pointer?.liveId, pointer?.canaryId].filter((id): id is string => typeof id === 'string');
    const rows = ids.length
      ? await executor
          .select()
          .from(releases)
          .where(and(eq(releases.remote, remote), inArray(releases.id, ids)))
      : [];
    const find = (id: string | null | undefined) => rows.find((row) => row.id === id);
    const live = find(pointer?.liveId);
    const canary = find(pointer?.canaryId);
    return {
      remote,
      live: live ? summary(live) : null,
      canary:
        canary && pointer?.canaryPercent !== null && pointer?.canaryPercent !== undefined
          ? { release: summary(canary), percent: pointer.canaryPercent }
          : null,
      version: pointer?.version ?? null,
      updatedAt: pointer?.updatedAt.toISOString() ?? null,
      registered: registered?.n ?? 0,
    };
  }

  /** The remote's release `id`, or why not: unknown anywhere (404), or another remote's (409). */
  async function ownRelease(tx: Executor, remote: string, id: string): Promise<void> {
    const owners = await tx.select({ remote: releases.remote }).from(releases).where(eq(releases.id, id));
    if (owners.length === 0) throw new NotFoundError(M.unknownRelease(id));
    if (!owners.some((owner) => owner.remote === remote))
      throw new ConflictError(M.foreignRelease(id, owners[0]?.remote ?? '', remote));
  }

  /** Moves the pointer from the version it was read at, or refuses: someone changed it in between. */
  async function swap(
    tx: Executor,
    remote: string,
    fromVersion: number,
    values: { liveId?: string; canaryId: string | null; canaryPercent: number | null },
  ): Promise<void> {
    const moved = await tx
      .update(releasePointers)
      .set({ ...values, version: sql`${releasePointers.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(releasePointers.remote, remote), eq(releasePointers.version, fromVersion)))
      .returning({ version: releasePointers.version });
    if (moved.length === 0) throw new ConflictError(M.stale);
  }

  const readPointer = async (tx: Executor, remote: string, expected: number | undefined) => {
    const [pointer] = await tx.select().from(releasePointers).where(eq(releasePointers.remote, remote));
    if (expected !== undefined && expected !== pointer?.version) throw new ConflictError(M.stale);
    return pointer;
  };

  return {
    remoteStatus: (remote: string) => remoteStatus(db, remote),

    /** Registers a release.json: once; again with the same content is a no-op, with another is refused (409). */
    async register(release: ReleaseJson, actor: RegistryActor): Promise<RegisterResult> {
      checkReleaseJson(release);
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(releases)
          .values({
            remote: release.remote,
            id: release.id,
            manifest: release as Record<string, unknown>,
            commit: release.commit,
            builtAt: new Date(release.builtAt),
            filesCount: release.files.length,
            firstVisitBytes: release.firstVisit?.brotliBytes ?? null,
            registeredBy: actor.name,
          })
          .onConflictDoNothing()
          .returning();
        if (inserted !== undefined) {
          await recordEvent(tx, actor, {
            remote: release.remote,
            action: 'register',
            fromId: null,
            toId: release.id,
          });
          return {
            created: true,
            message: M.registered(release.remote, release.id),
            release: summary(inserted),
          };
        }
        const [same] = await tx
          .select()
          .from(releases)
          .where(
            and(
              eq(releases.remote, release.remote),
              eq(releases.id, release.id),
              sql`${releases.manifest} = ${JSON.stringify(release)}::jsonb`,
            ),
          );
        if (same === undefined) throw new ConflictError(M.otherContent(release.remote, release.id));
        return {
          created: false,
          message: M.alreadyRegistered(release.remote, release.id),
          release: summary(same),
        };
      });
    },

    /** Puts a release live (or starts it as a canary): a compare-and-swap on the remote's pointer. */
    async promote(
      remote: string,
      id: string,
      options: PromoteOptions,
      actor: RegistryActor,
    ): Promise<PointerChangeResult> {
      checkPercent(options.canary);
      return db.transaction(async (tx) => {
        await ownRelease(tx, remote, id);
        await checkPromotedDeclarations(tx, remote, id);
        const refusal = await incompatibility(tx, remote, id, compatibility);
        if (refusal !== null) throw new ConflictError(refusal);
        const pointer = await readPointer(tx, remote, options.version);
        if (pointer?.liveId === id) throw new ConflictError(M.alreadyLive(remote, id));
        let message: string;
        if (options.canary !== undefined) {
          if (pointer === undefined) throw new ConflictError(M.canaryNeedsLive(remote));
          await swap(tx, remote, pointer.version, { canaryId: id, canaryPercent: options.canary });
          await recordEvent(tx, actor, {
            remote,
            action: 'canary',
            fromId: pointer.canaryId,
            toId: id,
            canaryPercent: options.canary,
            reason: options.reason,
          });
          message = M.canaryStarted(remote, id, options.canary);
        } else {
          if (pointer === undefined) {
            // The first promote creates the pointer; a concurrent first promote finds it taken.
            const created = await tx
              .insert(releasePointers)
              .values({ remote, liveId: id })
              .onConflictDoNothing()
              .returning({ remote: releasePointers.remote });
            if (created.length === 0) throw new ConflictError(M.stale);
          } else {
            await swap(tx, remote, pointer.version, { liveId: id, canaryId: null, canaryPercent: null });
          }
          await recordEvent(tx, actor, {
            remote,
            action: 'promote',
            fromId: pointer?.liveId ?? null,
            toId: id,
            reason: options.reason,
          });
          message = M.promoted(remote, id);
        }
        return { message, status: await remoteStatus(tx, remote) };
      });
    },

    /**
     * Withdraws the canary when there is one; otherwise puts back the release that was live before (rollbackTarget),
     * 409 when there is none.
     */
    async rollback(
      remote: string,
      options: RollbackOptions,
      actor: RegistryActor,
    ): Promise<PointerChangeResult> {
      return db.transaction(async (tx) => {
        const pointer = await readPointer(tx, remote, options.version);
        if (pointer === undefined) throw new ConflictError(M.noPrevious(remote));
        let message: string;
        if (pointer.canaryId !== null) {
          await swap(tx, remote, pointer.version, { canaryId: null, canaryPercent: null });
          await recordEvent(tx, actor, {
            remote,
            action: 'canary_rollback',
            fromId: pointer.canaryId,
            toId: null,
            reason: options.reason,
          });
          message = M.canaryWithdrawn(remote, pointer.canaryId);
        } else {
          const events = await tx
            .select({ action: releaseEvents.action, fromId: releaseEvents.fromId })
            .from(releaseEvents)
            .where(
              and(eq(releaseEvents.remote, remote), inArray(releaseEvents.action, ['promote', 'rollback'])),
            )
            .orderBy(asc(releaseEvents.id));
          const target = rollbackTarget(events);
          if (target === null) throw new ConflictError(M.noPrevious(remote));
          await swap(tx, remote, pointer.version, { liveId: target, canaryId: null, canaryPercent: null });
          await recordEvent(tx, actor, {
            remote,
            action: 'rollback',
            fromId: pointer.liveId,
            toId: target,
            reason: options.reason,
          });
          message = M.rolledBack(remote, pointer.liveId, target);
        }
        return { message, status: await remoteStatus(tx, remote) };
      });
    },

    /** The remote's trail, newest first. */
    async history(remote: string, limit = 50): Promise<ReleaseEvent[]> {
      const rows = await db
        .select()
        .from(releaseEvents)
        .where(eq(releaseEvents.remote, remote))
        .orderBy(desc(releaseEvents.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        remote: row.remote,
        action: row.action,
        fromId: row.fromId,
        toId: row.toId,
        canaryPercent: row.canaryPercent,
        reason: row.reason,
        actorKind: row.actorKind,
        actor: row.actorName,
        at: row.at.toISOString(),
      }));
    },

    /** Every remote that has a release registered, by name. */
    async status(): Promise<RemoteStatus[]> {
      const remotes = await db
        .selectDistinct({ remote: releases.remote })
        .from(releases)
        .orderBy(asc(releases.remote));
      return Promise.all(remotes.map(({ remote }) => remoteStatus(db, remote)));
    },

    /** What `/runtime-config.json` serves: each remote's live release, its canary, and its declarations. */
    async liveReleases(): Promise<LiveRelease[]> {
      const canaryRelease = alias(releases, 'canary_release');
      const rows = await db
        .select({
          remote: releasePointers.remote,
          id: releasePointers.liveId,
          canaryId: releasePointers.canaryId,
          canaryPercent: releasePointers.canaryPercent,
          routes: sql<unknown>`${releases.manifest} -> 'routes'`,
          menu: sql<unknown>`${releases.manifest} -> 'menu'`,
          requirements: sql<unknown>`${releases.manifest} -> 'requirements'`,
          canaryRequirements: sql<unknown>`${canaryRelease.manifest} -> 'requirements'`,
        })
        .from(releasePointers)
        .innerJoin(
          releases,
          and(eq(releases.remote, releasePointers.remote), eq(releases.id, releasePointers.liveId)),
        )
        .leftJoin(
          canaryRelease,
          and(
            eq(canaryRelease.remote, releasePointers.remote),
            eq(canaryRelease.id, releasePointers.canaryId),
          ),
        )
        .orderBy(asc(releasePointers.remote));
      return rows.map((row) => ({
        remote: row.remote,
        id: row.id,
        canary:
          row.canaryId !== null && row.canaryPercent !== null
            ? {
                id: row.canaryId,
                percent: row.canaryPercent,
                ...(row.canaryRequirements !== null && { requirements: row.canaryRequirements }),
              }
            : undefined,
        routes: row.routes ?? undefined,
        menu: row.menu ?? undefined,
        requirements: row.requirements ?? undefined,
      }));
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
