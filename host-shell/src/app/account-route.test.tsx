import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, authStore, configureApiClient, login } from 'shared';
import { mockToken } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { createTestQueryClient } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountRoute from './account-route';

/** A token signed an hour ago: the one the password change replaces differs from it. */
const OLD_TOKEN = mockToken({ iat: Math.floor(Date.now() / 1000) - 3600 });

/** Requests sent: method, path and body. */
const sent: { method: string; path: string; body: unknown }[] = [];

function renderAccount() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Connexion</h1> },
      { path: '/dashboard/mon-compte', element: <AccountRoute /> },
    ],
    { initialEntries: ['/dashboard/mon-compte'] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup({ delay: null }) };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function submitPasswords(
  user: ReturnType<typeof userEvent.setup>,
  values: { current: string; next: string; confirmation?: string },
) {
  fill('Mot de passe actuel', values.current);
  fill('Nouveau mot de passe', values.next);
  fill('Confirmation du nouveau mot de passe', values.confirmation ?? values.next);
  await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

const writes = () => sent.filter((request) => request.method !== 'GET');

beforeEach(() => {
  authStore.setState({ isAuthenticated: false, jwtTokenDecoded: {} });
  configureApiClient({ baseURL: '/api', onUnauthorized: vi.fn() });
  login(OLD_TOKEN);
  sent.length = 0;
  mockServer.events.on('request:start', async ({ request }) => {
    const body: unknown =
      request.method === 'GET'
        ? null
        : await request
            .clone()
            .json()
            .catch(() => null);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
  });
});
afterEach(() => mockServer.events.removeAllListeners());

describe('« Mon compte »', () => {
  it("shows the signed-in user's name, e-mail and role, read from the API", async () => {
    renderAccount();
    expect(screen.getByRole('heading', { name: 'Mon compte' })).toBeTruthy();
    expect(await screen.findByText('admin@ebas3.fr')).toBeTruthy();
    expect(screen.getByText('Camille')).toBeTruthy();
    expect(screen.getByText('Martin')).toBeTruthy();
    expect(screen.getByText('Administrateur')).toBeTruthy();
    expect(sent).toEqual([{ method: 'GET', path: '/api/auth/me', body: null }]);
  });

  it('says when the account cannot be read, and reads it again on « Réessayer »', async () => {
    let fail = true;
    mockServer.use(
      http.get('/api/auth/me', () =>
        fail ? HttpResponse.json({ message: 'Erreur interne.' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderAccount();
    expect(await screen.findByText('Impossible de charger votre compte.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('admin@ebas3.fr')).toBeTruthy();
  });

  it('changes the password with the current one and keeps the session with the new token', async () => {
    const { router, user } = renderAccount();
    await submitPasswords(user, { current: 'Admin!2023', next: 'Un-nouveau-mot-de-passe' });
    expect(
      await screen.findByText('Votre mot de passe a été modifié. Vos autres sessions ont été fermées.'),
    ).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/auth/password',
        body: { currentPassword: 'Admin!2023', password: 'Un-nouveau-mot-de-passe' },
      },
    ]);
    const stored = window.localStorage.getItem('token');
    expect(stored).not.toBeNull();
    expect(stored).not.toBe(OLD_TOKEN);
    expect(authStore.getState().isAuthenticated).toBe(true);
    expect(router.state.location.pathname).toBe('/dashboard/mon-compte');
    // The form is emptied for the next time.
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Mot de passe actuel') as HTMLInputElement).value).toBe(''),
    );
  });

  it('says so beside the form when the current password is wrong, and keeps the session', async () => {
    const { router, user } = renderAccount();
    await submitPasswords(user, { current: 'pas le bon', next: 'Un-nouveau-mot-de-passe' });
    const alerts = await screen.findAllByRole('alert');
    expect(
      alerts.some(
        (alert) =>
          alert.classList.contains('ant-alert') &&
          alert.textContent?.includes('Le mot de passe actuel est incorrect.'),
      ),
    ).toBe(true);
    expect(window.localStorage.getItem('token')).toBe(OLD_TOKEN);
    expect(router.state.location.pathname).toBe('/dashboard/mon-compte');
  });

  it('checks the new password as the sign-up does, before sending anything', async () => {
    const { user } = renderAccount();
    await submitPasswords(user, { current: 'Admin!2023', next: 'court' });
    expect(
      await screen.findByText('Le champ Nouveau mot de passe doit contenir au moins 10 caractères'),
    ).toBeTruthy();
    await submitPasswords(user, {
      current: 'Admin!2023',
      next: 'Un-nouveau-mot-de-passe',
      confirmation: 'Un-autre-mot-de-passe',
    });
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas')).toBeTruthy();
    fill('Mot de passe actuel', '');
    expect(await screen.findByText('Le champ Mot de passe actuel est obligatoire')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('« Déconnecter toutes mes sessions » asks first, then ends them all and goes back to the login', async () => {
    window.localStorage.setItem('preferences', '{}');
    const { router, user } = renderAccount();
    await user.click(screen.getByRole('button', { name: /Déconnecter toutes mes sessions/ }));
    expect(await screen.findByText('Déconnecter toutes vos sessions ?')).toBeTruthy();
    expect(writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Tout déconnecter' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes()).toEqual([{ method: 'POST', path: '/api/auth/logout-all', body: null }]);
    expect(window.localStorage.length).toBe(0);
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});
