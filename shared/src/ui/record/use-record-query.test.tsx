import { queryOptions } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../api/api-client';
import { resourceKeys } from '../../api/query-keys';
import { mockServer } from '../../mocks/node';
import { createTestQueryClient, renderWithProviders } from '../../testing';
import { RecordGate } from './record-gate';
import { useRecordQuery } from './use-record-id';

interface Hotel {
  id: number;
  nom: string;
}

const hotelKeys = resourceKeys('hotels');

async function getHotel(id: number, signal?: AbortSignal): Promise<Hotel> {
  const { data } = await apiClient.get<Hotel>(`/hotels/${id}`, { signal });
  return data;
}

const hotelQueryOptions = (id: number) =>
  queryOptions({ queryKey: hotelKeys.detail(id), queryFn: ({ signal }) => getHotel(id, signal) });

function HotelCard({ placeholder = null }: { placeholder?: Hotel | null }) {
  const state = useRecordQuery(hotelQueryOptions, placeholder);
  return (
    <RecordGate
      record={state.record}
      state={state}
      notFoundTitle="Hôtel introuvable"
      listRouteId="etablissement"
    >
      {(hotel) => (
        <h1>
          {hotel.nom}
          {state.loading ? ' (chargement)' : ''}
        </h1>
      )}
    </RecordGate>
  );
}

/** `/api/hotels/:id`: hotel 1 exists, answers take 50 ms; counts the requests. */
function hotelApi(answer: (id: number) => Response | undefined = () => undefined) {
  const seen: number[] = [];
  mockServer.use(
    http.get('/api/hotels/:id', async ({ params }) => {
      const id = Number(params.id);
      seen.push(id);
      await delay(50);
      return (
        answer(id) ??
        (id === 1
          ? HttpResponse.json({ id: 1, nom: 'Hôtel du Parc' })
          : HttpResponse.json({ message: 'Hôtel introuvable.' }, { status: 404 }))
      );
    }),
  );
  return seen;
}

const renderCard = (
  url: string,
  options: Parameters<typeof renderWithProviders>[1] = {},
  placeholder?: Hotel,
) => renderWithProviders(<HotelCard placeholder={placeholder} />, { url, path: '/hotels/:id', ...options });

describe('useRecordQuery with RecordGate', () => {
  it('loads the record of the route id', async () => {
    const seen = hotelApi();
    renderCard('/hotels/1');
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Hôtel du Parc' })).toBeTruthy();
    expect(seen).toEqual([1]);
  });

  it('shows a record seen before at once, from the cache, without a request', async () => {
    const seen = hotelApi();
    const queryClient = createTestQueryClient();
    renderCard('/hotels/1', { queryClient });
    await screen.findByRole('heading', { name: 'Hôtel du Parc' });
    cleanup();
    renderCard('/hotels/1', { queryClient });
    expect(screen.getByRole('heading', { name: 'Hôtel du Parc' })).toBeTruthy();
    await delay(100);
    expect(seen).toEqual([1]);
  });

  it('shows the placeholder of the same id while the record loads, then the record', async () => {
    hotelApi();
    renderCard('/hotels/1', {}, { id: 1, nom: 'Parc (liste)' });
    expect(screen.getByRole('heading', { name: 'Parc (liste) (chargement)' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hôtel du Parc' })).toBeTruthy();
  });

  it('ignores a placeholder of another id', () => {
    hotelApi();
    renderCard('/hotels/1', {}, { id: 2, nom: 'Autre' });
    expect(screen.queryByText('Autre')).toBeNull();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
  });

  it('says « introuvable » for a 404, and for an id that is not one without asking', async () => {
    const seen = hotelApi();
    renderCard('/hotels/9');
    expect(await screen.findByText('Hôtel introuvable')).toBeTruthy();
    cleanup();
    renderCard('/hotels/abc');
    expect(screen.getByText('Hôtel introuvable')).toBeTruthy();
    expect(seen).toEqual([9]);
  });

  it('offers « Réessayer » after another failure, which asks again', async () => {
    let failures = 1;
    const seen = hotelApi(() =>
      failures-- > 0 ? HttpResponse.json({ message: 'Base indisponible' }, { status: 503 }) : undefined,
    );
    renderCard('/hotels/1');
    expect(await screen.findByText("La fiche n'a pas pu être chargée.")).toBeTruthy();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Hôtel du Parc' })).toBeTruthy();
    await waitFor(() => expect(seen).toEqual([1, 1]));
  });
});
