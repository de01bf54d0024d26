// The registry of releases (issue 38 §2), free of any schema library: the shell reads the served registry's types at
// start-up without downloading TypeBox (releases.ts holds the API's schemas and re-exports these).

/** Under the API prefix: the registry's administration (administrators only). */
export const REGISTRY_PATH = '/registry';

/**
 * Where the API serves the files of a release, outside `/api`: `/releases/<remote>/<id>/<file>`. The one place the
 * path form is written: the registry's served entries and the release store's serving both read it.
 */
export const RELEASE_FILES_PATH = '/releases';

/** The entry the host registers for a release of a remote: its federation manifest, at its versioned path. */
export const releaseEntryPath = (remote: string, id: string): string =>
  `${RELEASE_FILES_PATH}/${remote}/${id}/mf-manifest.json`;

/** A remote's name as the release store and the command line spell it, its folder's: `mf-stats`, `host-shell`. */
export const REMOTE_NAME_PATTERN = '^[a-z][a-z0-9]*(-[a-z0-9]+)+$';
/** When a release was built: an ISO 8601 day, or instant with its offset (`2026-12-07T10:00:00.000Z`). */
export const BUILT_AT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$';
/** A release id: one path segment (e.g. `20261207-abc1234-9f3e2d1c`), never `.` or `..`. */
export const RELEASE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$';

/** A canary's share of users, in percent. */
export const CANARY_PERCENT_MIN = 1;
export const CANARY_PERCENT_MAX = 99;

/**
 * What the registry's trail records: a release registered, promoted live, started as a canary, rolled back to the
 * previous live release, a canary withdrawn, or a release deleted by the retention (`pnpm registry gc`, `fromId`).
 */
export const RELEASE_ACTIONS = [
  'register',
  'promote',
  'canary',
  'rollback',
  'canary_rollback',
  'gc',
] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export const RELEASE_ACTION_LABELS: Record<ReleaseAction, string> = {
  register: 'Enregistrement',
  promote: 'Mise en ligne',
  canary: 'Canari',
  rollback: 'Retour arrière',
  canary_rollback: 'Canari retiré',
  gc: 'Suppression (rétention)',
};

/**
 * The reason of a change of pointer is optional everywhere (API, `pnpm registry`, the screen): a rollback during an
 * incident must not wait for a sentence. The trail keeps null; the history says « Sans motif » for such a change.
 */
export const RELEASE_NO_REASON = 'Sans motif';

/** The reason the history shows for an event: its own, « Sans motif » for a change of pointer without one. */
export function releaseEventReason(event: { action: ReleaseAction; reason: string | null }): string | null {
  if (event.reason !== null) return event.reason;
  return event.action === 'register' || event.action === 'gc' ? null : RELEASE_NO_REASON;
}

/** Who changed the registry: an administrator through the API, or an operator through `pnpm registry`. */
export const RELEASE_ACTOR_KINDS = ['user', 'cli'] as const;
export type ReleaseActorKind = (typeof RELEASE_ACTOR_KINDS)[number];

/** A remote's live release as `/runtime-config.json` serves it (`releases.<federation name>`). */
export interface ServedRelease {
  id: string;
  /** The candidate a stable share of users gets instead (chosen by the host after login). */
  canary?: { id: string; entry: string; percent: number; requirements?: unknown };
  /** The release's own declarations (issue 38 §3 and §4), as its release.json carries them. */
  routes?: unknown;
  menu?: unknown;
  requirements?: unknown;
}

/**
 * The release a rollback returns to: the live releases form a stack — each promote pushes the release it replaced,
 * each rollback pops the one it returned to — so promote v1, v2, v3 then rollback, rollback gives v2, then v1.
 */
export function rollbackTarget(events: readonly { action: string; fromId: string | null }[]): string | null {
  const stack: string[] = [];
  for (const event of events) {
    if (event.action === 'promote' && event.fromId !== null) stack.push(event.fromId);
    else if (event.action === 'rollback') stack.pop();
  }
  return stack.at(-1) ?? null;
}
