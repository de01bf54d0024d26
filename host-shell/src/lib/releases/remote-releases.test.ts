import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { login, parseRuntimeConfig, releaseSide, type RuntimeConfig } from 'shared';
import { mockToken } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { publishRealtimeEvent, setRealtimeStatus } from 'shared/realtime';
import { useReleaseUpdates } from './use-release-updates';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerStartupRemotes as registerRuntimeRemotes } from './registered-remotes';
import {
  applyRegistry,
  chooseRelease,
  forgetRemoteLoad,
  prepareRemoteLoad,
  REGISTRY_REVALIDATE_MS,
  registryDecision,
  remoteReleasesStore,
  revalidateRegistryOnNavigation,
} from './remote-releases';

const { registerRemotes } = vi.hoisted(() => ({ registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes }));

const entry = (remote: string, id: string) => `/releases/${remote}/${id}/mf-manifest.json`;
const href = (path: string) => new URL(path, window.location.href).href;

/** The registry with mf-stats and mf-demandes on releases `stats` and `demandes`, a canary on mf-stats if asked. */
function registry(stats: string, demandes: string, canary?: { id: string; percent: number }): RuntimeConfig {
  return parseRuntimeConfig({
    apiBaseUrl: '/api',
    remotes: {
      mf_reservations: '/remotes/mf-reservations/mf-manifest.json',
      mf_demandes: entry('mf-demandes', demandes),
      mf_rooming_pointage: '/remotes/mf-rooming-pointage/mf-manifest.json',
      mf_referentiel: '/remotes/mf-referentiel/mf-manifest.json',
      mf_stats: entry('mf-stats', stats),
    },
    releases: {
      mf_stats: {
        id: stats,
        ...(canary && { canary: { ...canary, entry: entry('mf-stats', canary.id) } }),
      },
      mf_demandes: { id: demandes },
    },
  });
}

/** The first user id (from 1) on the given side of a canary of `percent` % on mf_stats. */
const userOn = (side: 'live' | 'canary', percent: number) =>
  String(
    Array.from({ length: 100 }, (_, index) => index + 1).find(
      (id) => releaseSide(id, 'mf_stats', percent) === side,
    ),
  );

/** The forced re-registrations the runtime was asked for: [remote, entry]. */
const forced = () =>
  registerRemotes.mock.calls
    .filter(([, options]) => (options as { force?: boolean } | undefined)?.force === true)
    .map(([remotes]) => (remotes as Array<{ name: string; entry: string }>).map((r) => [r.name, r.entry]))
    .flat();

