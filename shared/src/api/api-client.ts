import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { logout } from '../auth/auth-store';
import { readToken } from '../auth/token-storage';
import { adoptEarlyResponse } from './early-requests';
import { notifier } from './notifier';
import { handleFailure, handleSuccess } from './response-handling';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Cancels the call (TanStack Query passes one): the promise rejects with a cancel (`isCancelled`), silently. */
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

declare module 'axios' {
  interface AxiosRequestConfig {
    /** RequestOptions.quiet, read by the response interceptors. */
    quiet?: boolean;
  }
}

/** Without an answer after this long, the call fails as the network would (the toast says so). */
const TIMEOUT_MS = 60_000;

const SILENT = { success: () => undefined, info: () => undefined, error: () => undefined };

let onUnauthorized = (): void => {
  if (window.location.pathname !== '/') window.location.assign('/');
};

/** `undefined`, `null` and `''` left out; spaces as `+` (URLSearchParams), as the API's list filters expect. */
function serializeParams(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  return search.toString();
}

/** A body as the server sent it: JSON when it parses, the text otherwise, null when empty; a Blob as it is. */
function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  if (!data) return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

const xhrAdapter = axios.getAdapter('xhr');

/**
 * The session preload script may have sent this very call already (early-requests.ts): its response is adopted
 * instead of asking again. Every other call goes through XMLHttpRequest, axios's browser default (its progress
 * events report downloads; MSW intercepts it in tests and in a standalone remote).
 */
const earlyOrXhr: AxiosAdapter = async (config) => {
  if (config.params) return xhrAdapter(config);
  const body = typeof config.data === 'string' ? config.data : null;
  const early = await adoptEarlyResponse({
    method: (config.method ?? 'get').toUpperCase(),
    path: config.url ?? '',
    body,
    token: readToken(),
    url: new URL(http.getUri(config), window.location.href).href,
  });
  if (!early) return xhrAdapter(config);
  if (config.signal?.aborted) throw new axios.CanceledError(undefined, undefined, config);
  const response: AxiosResponse = {
    data: config.responseType === 'blob' ? await early.blob() : await early.text(),
    status: early.status,
    statusText: early.statusText,
    headers: AxiosHeaders.from(Object.fromEntries(early.headers.entries())),
    config,
    request: null,
  };
  if (config.validateStatus?.(early.status) ?? early.ok) return response;
  throw new AxiosError(
    `Request failed with status code ${early.status}`,
    AxiosError.ERR_BAD_RESPONSE,
    config,
    null,
    response,
  );
};

const http = axios.create({
  baseURL: '/api',
  timeout: TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  adapter: earlyOrXhr,
  paramsSerializer: { serialize: (params) => serializeParams(params as Record<string, QueryValue>) },
  transformResponse: [parseBody],
});

// Synchronous: the token is read when the call is made, not a microtask later — a logout clears the storage right
// after asking the API to revoke that very token (sign-out.ts).
http.interceptors.request.use(
  (config) => {
    const token = readToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  },
  undefined,
  { synchronous: true },
);

/** An error's body; a blob download (exports) carries its JSON error inside the blob. */
async function bodyOf(error: AxiosError): Promise<unknown> {
  const data = error.response?.data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return parseBody(await data.text());
  return data ?? null;
}

// Spec §8's global response handling: success toasts of writes, then every failure shown once and rethrown as an
// ApiError carrying the server's French message.
http.interceptors.response.use(
  (response) => {
    if (!response.config.quiet) handleSuccess(response.config.method, response.data, notifier());
    return response;
  },
  async (error: unknown) => {
    if (axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
    // No response: unreachable server, connection lost midway, or no answer within TIMEOUT_MS.
    const status = error.response?.status ?? null;
    throw handleFailure(status, await bodyOf(error), {
      notify: error.config?.quiet ? SILENT : notifier(),
      onUnauthorized: () => {
        logout();
        onUnauthorized();
      },
    });
  },
);

/** Points the client at the API (from the runtime config) and sets what a 401 does. */
export function configureApiClient(options: { baseURL: string; onUnauthorized?: () => void }): void {
  http.defaults.baseURL = options.baseURL;
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
}

/** The origin the API is served from (the live feed's socket connects there: same origin and port). */
export function apiOrigin(): string {
  return new URL(http.defaults.baseURL ?? '/', window.location.href).origin;
}

/** True for a call its caller cancelled (a query nobody waits for any more): never an error to show. */
export function isCancelled(error: unknown): boolean {
  return axios.isCancel(error);
}

function fetchHeaders(headers: AxiosResponse['headers']): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value !== undefined && value !== null) result.set(name, String(value));
  }
  return result;
}

async function request<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  url: string,
  data: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const { signal, params, responseType, quiet, headers, onDownloadProgress } = options;
  const response = await http.request<T>({
    method,
    url,
    data,
    signal,
    params,
    responseType: responseType ?? 'json',
    quiet,
    headers,
    onDownloadProgress: onDownloadProgress
      ? ({ loaded, total }) => onDownloadProgress({ loaded, total: total || null })
      : undefined,
  });
  return { data: response.data, status: response.status, headers: fetchHeaders(response.headers) };
}

/**
 * The one HTTP client of the product, on axios (a federation singleton). Components never call axios or fetch;
 * features call this. Every call carries the bearer token; a failure is shown as spec §8 says and rejects with an
 * `ApiError`.
 */
export const apiClient = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('get', path, undefined, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) =>
    request<T>('delete', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('post', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('put', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('patch', path, body, options),
};
