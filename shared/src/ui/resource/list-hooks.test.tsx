import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { setNotifier } from '../../api/notifier';
import { keysOfPath } from '../../api/query-keys';
import type { ListParams } from '../../contract/list';
import { listHandler } from '../../mocks/common/list-handlers';
import { mockServer } from '../../mocks/node';
import { createTestQueryClient } from '../../testing/query-client';
import { fetchList, listQueryString, useList } from './fetch-list';
import { useListQuery, type ListQueryOptions } from './use-list-query';

const notify = { success: vi.fn(), info: vi.fn(), error: vi.fn() };
beforeEach(() => {
  vi.clearAllMocks();
  setNotifier(notify);
});
afterEach(() => setNotifier(null));

function renderListQuery(url: string, options: ListQueryOptions = { searchable: ['nom', 'ville'] }) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ query: useListQuery(options), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

describe('useListQuery', () => {
  it('reads the list state from the URL', () => {
    const { result } = renderListQuery(
      '/liste?page=3&pageSize=50&sort=ville&order=desc&archived=true&nom=%20dup%20&ville=&code=x&mode=ajout',
    );
    expect(result.current.query.params).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'ville',
      order: 'desc',
      archived: true,
      search: { nom: 'dup' },
    });
    expect(result.current.query.filtered).toBe(true);
  });

  it('falls back to defaults for missing or invalid values', () => {
    const { result } = renderListQuery('/liste?page=0&pageSize=500&order=sideways&archived=yes', {
      searchable: ['nom'],
      defaultPageSize: 10,
    });
    expect(result.current.query.params).toEqual({ page: 1, pageSize: 10, archived: false, search: {} });
    expect(result.current.query.filtered).toBe(false);
  });

  it('ignores a sort outside the sortable columns and defaults the order to asc', () => {
    expect(
      renderListQuery('/l?sort=motdepasse', { sortable: ['nom'] }).result.current.query.params.sort,
    ).toBe(undefined);
    expect(renderListQuery('/l?sort=nom', { sortable: ['nom'] }).result.current.query.params).toMatchObject({
      sort: 'nom',
      order: 'asc',
    });
  });

  it('writes each change to the URL, keeps foreign parameters and omits defaults', () => {
    const { result } = renderListQuery('/liste?mode=ajout');
    act(() => result.current.query.setPage(4));
    expect(result.current.location.search).toBe('?mode=ajout&page=4');
    act(() => result.current.query.setPage(1));
    expect(result.current.location.search).toBe('?mode=ajout');
    act(() => result.current.query.setSort('nom', 'desc'));
    act(() => result.current.query.setArchived(true));
    act(() => result.current.query.setSearch('ville', '  Saint-Étienne '));
    expect(new URLSearchParams(result.current.location.search).get('ville')).toBe('Saint-Étienne');
    expect(result.current.query.params).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'nom',
      order: 'desc',
      archived: true,
      search: { ville: 'Saint-Étienne' },
    });
    act(() => result.current.query.setSort(undefined));
    act(() => result.current.query.setArchived(false));
    act(() => result.current.query.clearSearch());
    expect(result.current.location.search).toBe('?mode=ajout');
  });

  it.each([
    ['a search', (q: ReturnType<typeof useListQuery>) => q.setSearch('nom', 'parc')],
    ['a cleared search', (q: ReturnType<typeof useListQuery>) => q.setSearch('nom', ' ')],
    ['clearing the searches', (q: ReturnType<typeof useListQuery>) => q.clearSearch()],
    ['a sort', (q: ReturnType<typeof useListQuery>) => q.setSort('nom', 'asc')],
    ['the archived switch', (q: ReturnType<typeof useListQuery>) => q.setArchived(true)],
    ['a new page size', (q: ReturnType<typeof useListQuery>) => q.setPage(3, 50)],
  ])('goes back to page 1 on %s', (_name, change) => {
    const { result } = renderListQuery('/liste?page=3&nom=hot');
    expect(result.current.query.params.page).toBe(3);
    act(() => change(result.current.query));
    expect(result.current.query.params.page).toBe(1);
    expect(new URLSearchParams(result.current.location.search).has('page')).toBe(false);
  });

  it('pushes history entries, so Back returns to the previous page and search', () => {
    const { result } = renderListQuery('/liste');
    act(() => result.current.query.setSearch('nom', 'parc'));
    act(() => result.current.query.setPage(2));
    expect(result.current.query.params).toMatchObject({ page: 2, search: { nom: 'parc' } });
    act(() => void result.current.navigate(-1));
    expect(result.current.query.params).toMatchObject({ page: 1, search: { nom: 'parc' } });
    act(() => void result.current.navigate(-1));
    expect(result.current.query.params).toMatchObject({ page: 1, search: {} });
  });

  it('keeps the same params object while the URL does not change', () => {
    const { result, rerender } = renderListQuery('/liste?nom=a');
    const first = result.current.query.params;
    rerender();
    expect(result.current.query.params).toBe(first);
  });
});

