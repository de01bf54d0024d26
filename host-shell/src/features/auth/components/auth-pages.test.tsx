import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, authStore, configureApiClient, decodeToken } from 'shared';
import { MOCK_RESET_TOKEN, mockToken } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { createTestQueryClient, renderWithProviders } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginRequest } from '../api/login';
import ForgotPasswordPage from './forgot-password-page';
import LoginPage from './login-page';
import ResetPasswordPage from './reset-password-page';
import SignupPage from './signup-page';

// Pages load lazily and antd renders slowly on a busy 2-core runner: give async queries some room.

// Login, sign-up and the forgotten password share one file: each test file pays antd's import once (~2 s on 2 cores).

const onUnauthorized = vi.fn();

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPage signIn={loginRequest} /> },
      { path: '/dashboard', element: <h1>Accueil du tableau de bord</h1> },
      { path: '/dashboard/*', element: <h1>Écran du tableau de bord</h1> },
      { path: '/signup', element: <h1>Inscription</h1> },
      { path: '/mot-de-passe-oublie', element: <h1>Mot de passe oublié</h1> },
    ],
    { initialEntries: ['/'] },
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

const alertWith = (text: string) =>
  screen.findAllByRole('alert').then((alerts) => alerts.find((a) => a.textContent?.includes(text)));

beforeEach(() => {
  vi.clearAllMocks();
  authStore.setState({ isAuthenticated: false, jwtTokenDecoded: {} });
  configureApiClient({ baseURL: '/api', onUnauthorized });
});

