// `pnpm registry gc [--dry-run]`: the release store's retention (issue 38 §1). An open tab keeps loading the chunks
// of the release it started with, so releases stay served a while after they leave the live pointer.
import { and, asc, eq } from 'drizzle-orm';
import { rollbackTarget } from 'shared/contract';
import type { Database } from '../db/client';
import { releaseEvents, releasePointers, releases } from '../db/schema';
import { postgresErrorCode } from '../errors';
import type { ReleaseStore } from '../lib/release-store/release-store';
import type { RegistryActor } from '../modules/releases/release-types';
import { recordEvent } from '../modules/releases/service';

const PG_FOREIGN_KEY_VIOLATION = '23503';

/** The retention: the last releases registered per remote, and every release served in the last days. */
export const GC_KEEP_LAST = 10;
export const GC_KEEP_DAYS = 7;

export interface GcRelease {
  remote: string;
  id: string;
  registeredAt: Date;
}
export interface GcPointer {
  remote: string;
  liveId: string;
  canaryId: string | null;
}
export interface GcEvent {
  remote: string;
  action: string;
  fromId: string | null;
  toId: string | null;
  at: Date;
}

/**
 * The releases each event leaves served: a promote or a rollback puts `toId` live (and ends any canary), a canary
 * serves `toId` beside the live one, a canary withdrawn ends it.
 */
function replay(
  state: { live: string | null; canary: string | null },
  event: GcEvent,
): { live: string | null; canary: string | null } {
  switch (event.action) {
    case 'promote':
    case 'rollback':
      return { live: event.toId, canary: null };
    case 'canary':
      return { ...state, canary: event.toId };
    case 'canary_rollback':
      return { ...state, canary: null };
    default:
      return state;
  }
}

/**
 * What the retention deletes, a pure function of the registry: per remote, every release except the last `keepLast`
 * registered, those live or canary at some moment of the last `keepDays` days (from the trail), the live and canary
 * ones now, and the one a rollback would return to (so that `pnpm registry rollback` always works).
 */
export function selectReleasesToCollect(
  registry: { releases: GcRelease[]; pointers: GcPointer[]; events: GcEvent[] },
  now: Date,
  { keepLast = GC_KEEP_LAST, keepDays = GC_KEEP_DAYS } = {},
): GcRelease[] {
  const since = now.getTime() - keepDays * 24 * 3600 * 1000;
  const kept = new Set<string>();
  const keep = (remote: string, id: string | null | undefined) => {
    if (id) kept.add(`${remote}/${id}`);
  };
  const remotes = [...new Set(registry.releases.map((release) => release.remote))];
  for (const remote of remotes) {
    registry.releases
      .filter((release) => release.remote === remote)
      .sort((a, b) => b.registeredAt.getTime() - a.registeredAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, keepLast)
      .forEach((release) => keep(remote, release.id));
    const pointer = registry.pointers.find((p) => p.remote === remote);
    keep(remote, pointer?.liveId);
    keep(remote, pointer?.canaryId);
    const events = registry.events.filter((event) => event.remote === remote);
    keep(remote, rollbackTarget(events));
    let served: { live: string | null; canary: string | null } = { live: null, canary: null };
    for (const event of events) {
      if (event.at.getTime() >= since) {
        // Served until this event at least, then whatever it serves.
        keep(remote, served.live);
        keep(remote, served.canary);
      }
      served = replay(served, event);
      if (event.at.getTime() >= since) {
        keep(remote, served.live);
        keep(remote, served.canary);
      }
    }
  }
  return registry.releases
    .filter((release) => !kept.has(`${release.remote}/${release.id}`))
    .sort((a, b) => a.remote.localeCompare(b.remote) || a.registeredAt.getTime() - b.registeredAt.getTime());
}

export interface GcResult {
  /** The releases deleted (or, with `dryRun`, those that would be) with the store's files of each. */
  collected: { remote: string; id: string; files: number }[];
}

/**
 * Deletes the releases the retention selects: for each, its row and its files in one transaction — the row first
 * (a pointer moved to it meanwhile makes the delete fail on the foreign key: the release is kept), then the files,
 * release.json first so that a half-deleted folder never passes for a complete release; a store failure rolls the
 * row back and the next run finishes. The trail keeps its events (they name releases by id, not by reference) and
 * gains one `gc` event per release deleted, in the same transaction: who deleted it, when.
 */
export async function collectReleases(
  db: Database,
  store: ReleaseStore,
  { dryRun, actor, now = new Date() }: { dryRun: boolean; actor: RegistryActor; now?: Date },
): Promise<GcResult> {
  const [rows, pointers, events] = await Promise.all([
    db
      .select({ remote: releases.remote, id: releases.id, registeredAt: releases.registeredAt })
      .from(releases),
    db
      .select({
        remote: releasePointers.remote,
        liveId: releasePointers.liveId,
        canaryId: releasePointers.canaryId,
      })
      .from(releasePointers),
    db
      .select({
        remote: releaseEvents.remote,
        action: releaseEvents.action,
        fromId: releaseEvents.fromId,
        toId: releaseEvents.toId,
        at: releaseEvents.at,
      })
      .from(releaseEvents)
      .orderBy(asc(releaseEvents.id)),
  ]);
  const collected: GcResult['collected'] = [];
  for (const release of selectReleasesToCollect({ releases: rows, pointers, events }, now)) {
    const keys = await store.list(`${release.remote}/${release.id}/`);
    if (!dryRun) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .delete(releases)
            .where(and(eq(releases.remote, release.remote), eq(releases.id, release.id)));
          await recordEvent(tx, actor, {
            remote: release.remote,
            action: 'gc',
            fromId: release.id,
            toId: null,
          });
          const manifestFirst = [...keys].sort(
            (a, b) => Number(b.endsWith('/release.json')) - Number(a.endsWith('/release.json')),
          );
          for (const key of manifestFirst) await store.delete(key);
        });
      } catch (error) {
        // Promoted between the selection and the delete: it is served again, so it stays.
        if (postgresErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) continue;
        throw error;
      }
    }
    collected.push({ remote: release.remote, id: release.id, files: keys.length });
  }
  return { collected };
}

/** `pnpm registry gc [--dry-run]`'s French report. */
export async function runGc(
  db: Database,
  store: ReleaseStore,
  dryRun: boolean,
  actor: RegistryActor,
): Promise<string[]> {
  const { collected } = await collectReleases(db, store, { dryRun, actor });
  if (collected.length === 0)
    return [
      `Aucune version à supprimer (rétention : ${GC_KEEP_LAST} dernières par module, servies depuis ${GC_KEEP_DAYS} jours).`,
    ];
  return [
    ...collected.map(
      (release) =>
        `${dryRun ? 'à supprimer' : 'supprimée'} : ${release.remote} ${release.id} (${release.files} fichier(s))`,
    ),
    dryRun
      ? `${collected.length} version(s) seraient supprimées de ${store.description} ; rien n'a été supprimé (--dry-run).`
      : `${collected.length} version(s) supprimées de ${store.description} et du registre.`,
  ];
}
