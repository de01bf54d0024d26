import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRuntimeConfig } from '../config/runtime-config';
import { REMOTES } from '../federation';
import { mockToken } from '../mocks/common/users';
import { mockServer } from '../mocks/node';
import { apiClient, configureApiClient } from './api-client';
import type { ApiError } from './api-error';
import {
  discardEarlyResponses,
  EARLY_REQUESTS_GLOBAL,
  EARLY_RESPONSE_MAX_AGE_MS,
  type EarlyRequest,
} from './early-requests';
import { setNotifier } from './notifier';

const TOKEN = mockToken();
const COUNT_BODY = { jours: 'commence_h' };
const notify = { success: vi.fn(), info: vi.fn(), error: vi.fn() };
const onUnauthorized = vi.fn();

/** What the server was asked, by path (the early responses must spare it those calls). */
let served: string[] = [];

const url = (path: string) => new URL(`/api${path}`, window.location.href).href;

/** A response as fetch gives it: its URL is the one requested. */
function response(body: unknown, status = 200, from = url('/auth/me')): Response {
  const answer = new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
  Object.defineProperty(answer, 'url', { value: from });
  return answer;
}

/** Puts an entry where the session preload script puts it. */
function early(entry: Partial<EarlyRequest> & Pick<EarlyRequest, 'path' | 'response'>): void {
  const global = window as unknown as Record<string, EarlyRequest[] | undefined>;
  const list = (global[EARLY_REQUESTS_GLOBAL] ??= []);
  list.push({ method: 'GET', body: null, token: TOKEN, sentAt: performance.now(), ...entry });
}

beforeEach(() => {
  served = [];
  vi.clearAllMocks();
  setNotifier(notify);
  configureApiClient({ baseURL: '/api', onUnauthorized });
  window.localStorage.setItem('token', TOKEN);
  mockServer.use(
    http.get('/api/auth/me', () => {
      served.push('/auth/me');
      return HttpResponse.json({ id: 1, source: 'server' });
    }),
    http.post('/api/reservationsNumber', () => {
      served.push('/reservationsNumber');
      return HttpResponse.json({ total: 99 });
    }),
  );
});

afterEach(() => {
  discardEarlyResponses();
  window.localStorage.clear();
  setNotifier(null);
});

describe('early responses: adoption', () => {
  it('the first identical call takes the early response instead of asking the server, once', async () => {
    early({ path: '/auth/me', response: Promise.resolve(response({ id: 1, source: 'early' })) });
    expect((await apiClient.get('/auth/me')).data).toEqual({ id: 1, source: 'early' });
    expect(served).toEqual([]);
    // One-shot: a refetch is the server's answer, never the load-time one again.
    expect((await apiClient.get('/auth/me')).data).toEqual({ id: 1, source: 'server' });
    expect(served).toEqual(['/auth/me']);
  });

  it('matches the body to the byte: another filter asks the server and leaves the entry for its own call', async () => {
    early({
      method: 'POST',
      path: '/reservationsNumber',
      body: JSON.stringify(COUNT_BODY),
      response: Promise.resolve(response({ total: 4 }, 200, url('/reservationsNumber'))),
    });
    expect((await apiClient.post('/reservationsNumber', { jours: 'a_prolonger' })).data).toEqual({
      total: 99,
    });
    expect((await apiClient.post('/reservationsNumber', COUNT_BODY)).data).toEqual({ total: 4 });
    expect(served).toEqual(['/reservationsNumber']);
  });

  it('a 401 answered early is handled as any 401: logout and back to the login page', async () => {
    early({ path: '/auth/me', response: Promise.resolve(response({ message: 'Session expirée.' }, 401)) });
    const error = (await apiClient.get('/auth/me').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(401);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Session expirée.');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(window.localStorage.length).toBe(0);
    expect(served).toEqual([]);
  });

  it('the registry fetched early is the start-up’s registry, with its ETag', async () => {
    const remotes = Object.fromEntries(REMOTES.map(({ name }) => [name, `/${name}/mf-manifest.json`]));
    const registry = { apiBaseUrl: '/api', remotes };
    const answer = response(registry, 200, new URL('/runtime-config.json', window.location.href).href);
    answer.headers.set('etag', '"r1"');
    early({ path: '/runtime-config.json', token: null, response: Promise.resolve(answer) });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(await fetchRuntimeConfig()).toEqual({ config: registry, etag: '"r1"' });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('early responses: the client asks the server itself', () => {
  it('for another token (a new login since the page loaded)', async () => {
    early({ path: '/auth/me', token: 'autre', response: Promise.resolve(response({ source: 'early' })) });
    expect((await apiClient.get('/auth/me')).data).toMatchObject({ source: 'server' });
  });

  it('when the early response is older than its limit', async () => {
    early({
      path: '/auth/me',
      sentAt: performance.now() - EARLY_RESPONSE_MAX_AGE_MS - 1,
      response: Promise.resolve(response({ source: 'early' })),
    });
    expect((await apiClient.get('/auth/me')).data).toMatchObject({ source: 'server' });
    // Taken and dropped: it never comes back.
    expect((await apiClient.get('/auth/me')).data).toMatchObject({ source: 'server' });
    expect(served).toEqual(['/auth/me', '/auth/me']);
  });

  it('when the early request failed on the network', async () => {
    early({ path: '/auth/me', response: Promise.reject(new TypeError('Failed to fetch')) });
    expect((await apiClient.get('/auth/me')).data).toMatchObject({ source: 'server' });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('when it went to another API (the registry names another base URL than the client’s)', async () => {
    early({
      path: '/auth/me',
      response: Promise.resolve(response({ source: 'early' }, 200, 'https://ailleurs.example/api/auth/me')),
    });
    expect((await apiClient.get('/auth/me')).data).toMatchObject({ source: 'server' });
  });

  it('without any early request (no stored session when the page loaded)', async () => {
    expect((await apiClient.get('/auth/me')).data).toMatchObject({ source: 'server' });
    expect(served).toEqual(['/auth/me']);
  });
});
