// Issue 38 §2, the host's side of the registry of releases: which release of each remote this tab loads (the canary
// choice, after login), and what a change of the registry does to an open tab (docs/micro-frontends.md « Canari »,
// « Onglets ouverts »).
import { checkStoredSession, releaseSide, type ReleaseSide, type RuntimeConfig } from 'shared';
import type { ServedRelease } from 'shared/contract';
import { createStore } from 'zustand/vanilla';
import { getRegistry } from './get-registry';
import { registeredEntry, reRegisterRemote, startupRegistry } from './registered-remotes';

/** Without a socket, a navigation re-reads the registry at most this often. */
export const REGISTRY_REVALIDATE_MS = 30_000;

/** The release of a remote this tab uses. `releaseId` is null for an entry the registry of releases does not manage. */
export interface ChosenRelease {
  entry: string;
  releaseId: string | null;
  side: ReleaseSide;
  /** What that release requires of the host (issue 38 §4), checked before it loads; absent for a build's entry. */
  requirements?: unknown;
}

/** A remote's live release, or its canary for the users on the canary's side (a stable hash of user and remote). */
export function chooseRelease(
  config: RuntimeConfig,
  remote: string,
  userId: string | number | undefined,
): ChosenRelease | undefined {
  const entry = (config.remotes as Partial<Record<string, string>>)[remote];
  if (entry === undefined) return undefined;
  const release = (config.releases as Partial<Record<string, ServedRelease>> | undefined)?.[remote];
  const canary = release?.canary;
  if (
    canary !== undefined &&
    userId !== undefined &&
    releaseSide(userId, remote, canary.percent) === 'canary'
  )
    return {
      entry: canary.entry,
      releaseId: canary.id,
      side: 'canary',
      ...(canary.requirements !== undefined && { requirements: canary.requirements }),
    };
  return {
    entry,
    releaseId: release?.id ?? null,
    side: 'live',
    ...(release?.requirements !== undefined && { requirements: release.requirements }),
  };
}

/**
 * What a new registry does to a remote in an open tab: nothing when its entry is unchanged; a remote not loaded yet
 * is re-registered (its next visit loads the new release, no reload); a loaded one cannot change under the page on
 * screen: the banner, and a full load on the next navigation into it.
 */
export type RegistryDecision = 'keep' | 're-register' | 'banner';

export function registryDecision(
  remote: { loaded?: string | undefined; registered?: string | undefined },
  entry: string,
): RegistryDecision {
  const same = (current: string | undefined) =>
    current !== undefined &&
    new URL(current, window.location.href).href === new URL(entry, window.location.href).href;
  if (remote.loaded !== undefined) return same(remote.loaded) ? 'keep' : 'banner';
  return same(remote.registered) ? 'keep' : 're-register';
}

export interface RemoteReleasesState {
  /** The registry this tab last read (the start-up's until a change is heard). */
  config: RuntimeConfig | undefined;
  /** The release each remote was loaded from in this tab (from its first load on). */
  loaded: Partial<Record<string, ChosenRelease>>;
  /** The loaded remotes whose release the registry no longer gives this user. */
  stale: Partial<Record<string, true>>;
  /** When the registry was last read, and its ETag. */
  checkedAt: number;
  etag: string | null;
}

export const remoteReleasesStore = createStore<RemoteReleasesState>(() => ({
  config: undefined,
  loaded: {},
  stale: {},
  checkedAt: 0,
  etag: null,
}));

/** The registry as this tab knows it: the last one read, else the start-up's. */
function knownRegistry(): RuntimeConfig | undefined {
  return remoteReleasesStore.getState().config ?? startupRegistry()?.config;
}

/** The signed-in user (the token's subject), the key of the canary's choice. */
function currentUserId(): string | undefined {
  const session = checkStoredSession();
  return session.status === 'valid' ? session.claims.sub : undefined;
}

/**
 * Before a remote's first load in this tab: registers the release this user gets (the canary's side is known only
 * now, after login) and records it as loaded — from then on the runtime keeps what it fetched of it. Returns that
 * release (its requirements are checked before the load), undefined for a remote the registry does not name.
 */
export function prepareRemoteLoad(remote: string): ChosenRelease | undefined {
  const loaded = remoteReleasesStore.getState().loaded[remote];
  if (loaded !== undefined) return loaded;
  const config = knownRegistry();
  if (config === undefined) return undefined;
  const chosen = chooseRelease(config, remote, currentUserId());
  if (chosen === undefined) return undefined;
  reRegisterRemote(remote, chosen.entry);
  remoteReleasesStore.setState((state) => ({ loaded: { ...state.loaded, [remote]: chosen } }));
  return chosen;
}

/** A load that failed leaves nothing on screen: the next attempt may take another release (e.g. after a rollback). */
export function forgetRemoteLoad(remote: string): void {
  remoteReleasesStore.setState((state) => {
    const { [remote]: _failed, ...loaded } = state.loaded;
    const { [remote]: _stale, ...stale } = state.stale;
    return { loaded, stale };
  });
}

/** Applies a registry just read to this tab: re-registers the remotes not loaded yet, flags the loaded ones. */
export function applyRegistry(config: RuntimeConfig): void {
  const userId = currentUserId();
  const { loaded, stale } = remoteReleasesStore.getState();
  const nextStale = { ...stale };
  for (const remote of Object.keys(config.remotes)) {
    const chosen = chooseRelease(config, remote, userId);
    if (chosen === undefined) continue;
    const decision = registryDecision(
      { loaded: loaded[remote]?.entry, registered: registeredEntry(remote) },
      chosen.entry,
    );
    if (decision === 're-register') reRegisterRemote(remote, chosen.entry);
    if (decision === 'banner') nextStale[remote] = true;
    // A rollback to the release on screen: nothing to reload any more.
    else delete nextStale[remote];
  }
  remoteReleasesStore.setState({ config, stale: nextStale });
}

let reading: Promise<void> | undefined;

/**
 * Re-reads `/runtime-config.json` with its ETag (304: unchanged) and applies it. Reads asked for while one is under
 * way share it. A failure is logged: the tab keeps what it has, and the next navigation or event tries again.
 */
export function revalidateRegistry(): Promise<void> {
  reading ??= (async () => {
    // Until a read of its own, the tab holds the start-up's registry: its ETag makes an unchanged one a 304.
    const { config, etag } = remoteReleasesStore.getState();
    const read = await getRegistry(config === undefined ? (startupRegistry()?.etag ?? null) : etag);
    const checkedAt = Date.now();
    if (!read.changed) return remoteReleasesStore.setState({ checkedAt });
    remoteReleasesStore.setState({ checkedAt, etag: read.etag });
    applyRegistry(read.config);
  })()
    .catch((error: unknown) => console.error(error))
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

/** On a navigation without a socket: re-reads the registry if it was last read 30 s ago or more. */
export function revalidateRegistryOnNavigation(
  socketOpen: boolean,
  now = Date.now(),
): Promise<void> | undefined {
  if (socketOpen) return undefined;
  const checkedAt = Math.max(remoteReleasesStore.getState().checkedAt, startupRegistry()?.readAt ?? 0);
  if (now - checkedAt < REGISTRY_REVALIDATE_MS) return undefined;
  return revalidateRegistry();
}