describe('listQueryString', () => {
  it('flattens the params, encodes accents, spaces and reserved characters, trims and omits empties', () => {
    expect(
      listQueryString({
        page: 2,
        pageSize: 50,
        sort: 'nom',
        order: 'desc',
        archived: true,
        search: { nom: ' Hôtel du Parc ', ville: '', code: 'a&b=c+d', rue: '   ' },
      }),
    ).toBe(
      'page=2&pageSize=50&sort=nom&order=desc&archived=true&nom=H%C3%B4tel%20du%20Parc&code=a%26b%3Dc%2Bd',
    );
  });

  it('leaves out archived=false, a missing sort and a missing search', () => {
    expect(listQueryString({ page: 1, pageSize: 20, archived: false })).toBe('page=1&pageSize=20');
  });
});

const hotels = [
  { id: 1, nom: 'Hôtel du Parc', ville: 'Lyon', chambres: 40, archivedAt: null },
  { id: 2, nom: 'Ibis Centre', ville: 'Lyon', chambres: 80, archivedAt: null },
  { id: 3, nom: 'Le Parc Sud', ville: 'Marseille', chambres: 25, archivedAt: null },
  { id: 4, nom: 'Ancien Parc', ville: 'Lyon', chambres: 12, archivedAt: '2025-01-01T00:00:00.000Z' },
  { id: 5, nom: 'Étoile', ville: 'Paris', chambres: 40, archivedAt: null },
];
const base: ListParams = { page: 1, pageSize: 20 };
const names = (page: { data: unknown[] }) => page.data.map((row) => (row as { nom: string }).nom);

describe('fetchList against listHandler', () => {
  beforeEach(() =>
    mockServer.use(
      listHandler('/hotels', hotels, ['nom', 'ville', 'chambres'], { sortable: ['nom', 'chambres'] }),
    ),
  );

  it('sends the flat query string through apiClient', async () => {
    const seen: string[] = [];
    mockServer.use(
      http.get('/api/echo', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ data: [], total: 0 });
      }),
    );
    await fetchList('/echo', { ...base, sort: 'nom', order: 'asc', search: { nom: 'é t' } });
    expect(seen).toEqual(['?page=1&pageSize=20&sort=nom&order=asc&nom=%C3%A9%20t']);
  });

  it('matches case-insensitive substrings, several columns with AND, numbers as text', async () => {
    expect(names(await fetchList('/hotels', { ...base, search: { nom: 'PARC' } }))).toEqual([
      'Hôtel du Parc',
      'Le Parc Sud',
    ]);
    expect(names(await fetchList('/hotels', { ...base, search: { nom: 'parc', ville: 'lyo' } }))).toEqual([
      'Hôtel du Parc',
    ]);
    expect(names(await fetchList('/hotels', { ...base, search: { chambres: '4' } }))).toEqual([
      'Hôtel du Parc',
      'Étoile',
    ]);
  });

  it('lists archived rows only with archived=true', async () => {
    expect(names(await fetchList('/hotels', { ...base, archived: true }))).toEqual(['Ancien Parc']);
    expect(await fetchList('/hotels', base)).toMatchObject({ total: 4 });
  });

  it('sorts (French collation, id as tie-breaker) and paginates with the total of all matches', async () => {
    const page = await fetchList('/hotels', { page: 2, pageSize: 2, sort: 'nom', order: 'desc' });
    expect(page).toMatchObject({ total: 4 });
    expect(names(page)).toEqual(['Hôtel du Parc', 'Étoile']);
    const byRooms = await fetchList<{ id: number }>('/hotels', { ...base, sort: 'chambres' });
    expect(byRooms.data.map((row) => row.id)).toEqual([3, 1, 5, 2]);
  });

  it('answers 400 like the API for an unknown column, an unsortable column or a bad page size', async () => {
    const failures = await Promise.all(
      [
        { ...base, search: { adresse: 'x' } },
        { ...base, sort: 'ville' },
        { ...base, pageSize: 500 },
      ].map((params) => fetchList('/hotels', params).catch((error: unknown) => error)),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).status).toBe(400);
    }
    expect(notify.error).toHaveBeenCalledWith("La recherche sur « adresse » n'est pas disponible.");
  });
});

