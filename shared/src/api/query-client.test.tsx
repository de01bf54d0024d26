import { QueryClientProvider, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../mocks/node';
import { createTestQueryClient } from '../testing/query-client';
import { apiClient, isCancelled } from './api-client';
import { ApiError } from './api-error';
import { setNotifier } from './notifier';
import { createQueryClient, QUERY_DEFAULTS, shouldRetryQuery, STALE_TIME } from './query-client';

const notify = { success: vi.fn(), info: vi.fn(), error: vi.fn() };
beforeEach(() => {
  vi.clearAllMocks();
  setNotifier(notify);
});
afterEach(() => setNotifier(null));

const wrapperOf =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

/** Answers `method /api/flaky` with `status`, counting the requests. */
function answer(method: 'get' | 'post', status: number | 'network') {
  const seen = { count: 0 };
  mockServer.use(
    http[method]('/api/flaky', () => {
      seen.count += 1;
      return status === 'network'
        ? HttpResponse.error()
        : HttpResponse.json({ message: `Erreur ${status}` }, { status });
    }),
  );
  return seen;
}

/** The product's client, retrying at once instead of after 1 s. */
const productClient = () => createQueryClient({ queries: { retryDelay: 0 }, mutations: { retryDelay: 0 } });

describe('shouldRetryQuery', () => {
  it('retries a network failure or a 5xx once, never a 4xx nor a bug', () => {
    expect(shouldRetryQuery(0, new ApiError('réseau', null))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError('panne', 503))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('panne', 503))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetryQuery(0, new ApiError('refus', status)), String(status)).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('has the back-office defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: STALE_TIME.default,
      retry: shouldRetryQuery,
      refetchOnWindowFocus: true,
    });
    expect(defaults.mutations?.retry).toBe(false);
    expect(STALE_TIME.lookup).toBeGreaterThan(STALE_TIME.default);
  });

  it('keeps the other defaults when some are overridden', () => {
    const defaults = createQueryClient({ queries: { retry: false } }).getDefaultOptions();
    expect(defaults.queries).toMatchObject({ retry: false, staleTime: QUERY_DEFAULTS.queries.staleTime });
    expect(createTestQueryClient().getDefaultOptions().queries).toMatchObject({
      retry: false,
      staleTime: STALE_TIME.default,
    });
  });

  it.each([400, 403, 404, 422])('does not repeat a query answered %i (toasted once)', async (status) => {
    const seen = answer('get', status);
    const { result } = renderHook(
      () => useQuery({ queryKey: ['flaky'], queryFn: () => apiClient.get('/flaky') }),
      { wrapper: wrapperOf(productClient()) },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(seen.count).toBe(1);
    expect(notify.error.mock.calls.length + notify.info.mock.calls.length).toBe(1);
    expect(result.current.error).toMatchObject({ status });
  });

  it.each([503, 'network'] as const)('tries a query that failed with %s once more', async (status) => {
    const seen = answer('get', status);
    const { result } = renderHook(
      () => useQuery({ queryKey: ['flaky'], queryFn: () => apiClient.get('/flaky') }),
      { wrapper: wrapperOf(productClient()) },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(seen.count).toBe(2);
  });

  it('never repeats a failed write', async () => {
    const seen = answer('post', 503);
    const { result } = renderHook(() => useMutation({ mutationFn: () => apiClient.post('/flaky', {}) }), {
      wrapper: wrapperOf(productClient()),
    });
    await expect(result.current.mutateAsync()).rejects.toBeInstanceOf(ApiError);
    expect(seen.count).toBe(1);
  });

  it('passes its signal to axios: a query nobody waits for any more is cancelled, silently', async () => {
    mockServer.use(
      http.get('/api/slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({});
      }),
    );
    let outcome: unknown = null;
    const client = createTestQueryClient();
    const { unmount } = renderHook(
      () =>
        useQuery({
          queryKey: ['slow'],
          queryFn: ({ signal }) =>
            apiClient.get('/slow', { signal }).catch((error: unknown) => {
              outcome = error;
              throw error;
            }),
        }),
      { wrapper: wrapperOf(client) },
    );
    await waitFor(() => expect(client.isFetching()).toBe(1));
    unmount();
    await waitFor(() => expect(isCancelled(outcome)).toBe(true));
    expect(notify.error).not.toHaveBeenCalled();
  });
});
