import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { findRoute, login, logout, parseRuntimeConfig, releaseSide } from 'shared';
import { mockToken } from 'shared/mocks';
import { renderWithProviders } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemotePage } from './components/remote-page';
import {
  forgetRemotePages,
  loadRemotePages,
  RemoteUnavailableError,
  type PageMap,
} from './load-remote-pages';
import { registerRuntimeRemotes } from './register-remotes';
import { applyRegistry, remoteReleasesStore } from '../../lib/releases/remote-releases';

// Pages load lazily and antd renders slowly on a busy 2-core runner: give async queries some room.

// Loader and page share one file: each test file pays antd's import once (~2 s on 2 cores).

const { loadRemote } = vi.hoisted(() => ({ loadRemote: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote, registerRemotes: vi.fn() }));
// What a host build provides (its build defines it; a unit test has no build).
vi.mock('./host-provides', () => ({
  HOST_PROVIDES: {
    singletons: { react: '19.3.1' },
    antd: ['Table'],
    exports: { shared: ['apiClient'] },
    permissions: ['manageUsers'],
    federation: '2.9.1',
  },
}));

const pages: PageMap = { reservations: () => null };

describe('loadRemotePages', () => {
  beforeEach(() => {
    forgetRemotePages('mf_reservations');
    forgetRemotePages('mf_stats');
  });

  it("loads '<remote>/pages' and resolves to its default page map", async () => {
    const load = vi.fn().mockResolvedValue({ default: pages });
    await expect(loadRemotePages('mf_reservations', load)).resolves.toBe(pages);
    expect(load).toHaveBeenCalledWith('mf_reservations/pages');
  });

  it('caches the promise per remote', async () => {
    const load = vi.fn().mockResolvedValue({ default: pages });
    const first = loadRemotePages('mf_reservations', load);
    const second = loadRemotePages('mf_reservations', load);
    expect(second).toBe(first);
    await first;
    expect(loadRemotePages('mf_reservations', load)).toBe(first);
    expect(load).toHaveBeenCalledOnce();
  });

  it('keeps one cache entry per remote', async () => {
    const load = vi.fn().mockResolvedValue({ default: pages });
    await loadRemotePages('mf_reservations', load);
    await loadRemotePages('mf_stats', load);
    expect(load.mock.calls).toEqual([['mf_reservations/pages'], ['mf_stats/pages']]);
  });

  it('forgets a failure: the next call loads again', async () => {
    const cause = new Error('réseau');
    const load = vi.fn().mockRejectedValueOnce(cause).mockResolvedValueOnce({ default: pages });
    const failed = loadRemotePages('mf_reservations', load);
    await expect(failed).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(failed).rejects.toMatchObject({ remote: 'mf_reservations', cause });
    await expect(loadRemotePages('mf_reservations', load)).resolves.toBe(pages);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('treats a module without default export as unavailable', async () => {
    const load = vi.fn().mockResolvedValueOnce(null).mockResolvedValueOnce({});
    await expect(loadRemotePages('mf_stats', load)).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(loadRemotePages('mf_stats', load)).rejects.toThrow('Le module mf_stats est indisponible');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a release whose code threw, loaded again in the same page, still says why (the runtime then answers nothing)', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('Panne simulée au chargement'))
      .mockResolvedValueOnce(undefined);
    await expect(loadRemotePages('mf_demandes', load)).rejects.toThrow(
      'Le module mf_demandes est indisponible',
    );
    const again = await loadRemotePages('mf_demandes', load).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(RemoteUnavailableError);
    expect((again as RemoteUnavailableError).reason).toBe('Panne simulée au chargement');
  });

  it('forgetRemotePages drops a cached success', async () => {
    const load = vi.fn().mockResolvedValue({ default: pages });
    await loadRemotePages('mf_reservations', load);
    forgetRemotePages('mf_reservations');
    await loadRemotePages('mf_reservations', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

const ReservationsPage = () => <h1>Liste des réservations</h1>;
const remoteModule = (pages: Record<string, ComponentType>) => ({ default: pages });

async function renderRemotePage(routeId: string) {
  const route = findRoute(routeId);
  await act(async () => {
    renderWithProviders(<RemotePage route={route} />, { url: `/dashboard/${route.path}` });
  });
}

/** Clicks 'Réessayer'; awaited under act so the page suspending on the fresh load resumes (as in a browser). */
async function retry() {
  const button = screen.getByRole('button', { name: 'Réessayer' });
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('RemotePage', () => {
  beforeEach(() => {
    forgetRemotePages('mf_reservations');
    remoteReleasesStore.setState({ config: undefined, loaded: {}, stale: {}, checkedAt: 0, etag: null });
    loadRemote.mockReset();
    // React and the boundary log caught errors; the assertions below are on what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders the page of its route from the remote page map', async () => {
    loadRemote.mockResolvedValue(remoteModule({ reservations: ReservationsPage }));
    await renderRemotePage('reservations');
    expect(await screen.findByRole('heading', { name: 'Liste des réservations' })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('mf_reservations/pages');
  });

  it("shows the French fallback when the remote is down, and 'Réessayer' reloads the page", async () => {
    const reload = vi.fn<() => void>();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    loadRemote.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderRemotePage('reservations');
    expect(await screen.findByText("Le module « Réservations » n'a pas pu être chargé")).toBeTruthy();
    expect(
      screen.getByText(
        'Module mf_reservations, version de la construction (hors registre) : Failed to fetch',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Le reste de l'application fonctionne/)).toBeTruthy();

    await retry();
    expect(reload).toHaveBeenCalledOnce();
    // No retry of its own: the load was tried once, the reload starts afresh.
    expect(loadRemote).toHaveBeenCalledOnce();
  });

  it('a release that throws while loading: module, release id and the message on one line, logged once', async () => {
    registerRuntimeRemotes(registry('20261207-082821-00d3e03-edfff3107412'));
    loadRemote.mockRejectedValue(new Error('Panne simulée\n   au chargement'));
    await renderRemotePage('reservations');
    expect(await screen.findByText("Le module « Réservations » n'a pas pu être chargé")).toBeTruthy();
    expect(
      screen.getByText(
        'Module mf_reservations, version 20261207-082821-00d3e03-edfff3107412 : Panne simulée au chargement',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    const logged = vi
      .mocked(console.error)
      .mock.calls.filter(([first]) => first === 'Module distant en échec :');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[1]).toMatchObject({
      name: 'RemoteUnavailableError',
      releaseId: '20261207-082821-00d3e03-edfff3107412',
    });
    // The fallback stays: nothing loads again until the user asks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadRemote).toHaveBeenCalledOnce();
  });

  it('cuts a long message to one line of 300 characters', () => {
    const reason = new RemoteUnavailableError('mf_stats', new Error(`début\n${'x'.repeat(400)}`), 'v1')
      .reason;
    expect(reason).toHaveLength(300);
    expect(reason.startsWith('début x')).toBe(true);
    expect(reason.endsWith('…')).toBe(true);
  });

  it('shows the error fallback when the remote does not expose the page', async () => {
    loadRemote.mockResolvedValue(remoteModule({}));
    await renderRemotePage('reservations');
    expect(await screen.findByText('Le module « Réservations » a rencontré une erreur')).toBeTruthy();
    expect(screen.getByText("La page reservations n'est pas exposée par mf_reservations")).toBeTruthy();
  });
});

/** The registry with mf-reservations on release `v2` requiring `live`, and a canary `v3` requiring `canary`. */
const registryWith = (live: unknown, canary?: { percent: number; requirements: unknown }) =>
  parseRuntimeConfig({
    apiBaseUrl: '/api',
    remotes: {
      mf_reservations: '/releases/mf-reservations/v2/mf-manifest.json',
      mf_demandes: '/remotes/mf-demandes/mf-manifest.json',
      mf_rooming_pointage: '/remotes/mf-rooming-pointage/mf-manifest.json',
      mf_referentiel: '/remotes/mf-referentiel/mf-manifest.json',
      mf_stats: '/remotes/mf-stats/mf-manifest.json',
    },
    releases: {
      mf_reservations: {
        id: 'v2',
        requirements: live,
        ...(canary && {
          canary: { id: 'v3', entry: '/releases/mf-reservations/v3/mf-manifest.json', ...canary },
        }),
      },
    },
  });

/** The first user id (from 1) on the given side of a canary of 50 % on mf_reservations. */
const userOn = (side: 'live' | 'canary') =>
  String(
    Array.from({ length: 100 }, (_, index) => index + 1).find(
      (id) => releaseSide(id, 'mf_reservations', 50) === side,
    ),
  );

const COMPATIBLE = { singletons: { react: '^19.0.0' }, antd: ['Table'] };
const INCOMPATIBLE = { singletons: { react: '^20.0.0' }, antd: ['Table', 'Transfer'] };

describe('RemotePage with the registry’s requirements', () => {
  beforeEach(() => {
    forgetRemotePages('mf_reservations');
    remoteReleasesStore.setState({ config: undefined, loaded: {}, stale: {}, checkedAt: 0, etag: null });
    loadRemote.mockReset();
    loadRemote.mockResolvedValue(remoteModule({ reservations: ReservationsPage }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    logout();
    vi.restoreAllMocks();
  });

  const expectRefused = async () => {
    expect(
      await screen.findByText(
        "Le module « Réservations » n'est pas compatible avec cette version de l'application",
      ),
    ).toBeTruthy();
    expect(screen.getByText(/react \^20\.0\.0 requis, l'hôte fournit 19\.3\.1/)).toBeTruthy();
    expect(screen.getByText(/composant antd Transfer requis/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(loadRemote).not.toHaveBeenCalled();
  };

  it('refuses an incompatible release before loading it: French fallback with the reason, logged, no retry', async () => {
    registerRuntimeRemotes(registryWith(INCOMPATIBLE));
    await renderRemotePage('reservations');
    await expectRefused();
    expect(console.error).toHaveBeenCalledWith(
      'Module distant en échec :',
      expect.objectContaining({ name: 'RemoteIncompatibleError' }),
      undefined,
    );
  });

  it('loads a release whose requirements the host meets', async () => {
    registerRuntimeRemotes(registryWith(COMPATIBLE));
    await renderRemotePage('reservations');
    expect(await screen.findByRole('heading', { name: 'Liste des réservations' })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledOnce();
  });

  it('checks the canary’s own requirements for a user on the canary’s side', async () => {
    registerRuntimeRemotes(registryWith(COMPATIBLE, { percent: 50, requirements: INCOMPATIBLE }));
    login(mockToken({ sub: userOn('canary') }));
    await renderRemotePage('reservations');
    await expectRefused();
  });

  it('an incompatible canary leaves the users on the live side on the live release', async () => {
    registerRuntimeRemotes(registryWith(COMPATIBLE, { percent: 50, requirements: INCOMPATIBLE }));
    login(mockToken({ sub: userOn('live') }));
    await renderRemotePage('reservations');
    expect(await screen.findByRole('heading', { name: 'Liste des réservations' })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledOnce();
  });

  it('a compatible canary loads on its side even when the live release would be refused', async () => {
    registerRuntimeRemotes(registryWith(INCOMPATIBLE, { percent: 50, requirements: COMPATIBLE }));
    login(mockToken({ sub: userOn('canary') }));
    await renderRemotePage('reservations');
    expect(await screen.findByRole('heading', { name: 'Liste des réservations' })).toBeTruthy();
  });
});

/** The registry with mf-reservations on release `id` (the other remotes on their build's entry). */
const registry = (id: string) =>
  parseRuntimeConfig({
    apiBaseUrl: '/api',
    remotes: {
      mf_reservations: `/releases/mf-reservations/${id}/mf-manifest.json`,
      mf_demandes: '/remotes/mf-demandes/mf-manifest.json',
      mf_rooming_pointage: '/remotes/mf-rooming-pointage/mf-manifest.json',
      mf_referentiel: '/remotes/mf-referentiel/mf-manifest.json',
      mf_stats: '/remotes/mf-stats/mf-manifest.json',
    },
    releases: { mf_reservations: { id } },
  });

/** A link inside the remote's page (another of its routes), to navigate without leaving it. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      Aller
    </button>
  );
}

describe('RemotePage after a change of the registry (open tabs)', () => {
  let reload: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    forgetRemotePages('mf_reservations');
    remoteReleasesStore.setState({ config: undefined, loaded: {}, stale: {}, checkedAt: 0, etag: null });
    registerRuntimeRemotes(registry('r1'));
    loadRemote.mockReset();
    loadRemote.mockResolvedValue(remoteModule({ reservations: ReservationsPage }));
    reload = vi.fn<() => void>();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
  });
  afterEach(() => vi.restoreAllMocks());

  it('marks the release on screen, and shows « Nouvelle version du module disponible » once another is promoted', async () => {
    const route = findRoute('reservations');
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = renderWithProviders(
        <>
          <RemotePage route={route} />
          <GoTo to="/dashboard/autre-page-du-module" />
        </>,
        { url: `/dashboard/${route.path}` },
      ));
    });
    await screen.findByRole('heading', { name: 'Liste des réservations' });
    expect(container.querySelector('[data-remote="mf_reservations"]')?.getAttribute('data-release')).toBe(
      'r1',
    );
    expect(screen.queryByText('Nouvelle version du module disponible')).toBeNull();

    act(() => applyRegistry(registry('r2')));
    expect(await screen.findByText('Nouvelle version du module disponible')).toBeTruthy();
    // The page on screen stays: no reload until the user asks or navigates.
    expect(screen.getByRole('heading', { name: 'Liste des réservations' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(reload).toHaveBeenCalledOnce();

    // The next navigation inside the remote is a full load too.
    reload.mockClear();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Aller' }));
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a rollback to the release on screen takes the banner away', async () => {
    await renderRemotePage('reservations');
    await screen.findByRole('heading', { name: 'Liste des réservations' });
    act(() => applyRegistry(registry('r2')));
    await screen.findByText('Nouvelle version du module disponible');
    act(() => applyRegistry(registry('r1')));
    await vi.waitFor(() => expect(screen.queryByText('Nouvelle version du module disponible')).toBeNull());
  });

  it('arriving at a remote whose release changed since it loaded is a full page load', async () => {
    await renderRemotePage('reservations');
    await screen.findByRole('heading', { name: 'Liste des réservations' });
    act(() => applyRegistry(registry('r2')));
    cleanup();
    expect(reload).not.toHaveBeenCalled();

    await renderRemotePage('reservations');
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.queryByRole('heading', { name: 'Liste des réservations' })).toBeNull();
  });
});
