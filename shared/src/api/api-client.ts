import { logout } from '../auth/auth-store';
import { readToken } from '../auth/token-storage';
import { adoptEarlyResponse } from './early-requests';
import { notifier } from './notifier';
import { handleFailure, handleSuccess } from './response-handling';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Cancels the call (TanStack Query passes one): the promise rejects with an `AbortError`, silently. */
  signal?: AbortSignal | undefined;
  /** Query string; `undefined`, `null` and `''` values are left out. */
  params?: Record<string, QueryValue> | object | undefined;
  /** 'blob' for a file (exports, documents); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /**
   * Leaves the toasts to the caller, success and failure alike: a bulk write of many calls says once what they
   * did together, a poll that may find nothing says nothing. A 401 still signs out.
   */
  quiet?: boolean;
  /** Extra request headers (e.g. EXPORT_ID_HEADER, naming an export whose progress is read meanwhile). */
  headers?: Record<string, string> | undefined;
  /** While a file downloads: bytes received and, when the server sent Content-Length, the total. */
  onDownloadProgress?: (progress: { loaded: number; total: number | null }) => void;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Without an answer after this long, the call fails as the network would (the toast says so). */
const TIMEOUT_MS = 60_000;

const settings = { baseURL: '/api' };

const SILENT = { success: () => undefined, info: () => undefined, error: () => undefined };

let onUnauthorized = (): void => {
  if (window.location.pathname !== '/') window.location.assign('/');
};

/** Points the client at the API (from the runtime config) and sets what a 401 does. */
export function configureApiClient(options: { baseURL: string; onUnauthorized?: () => void }): void {
  settings.baseURL = options.baseURL;
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
}

/** The origin the API is served from (the live feed's socket connects there: same origin and port). */
export function apiOrigin(): string {
  return new URL(settings.baseURL, window.location.href).origin;
}

/** True for a call its caller cancelled (a query nobody waits for any more): never an error to show. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function urlOf(path: string, params: RequestOptions['params']): string {
  const url = new URL(`${settings.baseURL.replace(/\/$/, '')}${path}`, window.location.href);
  for (const [key, value] of Object.entries(params ?? {}) as [string, QueryValue][]) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.append(key, String(value));
  }
  return url.href;
}

/** A body as the server sent it: JSON when it parses, the text otherwise, null when empty. */
async function parsedBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function blobWithProgress(
  response: Response,
  report: RequestOptions['onDownloadProgress'],
): Promise<Blob> {
  if (!report || !response.body) return response.blob();
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    report({ loaded, total });
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('Content-Type') ?? '' });
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  const fail = (status: number | null, data: unknown) =>
    handleFailure(status, data, {
      notify: options.quiet ? SILENT : notifier(),
      onUnauthorized: () => {
        logout();
        onUnauthorized();
      },
    });

  const url = urlOf(path, options.params);
  const text = body === undefined ? null : JSON.stringify(body);
  let response: Response;
  try {
    // The session preload script may have sent this very call already (early-requests.ts).
    const early = options.params ? null : await adoptEarlyResponse({ method, path, body: text, token, url });
    signal.throwIfAborted();
    response = early ?? (await fetch(url, { method, headers, body: text, signal }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // Unreachable server, or no answer within TIMEOUT_MS.
    throw fail(null, null);
  }

  try {
    if (!response.ok) throw fail(response.status, await parsedBody(response));
    const data =
      options.responseType === 'blob'
        ? await blobWithProgress(response, options.onDownloadProgress)
        : await parsedBody(response);
    if (!options.quiet) handleSuccess(method, data, notifier());
    return { data: data as T, status: response.status, headers: response.headers };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // A body cut off midway (connection lost, timeout while downloading) is a network failure.
    if (error instanceof DOMException || error instanceof TypeError) throw fail(null, null);
    throw error;
  }
}

/**
 * The one HTTP client of the product, on the browser's fetch. Components never call fetch; features call this.
 * Every call carries the bearer token; a failure is shown as spec §8 says and rejects with an `ApiError`.
 */
export const apiClient = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
};