describe('LoginPage', () => {
  it('logs the demo admin in: token stored, state set, navigates to /dashboard', async () => {
    const { router, user } = renderLogin();
    fill('Adresse e-mail', 'admin@ebas3.fr');
    fill('Mot de passe', 'Admin!2023');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Accueil du tableau de bord' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    const token = window.localStorage.getItem('token');
    expect(token).not.toBeNull();
    expect(decodeToken(token)).toMatchObject({ sub: '1', role: 'admin' });
    expect(authStore.getState().isAuthenticated).toBe(true);
    expect(await screen.findByText('Bienvenue, Camille !')).toBeTruthy();
  });

  it('after an expired session, reopens the screen this tab showed (spec §3 dashboard content)', async () => {
    window.sessionStorage.setItem('dashboardContent', '"reservations-a-prolonger"');
    const { router, user } = renderLogin();
    fill('Adresse e-mail', 'admin@ebas3.fr');
    fill('Mot de passe', 'Admin!2023');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Écran du tableau de bord' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/reservations-a-prolonger');
  });

  it('logs an agent in with the role claim of the server token', async () => {
    const { router, user } = renderLogin();
    fill('Adresse e-mail', 'agent@ebas3.fr');
    fill('Mot de passe', 'Agent!2023');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(decodeToken(window.localStorage.getItem('token'))).toMatchObject({ role: 'agent' });
  });

  it('shows the French server message inline on a wrong password and stores no token', async () => {
    const { router, user } = renderLogin();
    fill('Adresse e-mail', 'admin@ebas3.fr');
    fill('Mot de passe', 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const alert = await vi.waitFor(async () => {
      const found = await alertWith('Adresse e-mail ou mot de passe incorrect.');
      // The form's own alert, above the fields (not a field's message).
      expect(found?.id).toBe('login-error');
      return found;
    });
    expect(alert).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/');
    // The form is usable again (the button's loading icon leaves with an animation happy-dom never ends).
    const button = screen.getByRole<HTMLButtonElement>('button', { name: /Se connecter$/ });
    await vi.waitFor(() => expect(button.disabled).toBe(false));
  });

  it('shows the French required messages when submitted empty', async () => {
    const { router, user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Le champ Adresse e-mail est obligatoire')).toBeTruthy();
    expect(screen.getByText('Le champ Mot de passe est obligatoire')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // Each message is tied to its field for screen readers, and goes once the field is filled.
    const email = screen.getByLabelText('Adresse e-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Le champ Adresse e-mail est obligatoire',
    );
    fill('Adresse e-mail', 'admin@ebas3.fr');
    expect(screen.queryByText('Le champ Adresse e-mail est obligatoire')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the French e-mail format message', async () => {
    const { user } = renderLogin();
    fill('Adresse e-mail', 'pas-une-adresse');
    fill('Mot de passe', 'x');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(
      await screen.findByText("La valeur du champ Adresse e-mail n'est pas une adresse e-mail valide"),
    ).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows and hides the password with the eye, which stays out of the tab order', async () => {
    renderLogin();
    const password = screen.getByLabelText<HTMLInputElement>('Mot de passe');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(screen.getByLabelText<HTMLInputElement>('Adresse e-mail').autocomplete).toBe('username');
    const eye = screen.getByRole('button', { name: 'Afficher la saisie' });
    expect(eye.tabIndex).toBe(-1);
    fireEvent.click(eye);
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Masquer la saisie' }));
    expect(password.type).toBe('password');
  });

  it('submits with Enter and keeps the form busy until the answer, the first keystroke announced', async () => {
    let answer: (response: { token: string; message: string }) => void = () => undefined;
    const signIn = vi.fn(
      () => new Promise<{ token: string; message: string }>((resolve) => (answer = resolve)),
    );
    const onFirstInput = vi.fn();
    const router = createMemoryRouter(
      [
        { path: '/', element: <LoginPage signIn={signIn} onFirstInput={onFirstInput} /> },
        { path: '/dashboard', element: <h1>Accueil du tableau de bord</h1> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup({ delay: null });
    // The e-mail field has the focus on arrival.
    await user.keyboard('admin@ebas3.fr');
    expect(onFirstInput).toHaveBeenCalledTimes(1);
    await user.tab();
    await user.keyboard('Admin!2023{Enter}');
    expect(signIn).toHaveBeenCalledWith({ email: 'admin@ebas3.fr', password: 'Admin!2023' });
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Se connecter' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Adresse e-mail').disabled).toBe(true);
    answer({ token: mockToken({ sub: '1', role: 'admin' }), message: 'Bienvenue' });
    expect(await screen.findByRole('heading', { name: 'Accueil du tableau de bord' })).toBeTruthy();
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('links to the sign-up page', async () => {
    const { router, user } = renderLogin();
    await user.click(screen.getByRole('link', { name: 'Créer un compte' }));
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('links to « Mot de passe oublié »', async () => {
    const { router, user } = renderLogin();
    await user.click(screen.getByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(router.state.location.pathname).toBe('/mot-de-passe-oublie');
  });
});

/** Requests the pages below send: method, path and body. */
const sent: { method: string; path: string; body: unknown }[] = [];

function recordRequests() {
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
}

describe('ForgotPasswordPage', () => {
  beforeEach(recordRequests);
  afterEach(() => mockServer.events.removeAllListeners());

  it("sends the address and shows the API's answer, the same whatever the address", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ForgotPasswordPage />, { url: '/mot-de-passe-oublie' });
    fill('Adresse e-mail', 'personne@example.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Demande envoyée')).toBeTruthy();
    expect(
      screen.getAllByText(
        'Si un compte actif correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé. Le lien est valable 60 minutes.',
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', path: '/api/auth/password/forgot', body: { email: 'personne@example.fr' } },
    ]);
  });

  it('checks the address in French before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ForgotPasswordPage />, { url: '/mot-de-passe-oublie' });
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Le champ Adresse e-mail est obligatoire')).toBeTruthy();
    fill('Adresse e-mail', 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(
      await screen.findByText("La valeur du champ Adresse e-mail n'est pas une adresse e-mail valide"),
    ).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

function renderReset(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Connexion</h1> },
      { path: '/reinitialiser-mot-de-passe', element: <ResetPasswordPage /> },
      { path: '/mot-de-passe-oublie', element: <h1>Mot de passe oublié</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup({ delay: null }) };
}

async function submitNewPassword(
  user: ReturnType<typeof userEvent.setup>,
  password: string,
  confirmation = password,
) {
  fill('Nouveau mot de passe', password);
  fill('Confirmation du mot de passe', confirmation);
  await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

describe('ResetPasswordPage', () => {
  beforeEach(recordRequests);
  afterEach(() => mockServer.events.removeAllListeners());

  it("sets the new password with the link's token, takes the token out of the address bar, and logs this browser out", async () => {
    window.localStorage.setItem('token', mockToken());
    const { router, user } = renderReset(`/reinitialiser-mot-de-passe#token=${MOCK_RESET_TOKEN}`);
    await vi.waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/reinitialiser-mot-de-passe');
    await submitNewPassword(user, 'Un-mot-de-passe-retrouve');
    expect(await screen.findByText('Mot de passe modifié')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/auth/password/reset',
        body: { token: MOCK_RESET_TOKEN, password: 'Un-mot-de-passe-retrouve' },
      },
    ]);
    expect(window.localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('accepts the token in the query string too', async () => {
    const { user } = renderReset(`/reinitialiser-mot-de-passe?token=${MOCK_RESET_TOKEN}`);
    await submitNewPassword(user, 'Un-mot-de-passe-retrouve');
    expect(await screen.findByText('Mot de passe modifié')).toBeTruthy();
  });

  it('says when the link is expired or used, and offers a new one', async () => {
    const { router, user } = renderReset(`/reinitialiser-mot-de-passe#token=${'A'.repeat(43)}`);
    await submitNewPassword(user, 'Un-mot-de-passe-retrouve');
    const alert = await vi.waitFor(async () => {
      const found = await alertWith("Ce lien de réinitialisation n'est pas valable ou a expiré.");
      expect(found).toBeTruthy();
      return found;
    });
    expect(alert?.classList.contains('ant-alert')).toBe(true);
    expect(screen.queryByText('Mot de passe modifié')).toBeNull();
    await user.click(screen.getAllByRole('link', { name: 'Demander un nouveau lien' })[0]!);
    expect(router.state.location.pathname).toBe('/mot-de-passe-oublie');
  });

  it('checks the length and the confirmation before sending anything', async () => {
    const { user } = renderReset(`/reinitialiser-mot-de-passe#token=${MOCK_RESET_TOKEN}`);
    await submitNewPassword(user, 'court');
    expect(
      await screen.findByText('Le champ Nouveau mot de passe doit contenir au moins 10 caractères'),
    ).toBeTruthy();
    await submitNewPassword(user, 'Un-mot-de-passe-retrouve', 'Un-autre-mot-de-passe');
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('without a token, says the link is incomplete', async () => {
    renderReset('/reinitialiser-mot-de-passe');
    expect(await screen.findByText('Lien incomplet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Changer le mot de passe' })).toBeNull();
  });
});

/** Bodies of the POST requests the sign-up page sends. */
const bodies: unknown[] = [];

async function fillForm(values: { email: string; password: string; confirmation: string }) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<SignupPage />, { url: '/signup' });
  fill('Prénom', 'Léa');
  fill('Nom', 'Durand');
  fill('Adresse e-mail', values.email);
  fill('Mot de passe', values.password);
  fill('Confirmation du mot de passe', values.confirmation);
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
}

describe('SignupPage', () => {
  beforeEach(() => {
    bodies.length = 0;
    mockServer.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST') bodies.push(await request.clone().json());
    });
  });
  afterEach(() => mockServer.events.removeAllListeners());

  it('says when the confirmation does not match and sends nothing', async () => {
    await fillForm({ email: 'lea@ebas3.fr', password: 'MotDePasse!1', confirmation: 'Autre!12345' });
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('shows the French length message for a short password', async () => {
    await fillForm({ email: 'lea@ebas3.fr', password: 'court', confirmation: 'court' });
    expect(
      await screen.findByText('Le champ Mot de passe doit contenir au moins 10 caractères'),
    ).toBeTruthy();
  });

  it("shows the server's message on success, without sending the confirmation", async () => {
    await fillForm({ email: 'lea@ebas3.fr', password: 'MotDePasse!1', confirmation: 'MotDePasse!1' });
    expect(await screen.findByText('Compte créé')).toBeTruthy();
    expect(
      screen.getAllByText(
        "Votre compte a été créé. Un administrateur doit l'activer avant votre première connexion.",
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeTruthy();
    expect(bodies).toEqual([
      { prenom: 'Léa', nom: 'Durand', email: 'lea@ebas3.fr', password: 'MotDePasse!1' },
    ]);
  });

  it('keeps the form and says why on a 409 duplicate', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fillForm({ email: 'admin@ebas3.fr', password: 'MotDePasse!1', confirmation: 'MotDePasse!1' });
    expect(await screen.findByText('Un compte existe déjà avec cette adresse e-mail.')).toBeTruthy();
    expect(screen.queryByText('Compte créé')).toBeNull();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe('admin@ebas3.fr');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps the form without an inline alert on another failure (the client toasts it)', async () => {
    mockServer.use(
      http.post('/api/auth/signup', () =>
        HttpResponse.json({ message: 'Inscriptions fermées.' }, { status: 400 }),
      ),
    );
    await fillForm({ email: 'lea@ebas3.fr', password: 'MotDePasse!1', confirmation: 'MotDePasse!1' });
    expect(await screen.findByText('Inscriptions fermées.')).toBeTruthy();
    expect(screen.queryByText('Compte créé')).toBeNull();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
  });
});