/** A fresh query cache per hook, as every page test gets. */
function cacheWrapper() {
  const client = createTestQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useList', () => {
  it('loads a page, with loading while in flight', async () => {
    mockServer.use(listHandler('/hotels', hotels, ['nom']));
    const { result } = renderHook(() => useList<{ nom: string }>('/hotels', base), {
      wrapper: cacheWrapper(),
    });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.total).toBe(4);
    expect(names(result.current)).toEqual(['Hôtel du Parc', 'Ibis Centre', 'Le Parc Sud', 'Étoile']);
    expect(result.current.error).toBeNull();
  });

  it('drops an overtaken request: a slow first answer never replaces the newer one', async () => {
    mockServer.use(
      http.get('/api/slow', async ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        if (page === '1') await delay(150);
        return HttpResponse.json({ data: [{ nom: `page ${page}` }], total: 2 });
      }),
    );
    const { result, rerender } = renderHook(
      ({ page }) => useList<{ nom: string }>('/slow', { ...base, page }),
      {
        initialProps: { page: 1 },
        wrapper: cacheWrapper(),
      },
    );
    rerender({ page: 2 });
    await waitFor(() => expect(names(result.current)).toEqual(['page 2']));
    await act(() => delay(250));
    expect(names(result.current)).toEqual(['page 2']);
    expect(result.current.loading).toBe(false);
  });

  it('exposes the failure, then reload() asks again', async () => {
    mockServer.use(
      http.get('/api/flaky', () => HttpResponse.json({ message: 'Base indisponible' }, { status: 503 }), {
        once: true,
      }),
      // Slow enough for the loading state to be seen: the cache tells its observers on the next tick.
      http.get('/api/flaky', async () => {
        await delay(300);
        return HttpResponse.json({ data: [{ nom: 'Ibis' }], total: 1 });
      }),
    );
    const { result } = renderHook(() => useList<{ nom: string }>('/flaky', base), {
      wrapper: cacheWrapper(),
    });
    await waitFor(() => expect(result.current.error?.message).toBe('Base indisponible'));
    expect(result.current.data).toEqual([]);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(names(result.current)).toEqual(['Ibis']));
    expect(result.current.error).toBeNull();
  });

  it('shows a page seen before at once, from the cache, and refreshes it in the background once stale', async () => {
    const seen: string[] = [];
    mockServer.use(
      http.get('/api/cached', async ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        seen.push(page ?? '');
        await delay(100);
        return HttpResponse.json({ data: [{ nom: `page ${page} (${seen.length})` }], total: 40 });
      }),
    );
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(
      ({ page }) => useList<{ nom: string }>('/cached', { ...base, page }),
      { initialProps: { page: 1 }, wrapper },
    );
    await waitFor(() => expect(names(result.current)).toEqual(['page 1 (1)']));
    rerender({ page: 2 });
    // The previous page stays, marked as loading, until page 2 arrives.
    expect(names(result.current)).toEqual(['page 1 (1)']);
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(names(result.current)).toEqual(['page 2 (2)']));
    rerender({ page: 1 });
    expect(names(result.current)).toEqual(['page 1 (1)']);
    expect(result.current.loading).toBe(false);
    await act(() => delay(150));
    expect(seen).toEqual(['1', '2']);

    await act(() => client.invalidateQueries({ queryKey: ['cached'] }));
    await waitFor(() => expect(names(result.current)).toEqual(['page 1 (3)']));
    expect(seen).toEqual(['1', '2', '1']);
  });

  it("files the pages under their resource's list keys, or under the prefix it is given", async () => {
    mockServer.use(listHandler('/hotels', hotels, ['nom']));
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useList<{ nom: string }>('/hotels?nom=parc', base), { wrapper });
    await waitFor(() => expect(result.current.total).toBe(2));
    expect(client.getQueryCache().findAll({ queryKey: keysOfPath('/hotels').lists() })).toHaveLength(1);
    mockServer.use(http.get('/api/echo', () => HttpResponse.json({ data: [], total: 0 })));
    const own = renderHook(() => useList<{ nom: string }>('/echo', base, { queryKey: ['autre', 'list'] }), {
      wrapper,
    });
    await waitFor(() => expect(own.result.current.loading).toBe(false));
    expect(client.getQueryCache().findAll({ queryKey: ['autre', 'list'] })).toHaveLength(1);
  });
});
