import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { authStore, installDeclarations } from 'shared';
import { mockToken } from 'shared/mocks';
import { productDeclarations } from 'shared/testing';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rootRoutes } from './app';
import { queryClient } from './query-client';
import { loadSignedIn, setStartupConfig } from './signed-in-loader';

// Pages load lazily and antd renders slowly on a busy 2-core runner: give async queries some room.

const federation = vi.hoisted(() => ({
  pages: {} as Record<string, ComponentType>,
  loadRemote: vi.fn(),
}));

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: federation.loadRemote,
  registerRemotes: vi.fn(),
}));

federation.pages.reservations = () => <h1>Page des réservations</h1>;
federation.pages.etablissement = () => <h1>Page des établissements</h1>;
federation.pages['reservation-integrale'] = () => <h1>Page des réservations intégrales</h1>;
federation.pages['fiche-resa'] = () => {
  throw new Error('bug du module');
};

/**
 * Renders the real route table at `url` — the login page, and the signed-in part loaded as the app loads it —;
 * awaited so that pages suspending on `use()` resume under act.
 */
async function renderAt(url: string) {
  const router = createMemoryRouter(rootRoutes(), { initialEntries: [url] });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

setStartupConfig({ apiBaseUrl: '/api', remotes: {} as never });
// The signed-in part's code (antd, the shell) imported once for the file, as the page's start-up does, rather than
// inside whichever test comes first.
beforeAll(async () => {
  await loadSignedIn();
}, 60_000);

beforeEach(() => {
  authStore.setState({ isAuthenticated: false, jwtTokenDecoded: {} });
  federation.loadRemote.mockImplementation(async () => ({ default: federation.pages }));
});
afterEach(() => {
  vi.restoreAllMocks();
  // The app's one cache (signed-in.tsx): each test starts from an empty one, as a new page would.
  queryClient.clear();
});

describe('public routes', () => {
  it("'/' with a valid stored token redirects to the dashboard", async () => {
    window.localStorage.setItem('token', mockToken());
    const router = await renderAt('/');
    // The file's first dashboard: antd computes the frame's styles for the first time (8 s seen on a busy runner).
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("'/' without a token shows the login form", async () => {
    const router = await renderAt('/');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByLabelText('Adresse e-mail')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("signing in on '/' loads the signed-in part: the dashboard, then the client's « Bienvenue » toast", async () => {
    const router = await renderAt('/');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'admin@ebas3.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Admin!2023');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    // Sent while the login page was shown, before the providers that show toasts had mounted.
    expect(await screen.findByText('Bienvenue, Camille !', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("a refused login on '/' shows the message on the form and as the client's error toast", async () => {
    const router = await renderAt('/');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'admin@ebas3.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await vi.waitFor(
      () => {
        const shown = screen.getAllByText('Adresse e-mail ou mot de passe incorrect.');
        expect(shown.some((element) => element.closest('#login-error'))).toBe(true);
        expect(shown.some((element) => element.closest('.ant-notification'))).toBe(true);
      },
      { timeout: 5000 },
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it("'/' with an undecodable token clears storage and shows the login form", async () => {
    window.localStorage.setItem('token', 'abîmé');
    await renderAt('/');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("'/signup' shows the sign-up form without a token", async () => {
    await renderAt('/signup');
    expect(await screen.findByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
  });

  it("'/signup' with a valid stored token redirects to the dashboard", async () => {
    window.localStorage.setItem('token', mockToken());
    const router = await renderAt('/signup');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("'/mot-de-passe-oublie' shows its form without a token", async () => {
    await renderAt('/mot-de-passe-oublie');
    expect(await screen.findByRole('button', { name: 'Envoyer le lien' })).toBeTruthy();
  });

  it("'/reinitialiser-mot-de-passe' opens whoever is signed in (the reset ends every session of its account)", async () => {
    window.localStorage.setItem('token', mockToken());
    const router = await renderAt('/reinitialiser-mot-de-passe#token=' + 'A'.repeat(43));
    expect(await screen.findByRole('button', { name: 'Changer le mot de passe' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reinitialiser-mot-de-passe');
  });

  it("'/view-pdf?id=1' without a token redirects to '/'", async () => {
    const router = await renderAt('/view-pdf?id=1');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('an unknown path shows the not-found page', async () => {
    await renderAt('/nulle-part');
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
  });
});

describe('protected dashboard', () => {
  it("'/dashboard' without a token redirects to '/'", async () => {
    const router = await renderAt('/dashboard');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("a child route without a token redirects to '/'", async () => {
    const router = await renderAt('/dashboard/reservations');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(federation.loadRemote).not.toHaveBeenCalled();
  });

  it('an undecodable token clears local storage and reloads the page', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    window.localStorage.setItem('token', 'a.%%%.b');
    window.localStorage.setItem('preferences', '{}');
    await renderAt('/dashboard/reservations');
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.localStorage.length).toBe(0);
    expect(screen.queryByText('Page des réservations')).toBeNull();
  });

  it('an expired token clears local storage and reloads the page', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const past = Math.floor(Date.now() / 1000) - 10;
    window.localStorage.setItem('token', mockToken({ iat: past - 60, exp: past }));
    await renderAt('/dashboard');
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('a child route with a token renders its remote page inside the shell', async () => {
    window.localStorage.setItem('token', mockToken());
    await renderAt('/dashboard/reservations');
    expect(
      await screen.findByRole('heading', { name: 'Page des réservations' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(federation.loadRemote).toHaveBeenCalledWith('mf_reservations/pages');
  });

  it("'/dashboard/mon-compte' is the host's own page, inside the shell, with no remote loaded", async () => {
    federation.loadRemote.mockClear();
    window.localStorage.setItem('token', mockToken());
    await renderAt('/dashboard/mon-compte');
    expect(await screen.findByRole('heading', { name: 'Mon compte' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(federation.loadRemote).not.toHaveBeenCalled();
  });

  it('an unknown dashboard path shows the not-found page inside the shell', async () => {
    window.localStorage.setItem('token', mockToken());
    await renderAt('/dashboard/inconnu');
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
  });

  it('an extra route with a token without subject is not found', async () => {
    window.localStorage.setItem('token', mockToken({ sub: undefined }));
    await renderAt('/dashboard/etablissement');
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
    expect(screen.queryByText('Page des établissements')).toBeNull();
  });

  it('an extra route with a subject claim renders its remote page', async () => {
    window.localStorage.setItem('token', mockToken({ sub: '1' }));
    await renderAt('/dashboard/etablissement');
    expect(await screen.findByRole('heading', { name: 'Page des établissements' })).toBeTruthy();
    expect(federation.loadRemote).toHaveBeenCalledWith('mf_referentiel/pages');
  });
});

describe('remote isolation', () => {
  it('a remote page that throws shows the fallback; the menu, top bar and footer stay usable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem('token', mockToken());
    const router = await renderAt('/dashboard/fiche-resa/3');

    expect(
      await screen.findByText(
        'Le module « Fiche réservation » a rencontré une erreur',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Raccourcis' })).toBeTruthy();
    expect(screen.getByText('EBAS3 ©2023')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Résa. intégrale' }));
    expect(await screen.findByRole('heading', { name: 'Page des réservations intégrales' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/reservation-integrale');
    expect(screen.queryByText(/a rencontré une erreur/)).toBeNull();
  });
});

describe('routes and menu entries declared by the remotes at run time (issue 38 §3)', () => {
  beforeEach(() =>
    installDeclarations({
      ...productDeclarations(),
      // A sixth remote the registry adds: no host build knows it.
      mf_facturation: {
        routes: [
          { id: 'devis', path: 'devis', title: 'Devis' },
          { id: 'relances', path: 'relances', title: 'Relances', permission: 'manageUsers' },
        ],
        menu: [{ group: 'client', routeId: 'devis', label: 'Devis', order: 55 }],
      },
    }),
  );
  afterEach(() => installDeclarations(productDeclarations()));

  it("a deep link into a sixth remote's route loads its page, and its menu entry shows in its group", async () => {
    federation.pages.devis = () => <h1>Page des devis</h1>;
    window.localStorage.setItem('token', mockToken());
    await renderAt('/dashboard/devis');
    expect(await screen.findByRole('heading', { name: 'Page des devis' })).toBeTruthy();
    expect(federation.loadRemote).toHaveBeenCalledWith('mf_facturation/pages');
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(menu.querySelector('a[href="/dashboard/devis"]')?.textContent).toBe('Devis');
  });

  it('a route that declares a permission is not found for a user without it', async () => {
    federation.pages.relances = () => <h1>Page des relances</h1>;
    window.localStorage.setItem('token', mockToken({ role: 'agent' }));
    await renderAt('/dashboard/relances');
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
    expect(screen.queryByText('Page des relances')).toBeNull();
  });

  it("a remote's route missing from the served declarations is not found (its release withdrawn)", async () => {
    const { mf_stats: _withdrawn, ...others } = productDeclarations();
    installDeclarations(others);
    window.localStorage.setItem('token', mockToken());
    await renderAt('/dashboard/StatsPerPax');
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
  });
});
