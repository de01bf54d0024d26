// Early data (issue 8 §1, docs/performance.md « First paint »): with a stored token, the session preload script
// (shared/src/federation/startup-preload.ts) sends the runtime registry's request, GET /auth/me and, on the
// dashboard's home, its counters' calls while the start-up's chunks download — before any of the application's
// code has run. The first matching call of the API client (or of fetchRuntimeConfig) adopts that response instead
// of asking again. This module is what both sides agree on.

/** The global the session preload script fills (a plain array: the script has no import). */
export const EARLY_REQUESTS_GLOBAL = '__ebas3EarlyRequests';

/**
 * An early response is adopted only this soon after it was requested. All of them are requested at the page's
 * start and adopted by its first render; a late one (a page that took longer, a home opened again later) is asked
 * again rather than shown from what the server said at load time.
 */
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

/** One request the script sent. */
export interface EarlyRequest {
  method: string;
  /** The path under the API's base URL (`/auth/me`), or the registry's own path (`/runtime-config.json`). */
  path: string;
  /** The body exactly as sent (JSON text), or null. */
  body: string | null;
  /** The stored token it was sent with (null for the registry, which is public). */
  token: string | null;
  /** `performance.now()` when it was sent. */
  sentAt: number;
  /** Its response; the URL it was fetched from is `response.url`. */
  response: Promise<Response>;
}

export interface EarlyRequestKey {
  method: string;
  path: string;
  body: string | null;
  token: string | null;
  /** The absolute URL the caller would fetch: an early response from another URL is not adopted. */
  url: string;
}

function pending(): EarlyRequest[] | undefined {
  const list = (window as unknown as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
  return Array.isArray(list) ? (list as EarlyRequest[]) : undefined;
}

/**
 * The early response of exactly this request — same method, path, body, token and URL, sent less than
 * EARLY_RESPONSE_MAX_AGE_MS ago — taken once: the entry is removed whether it is used or not, so any later call
 * (a refetch, an invalidation, another mount) asks the server. Null when there is none, or when the early request
 * failed on the network: the caller then sends its own.
 */
export async function adoptEarlyResponse(key: EarlyRequestKey): Promise<Response | null> {
  const list = pending();
  if (!list) return null;
  const index = list.findIndex(
    (entry) =>
      entry.method === key.method &&
      entry.path === key.path &&
      entry.body === key.body &&
      entry.token === key.token,
  );
  if (index < 0) return null;
  const [entry] = list.splice(index, 1);
  if (!entry || performance.now() - entry.sentAt > EARLY_RESPONSE_MAX_AGE_MS) return null;
  const response = await entry.response.catch(() => null);
  return response && response.url === key.url ? response : null;
}

/** Forgets every early response not adopted yet. */
export function discardEarlyResponses(): void {
  pending()?.splice(0);
}
