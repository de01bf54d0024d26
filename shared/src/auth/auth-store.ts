import { createStore } from 'zustand/vanilla';
import { clearLocalStorage, readToken, storeToken } from './token-storage';
import { decodeToken, isExpired, type DecodedToken } from './decode-token';

export interface AuthState {
  isAuthenticated: boolean;
  jwtTokenDecoded: DecodedToken;
}

/** The one auth store: `shared` is a federation singleton, so host and remotes see the same state. */
export const authStore = createStore<AuthState>(() => ({ isAuthenticated: false, jwtTokenDecoded: {} }));

/** Logged out → logged in with the decoded payload (spec §4). */
export function login(token: string): DecodedToken {
  const claims = decodeToken(token);
  storeToken(token);
  authStore.setState({ isAuthenticated: true, jwtTokenDecoded: claims });
  return claims;
}

/** Logged in → logged out. As the spec says, the decoded token object stays in the state. */
export function logout(): void {
  clearLocalStorage();
  authStore.setState({ isAuthenticated: false });
}

export type SessionCheck =
  { status: 'none' } | { status: 'invalid' } | { status: 'valid'; claims: DecodedToken };

/**
 * Reads and decodes the stored token on demand. An undecodable (or expired) token clears local storage:
 * the caller then goes back to '/' (spec §4).
 */
export function checkStoredSession(): SessionCheck {
  const token = readToken();
  if (token === null) return { status: 'none' };
  try {
    const claims = decodeToken(token);
    if (isExpired(claims)) throw new Error('expired');
    if (!authStore.getState().isAuthenticated)
      authStore.setState({ isAuthenticated: true, jwtTokenDecoded: claims });
    return { status: 'valid', claims };
  } catch {
    clearLocalStorage();
    authStore.setState({ isAuthenticated: false, jwtTokenDecoded: {} });
    return { status: 'invalid' };
  }
}
