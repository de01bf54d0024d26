import { AUTH_MESSAGES } from '../contract';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/api-client';
import { setNotifier } from '../api/notifier';
import { AUTH_PATHS } from '../contract/auth-values';
import { mockToken } from '../mocks/common/users';
import { mockServer } from '../mocks/node';
import { authStore, login, logout } from './auth-store';
import { signOut } from './sign-out';

const notify = { success: vi.fn(), info: vi.fn(), error: vi.fn() };
const onUnauthorized = vi.fn();

/** Records the Authorization header of each POST /api/auth/logout, answered by `respond`. */
function watchLogout(
  respond: () => Response | Promise<Response> = () => HttpResponse.json({ message: 'ok' }),
) {
  const calls: (string | null)[] = [];
  mockServer.use(
    http.post(`/api${AUTH_PATHS.logout}`, ({ request }) => {
      calls.push(request.headers.get('Authorization'));
      return respond();
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.clearAllMocks();
  setNotifier(notify);
  configureApiClient({ baseURL: '/api', onUnauthorized });
  authStore.setState({ isAuthenticated: false, jwtTokenDecoded: {} });
});
afterEach(() => setNotifier(null));

describe('signOut', () => {
  it('asks the API to revoke the token, and logs out locally without waiting for the answer', async () => {
    const token = mockToken({ sub: '2' });
    login(token);
    window.localStorage.setItem('other', 'x');
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const calls = watchLogout(async () => {
      await answered;
      return HttpResponse.json({ message: AUTH_MESSAGES.loggedOut });
    });

    const revocation = signOut();
    // Logged out at once, as spec §4 says, while the call is still under way.
    expect(window.localStorage.length).toBe(0);
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(authStore.getState().jwtTokenDecoded.sub).toBe('2');

    release();
    await revocation;
    expect(calls).toEqual([`Bearer ${token}`]);
    expect(notify.success).toHaveBeenCalledExactlyOnceWith('Vous êtes déconnecté.');
  });

  it('answers the standalone mocks like the API', async () => {
    login(mockToken({ sub: '1' }));
    await signOut();
    expect(notify.success).toHaveBeenCalledExactlyOnceWith(AUTH_MESSAGES.loggedOut);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it.each([
    ['a server error', () => HttpResponse.json({ message: 'Erreur interne.' }, { status: 500 })],
    ['an unreachable API', () => HttpResponse.error()],
  ])('never fails nor blocks the logout on %s', async (_label, respond) => {
    login(mockToken());
    const calls = watchLogout(respond);
    await expect(signOut()).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(window.localStorage.length).toBe(0);
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('sends nothing without a token or with an expired one (no « session expirée » over a logout)', async () => {
    const calls = watchLogout();
    await signOut();
    window.localStorage.setItem('token', mockToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    await signOut();
    expect(calls).toEqual([]);
    expect(window.localStorage.length).toBe(0);
    expect(notify.error).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("leaves the API client's 401 logout local: the API has already refused that token", () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    login(mockToken());
    logout();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
    fetchSpy.mockRestore();
  });
});
