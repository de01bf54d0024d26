import { QueryClientProvider, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { listHandler } from '../mocks';
import { mockServer } from '../mocks/node';
import { createTestQueryClient } from '../testing/query-client';
import { apiClient } from './api-client';
import { MAX_PAGE_SIZE } from '../contract/list';
import { LOOKUP_PAGE_SIZE, lookupQueryOptions, useLookup } from './get-lookup';
import { keysOfPath } from './query-keys';

const wrapperOf =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

/** `/api/hotels` as the list contract serves it, plus a create; counts the list requests. */
function hotelsApi() {
  const rows = [
    { id: 1, nom: 'Ibis Centre', archivedAt: null },
    { id: 2, nom: 'Hôtel du Parc', archivedAt: null },
    { id: 3, nom: 'Ancien Parc', archivedAt: '2025-01-01T00:00:00.000Z' },
  ];
  const seen: string[] = [];
  mockServer.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') seen.push(new URL(request.url).search);
  });
  mockServer.use(
    listHandler('/hotels', rows, ['nom']),
    http.post('/api/hotels', async ({ request }) => {
      const body = (await request.json()) as { nom: string };
      rows.push({ id: rows.length + 1, nom: body.nom, archivedAt: null });
      return HttpResponse.json({ message: 'Hôtel créé', data: rows.at(-1) });
    }),
  );
  return seen;
}

/** What a create hook of an API file does: the write, then its resource's keys invalidated. */
function useCreateHotel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nom: string) => apiClient.post('/hotels', { nom }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysOfPath('/hotels').all }),
  });
}

const names = (rows: { nom: string }[] | undefined) => rows?.map((row) => row.nom);

describe('useLookup', () => {
  it('asks for the active records by name, the largest page at once', async () => {
    const seen = hotelsApi();
    const { result } = renderHook(() => useLookup('/hotels'), {
      wrapper: wrapperOf(createTestQueryClient()),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(names(result.current.data)).toEqual(['Hôtel du Parc', 'Ibis Centre']);
    expect(seen).toEqual(['?page=1&pageSize=200&sort=nom&order=asc']);
    expect(lookupQueryOptions('/hotels').queryKey).toEqual(['hotels', 'lookup', '/hotels']);
    expect(LOOKUP_PAGE_SIZE).toBe(MAX_PAGE_SIZE);
  });

  it('a second screen reading it is served from the cache, without a request', async () => {
    const seen = hotelsApi();
    const client = createTestQueryClient();
    const first = renderHook(() => useLookup('/hotels'), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();
    const second = renderHook(() => useLookup('/hotels'), { wrapper: wrapperOf(client) });
    expect(names(second.result.current.data)).toEqual(['Hôtel du Parc', 'Ibis Centre']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(seen).toHaveLength(1);
  });

  it('a write that invalidates its resource refreshes it', async () => {
    const seen = hotelsApi();
    const { result } = renderHook(() => ({ lookup: useLookup('/hotels'), create: useCreateHotel() }), {
      wrapper: wrapperOf(createTestQueryClient()),
    });
    await waitFor(() => expect(result.current.lookup.isSuccess).toBe(true));
    await act(() => result.current.create.mutateAsync('Aiglon'));
    await waitFor(() =>
      expect(names(result.current.lookup.data)).toEqual(['Aiglon', 'Hôtel du Parc', 'Ibis Centre']),
    );
    expect(seen).toHaveLength(2);
  });
});
