import { beforeEach, describe, expect, it } from 'vitest';
import { mockToken } from '../mocks/common/users';
import { authStore, checkStoredSession, login, logout } from './auth-store';
import { TOKEN_KEY } from './token-storage';

const resetStore = () => authStore.setState({ isAuthenticated: false, jwtTokenDecoded: {} });

describe('auth store', () => {
  beforeEach(resetStore);

  it('starts logged out with no decoded claims', () => {
    expect(authStore.getInitialState()).toEqual({ isAuthenticated: false, jwtTokenDecoded: {} });
  });

  it('login stores the token under "token" and sets the decoded claims', () => {
    const token = mockToken({ sub: '2', role: 'agent' });
    const claims = login(token);
    expect(window.localStorage.getItem('token')).toBe(token);
    expect(TOKEN_KEY).toBe('token');
    expect(claims).toMatchObject({ sub: '2', role: 'agent' });
    expect(authStore.getState()).toEqual({ isAuthenticated: true, jwtTokenDecoded: claims });
  });

  it('login with an undecodable token throws and stores nothing', () => {
    expect(() => login('garbage')).toThrow();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('logout clears all of local storage but keeps jwtTokenDecoded (spec §4)', () => {
    const claims = login(mockToken({ sub: '1' }));
    window.localStorage.setItem('other', 'x');
    logout();
    expect(window.localStorage.length).toBe(0);
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(authStore.getState().jwtTokenDecoded).toEqual(claims);
  });

  describe('checkStoredSession', () => {
    it('reports none without a stored token', () => {
      expect(checkStoredSession()).toEqual({ status: 'none' });
      expect(authStore.getState().isAuthenticated).toBe(false);
    });

    it('reports a valid token and logs the state in', () => {
      window.localStorage.setItem('token', mockToken({ sub: '5' }));
      const session = checkStoredSession();
      expect(session.status).toBe('valid');
      expect(session.status === 'valid' && session.claims.sub).toBe('5');
      expect(authStore.getState().isAuthenticated).toBe(true);
      expect(authStore.getState().jwtTokenDecoded.sub).toBe('5');
      expect(window.localStorage.getItem('token')).not.toBeNull();
    });

    it('clears all of local storage for an undecodable token', () => {
      window.localStorage.setItem('token', 'not-a-jwt');
      window.localStorage.setItem('other', 'x');
      expect(checkStoredSession()).toEqual({ status: 'invalid' });
      expect(window.localStorage.length).toBe(0);
      expect(authStore.getState()).toEqual({ isAuthenticated: false, jwtTokenDecoded: {} });
    });

    it('clears local storage for an expired token', () => {
      const past = Math.floor(Date.now() / 1000) - 60;
      window.localStorage.setItem('token', mockToken({ iat: past - 3600, exp: past }));
      expect(checkStoredSession()).toEqual({ status: 'invalid' });
      expect(window.localStorage.getItem('token')).toBeNull();
    });
  });
});
