import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { listHandler } from '../mocks';
import { mockServer } from '../mocks/node';
import { createTestQueryClient } from '../testing/query-client';
import { useList } from '../ui/resource/fetch-list';
import { useArchiveRecord, useRestoreRecord } from './archive-record';
import { ApiError } from './api-error';
import { useLookup } from './get-lookup';

interface Hotel {
  id: number;
  nom: string;
  archivedAt: string | null;
}

/** `/api/hotels` with archive and restore; hotel 2 still has contracts and cannot be archived. */
function hotelsApi() {
  const rows: Hotel[] = [
    { id: 1, nom: 'Ibis Centre', archivedAt: null },
    { id: 2, nom: 'Hôtel du Parc', archivedAt: null },
  ];
  const writes: string[] = [];
  mockServer.use(
    listHandler('/hotels', rows, ['nom']),
    http.put('/api/hotels/:id/:action', ({ params }) => {
      const row = rows.find((candidate) => candidate.id === Number(params.id))!;
      writes.push(`${String(params.action)} ${row.id}`);
      if (row.id === 2 && params.action === 'archive')
        return HttpResponse.json({ message: "L'hôtel a des contrats en cours." }, { status: 409 });
      row.archivedAt = params.action === 'archive' ? '2026-01-01T00:00:00.000Z' : null;
      return HttpResponse.json({ message: 'Enregistré', data: row });
    }),
  );
  return writes;
}

function renderHotels() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      active: useList<Hotel>('/hotels', { page: 1, pageSize: 20 }),
      archived: useList<Hotel>('/hotels', { page: 1, pageSize: 20, archived: true }),
      lookup: useLookup('/hotels'),
      archive: useArchiveRecord<Hotel>('/hotels'),
      restore: useRestoreRecord<Hotel>('/hotels'),
    }),
    { wrapper },
  );
}

const names = (rows: { nom: string }[] | undefined) => rows?.map((row) => row.nom);

describe('useArchiveRecord / useRestoreRecord', () => {
  it('archiving refreshes the lists and the lookup of the resource before it settles', async () => {
    const writes = hotelsApi();
    const { result } = renderHotels();
    await waitFor(() =>
      expect(result.current.lookup.isSuccess && !result.current.archived.loading).toBe(true),
    );
    expect(names(result.current.active.data)).toEqual(['Ibis Centre', 'Hôtel du Parc']);

    await act(() => result.current.archive.mutateAsync(1));
    await waitFor(() => expect(names(result.current.active.data)).toEqual(['Hôtel du Parc']));
    expect(names(result.current.archived.data)).toEqual(['Ibis Centre']);
    expect(names(result.current.lookup.data)).toEqual(['Hôtel du Parc']);

    await act(() => result.current.restore.mutateAsync(1));
    await waitFor(() => expect(names(result.current.archived.data)).toEqual([]));
    expect(names(result.current.lookup.data)).toEqual(['Hôtel du Parc', 'Ibis Centre']);
    expect(writes).toEqual(['archive 1', 'restore 1']);
  });

  it('a refused write (409) rejects with the reason, once, and leaves the cache alone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const writes = hotelsApi();
    const { result } = renderHotels();
    await waitFor(() => expect(result.current.lookup.isSuccess).toBe(true));
    const error = await act(() => result.current.archive.mutateAsync(2).catch((failure: unknown) => failure));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("L'hôtel a des contrats en cours.");
    expect(writes).toEqual(['archive 2']);
    expect(result.current.lookup.isStale).toBe(false);
    warn.mockRestore();
  });
});