beforeEach(() => {
  remoteReleasesStore.setState({ config: undefined, loaded: {}, stale: {}, checkedAt: 0, etag: null });
  registerRuntimeRemotes(registry('s1', 'd1'));
  registerRemotes.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('chooseRelease', () => {
  it('gives the live release without a canary, and without a signed-in user', () => {
    expect(chooseRelease(registry('s1', 'd1'), 'mf_stats', '7')).toEqual({
      entry: entry('mf-stats', 's1'),
      releaseId: 's1',
      side: 'live',
    });
    expect(chooseRelease(registry('s1', 'd1', { id: 's2', percent: 99 }), 'mf_stats', undefined)?.side).toBe(
      'live',
    );
  });

  it('at 50 %, two users get two releases, and each the same one at every choice', () => {
    const config = registry('s1', 'd1', { id: 's2', percent: 50 });
    const [live, canary] = [userOn('live', 50), userOn('canary', 50)];
    expect(chooseRelease(config, 'mf_stats', live)).toMatchObject({ releaseId: 's1', side: 'live' });
    expect(chooseRelease(config, 'mf_stats', canary)).toEqual({
      entry: entry('mf-stats', 's2'),
      releaseId: 's2',
      side: 'canary',
    });
    expect(chooseRelease(config, 'mf_stats', canary)).toEqual(chooseRelease(config, 'mf_stats', canary));
  });

  it('an entry outside the registry of releases has no release id', () => {
    expect(chooseRelease(registry('s1', 'd1'), 'mf_referentiel', '7')).toMatchObject({ releaseId: null });
  });
});

describe('registryDecision', () => {
  it.each([
    { remote: { registered: entry('mf-stats', 's1') }, next: 's1', decision: 'keep' },
    { remote: { registered: href(entry('mf-stats', 's1')) }, next: 's1', decision: 'keep' },
    { remote: { registered: entry('mf-stats', 's1') }, next: 's2', decision: 're-register' },
    { remote: { registered: undefined }, next: 's2', decision: 're-register' },
    {
      remote: { loaded: entry('mf-stats', 's1'), registered: entry('mf-stats', 's1') },
      next: 's1',
      decision: 'keep',
    },
    {
      remote: { loaded: entry('mf-stats', 's1'), registered: entry('mf-stats', 's1') },
      next: 's2',
      decision: 'banner',
    },
  ] as const)('$decision for $remote → $next', ({ remote, next, decision }) => {
    expect(registryDecision(remote, entry('mf-stats', next))).toBe(decision);
  });
});

describe('the release a tab loads', () => {
  it('after login, registers the canary for a user on its side before the first load, once', () => {
    registerRuntimeRemotes(registry('s1', 'd1', { id: 's2', percent: 50 }));
    registerRemotes.mockClear();
    login(mockToken({ sub: userOn('canary', 50) }));
    prepareRemoteLoad('mf_stats');
    prepareRemoteLoad('mf_stats');
    expect(forced()).toEqual([['mf_stats', href(entry('mf-stats', 's2'))]]);
    expect(remoteReleasesStore.getState().loaded.mf_stats).toMatchObject({ releaseId: 's2', side: 'canary' });
  });

  it('leaves the live entry registered at start-up for a user on the live side', () => {
    registerRuntimeRemotes(registry('s1', 'd1', { id: 's2', percent: 50 }));
    registerRemotes.mockClear();
    login(mockToken({ sub: userOn('live', 50) }));
    prepareRemoteLoad('mf_stats');
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(remoteReleasesStore.getState().loaded.mf_stats).toMatchObject({ releaseId: 's1', side: 'live' });
  });

  it('a promote re-registers a remote not loaded yet, and flags a loaded one; a rollback clears the flag', () => {
    login(mockToken({ sub: '7' }));
    prepareRemoteLoad('mf_stats');
    applyRegistry(registry('s2', 'd2'));
    expect(forced()).toEqual([['mf_demandes', href(entry('mf-demandes', 'd2'))]]);
    expect(remoteReleasesStore.getState().stale).toEqual({ mf_stats: true });

    registerRemotes.mockClear();
    applyRegistry(registry('s1', 'd2'));
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(remoteReleasesStore.getState().stale).toEqual({});
  });

  it('a failed load is forgotten: the next registry re-registers the remote instead of flagging it', () => {
    prepareRemoteLoad('mf_stats');
    forgetRemoteLoad('mf_stats');
    applyRegistry(registry('s2', 'd1'));
    expect(forced()).toEqual([['mf_stats', href(entry('mf-stats', 's2'))]]);
    expect(remoteReleasesStore.getState().stale).toEqual({});
  });
});

describe('revalidation without a socket', () => {
  const ETAG = '"registre-v2"';
  let requests: Array<string | null> = [];
  beforeEach(() => {
    requests = [];
    mockServer.use(
      http.get('/runtime-config.json', ({ request }) => {
        const ifNoneMatch = request.headers.get('if-none-match');
        requests.push(ifNoneMatch);
        if (ifNoneMatch === ETAG) return new HttpResponse(null, { status: 304 });
        return HttpResponse.json(registry('s1', 'd2'), { headers: { etag: ETAG } });
      }),
    );
  });

  it('reads the registry at most every 30 s on navigation, with its ETag, and applies a change', async () => {
    const start = Date.now();
    expect(revalidateRegistryOnNavigation(false, start + 1_000)).toBeUndefined();
    expect(revalidateRegistryOnNavigation(false, start + REGISTRY_REVALIDATE_MS - 1_000)).toBeUndefined();
    await revalidateRegistryOnNavigation(false, start + REGISTRY_REVALIDATE_MS + 1_000);
    expect(requests).toEqual([null]);
    expect(forced()).toEqual([['mf_demandes', href(entry('mf-demandes', 'd2'))]]);
    expect(remoteReleasesStore.getState().etag).toBe(ETAG);

    const checkedAt = remoteReleasesStore.getState().checkedAt;
    expect(revalidateRegistryOnNavigation(false, checkedAt + REGISTRY_REVALIDATE_MS - 1)).toBeUndefined();
    registerRemotes.mockClear();
    await revalidateRegistryOnNavigation(false, checkedAt + REGISTRY_REVALIDATE_MS);
    expect(requests).toEqual([null, ETAG]);
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(remoteReleasesStore.getState().checkedAt).toBeGreaterThanOrEqual(checkedAt);
  });

  it('does not poll while the socket is open: its events say when to read', () => {
    expect(revalidateRegistryOnNavigation(true, Date.now() + 10 * REGISTRY_REVALIDATE_MS)).toBeUndefined();
    expect(requests).toEqual([]);
  });
});

describe('useReleaseUpdates', () => {
  it('re-reads the registry on the socket’s « registre » event and when the socket comes back', async () => {
    let requests = 0;
    mockServer.use(
      http.get('/runtime-config.json', () => {
        requests += 1;
        return HttpResponse.json(registry('s1', 'd2'));
      }),
    );
    setRealtimeStatus({ state: 'open', error: null });
    const { unmount } = renderHook(() => useReleaseUpdates(), { wrapper: MemoryRouter });
    publishRealtimeEvent('registre', {});
    await vi.waitFor(() => expect(forced()).toEqual([['mf_demandes', href(entry('mf-demandes', 'd2'))]]));
    expect(requests).toBe(1);

    setRealtimeStatus({ state: 'opening' });
    setRealtimeStatus({ state: 'open' });
    await vi.waitFor(() => expect(requests).toBe(2));
    unmount();
    setRealtimeStatus({ state: 'closed', error: null });
  });

  it('reads the registry when the socket first opens: a promote between the start-up read and then is not lost', async () => {
    let requests = 0;
    mockServer.use(
      http.get('/runtime-config.json', () => {
        requests += 1;
        return HttpResponse.json(registry('s1', 'd2'));
      }),
    );
    // The shell mounts before its socket: the live feed opens it once the first screen is idle.
    setRealtimeStatus({ state: 'closed', error: null });
    const { unmount } = renderHook(() => useReleaseUpdates(), { wrapper: MemoryRouter });
    setRealtimeStatus({ state: 'opening' });
    setRealtimeStatus({ state: 'open' });
    await vi.waitFor(() => expect(forced()).toEqual([['mf_demandes', href(entry('mf-demandes', 'd2'))]]));
    expect(requests).toBe(1);
    unmount();
    setRealtimeStatus({ state: 'closed', error: null });
  });

  it('sends the start-up read’s ETag at that first read: an unchanged registry costs a 304', async () => {
    const ETAG = '"registre-demarrage"';
    const sent: Array<string | null> = [];
    mockServer.use(
      http.get('/runtime-config.json', ({ request }) => {
        sent.push(request.headers.get('if-none-match'));
        return new HttpResponse(null, { status: 304 });
      }),
    );
    registerRuntimeRemotes(registry('s1', 'd1'), ETAG);
    setRealtimeStatus({ state: 'closed', error: null });
    const { unmount } = renderHook(() => useReleaseUpdates(), { wrapper: MemoryRouter });
    setRealtimeStatus({ state: 'open' });
    await vi.waitFor(() => expect(sent).toEqual([ETAG]));
    await vi.waitFor(() => expect(remoteReleasesStore.getState().checkedAt).toBeGreaterThan(0));
    expect(forced()).toEqual([]);
    expect(remoteReleasesStore.getState().stale).toEqual({});
    unmount();
    setRealtimeStatus({ state: 'closed', error: null });
  });
});
