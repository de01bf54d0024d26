/** Key of the session token in local storage (spec §9). */
export const TOKEN_KEY = 'token';

export function readToken(): string | null {
  return window.localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

/** Logout and invalid-token handling clear ALL of local storage, not only the token (spec §2, §4, §8). */
export function clearLocalStorage(): void {
  window.localStorage.clear();
}
