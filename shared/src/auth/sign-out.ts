import { apiClient } from '../api/api-client';
import { AUTH_PATHS } from '../contract/auth-values';
import { logout } from './auth-store';
import { decodeToken, isExpired } from './decode-token';
import { readToken } from './token-storage';

/** How long the API gets to revoke the token. The local logout never waits for it. */
export const SIGN_OUT_TIMEOUT_MS = 3000;

function stillValid(token: string): boolean {
  try {
    return !isExpired(decodeToken(token));
  } catch {
    return false;
  }
}

/**
 * The user's logout: asks the API to revoke the session (POST /auth/logout ends this session only), then
 * logs out locally at once, whatever the API answers. The client puts the token in the request's header before its
 * first await, so clearing the storage right after is safe. Best effort: an unreachable API only leaves the token
 * to die at its `exp`, and a timeout is silent (a cancelled call shows no toast). An expired token is not sent: the
 * 401 would toast « session expirée » over a deliberate logout.
 *
 * The API client's own 401 handling calls `logout` (local only): the API has already refused that token.
 */
export function signOut(): Promise<void> {
  const token = readToken();
  const revocation =
    token !== null && stillValid(token)
      ? apiClient
          .post(AUTH_PATHS.logout, undefined, { signal: AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS) })
          .then(
            () => undefined,
            () => undefined,
          )
      : Promise.resolve();
  logout();
  return revocation;
}
