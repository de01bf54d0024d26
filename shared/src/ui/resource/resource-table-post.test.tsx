import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from 'antd';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../api/api-client';
import { mockServer } from '../../mocks/node';
import { renderWithProviders } from '../../testing';
import { ResourceTable, type ResourceColumn } from './resource-table';
import { useUrlFilters } from './use-url-filters';

interface Stay {
  id: number;
  nom: string;
  statut: string;
}

const stays: Stay[] = [
  { id: 1, nom: 'Dupont', statut: 'en_cours' },
  { id: 2, nom: 'Benali', statut: 'annulee' },
  { id: 3, nom: 'Martin', statut: 'en_cours' },
];

/** Bodies of the POST list requests, in order. */
let bodies: Record<string, unknown>[] = [];

beforeEach(() => {
  bodies = [];
  mockServer.use(
    http.post('/api/sejours', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const statuts = body.statut as string[] | undefined;
      const rows = stays.filter(
        (stay) =>
          (!statuts || statuts.includes(stay.statut)) &&
          (!body.nom || stay.nom.toLowerCase().includes(String(body.nom).toLowerCase())),
      );
      return HttpResponse.json({ sejours: rows, total: rows.length });
    }),
  );
});
afterEach(() => mockServer.resetHandlers());

const columns: ResourceColumn<Stay>[] = [
  { key: 'nom', title: 'Nom', searchable: true, sortable: true },
  { key: 'statut', title: 'Statut' },
];

function PostList() {
  const filters = useUrlFilters(['statut'] as const, { multiple: ['statut'] });
  const location = useLocation();
  return (
    <>
      <Select
        aria-label="Statut"
        mode="multiple"
        style={{ width: 200 }}
        value={(filters.values.statut as string[] | undefined) ?? []}
        onChange={(value: string[]) => filters.setFilter('statut', value)}
        options={[
          { value: 'en_cours', label: 'En cours' },
          { value: 'annulee', label: 'Annulée' },
        ]}
      />
      <output data-testid="location">{location.search}</output>
      <ResourceTable<Stay>
        path="/sejours"
        columns={columns}
        loadKey={filters.key}
        filtersActive={filters.active}
        onClearFilters={filters.clearFilters}
        totalLabel={(total) => `${total} séjours`}
        load={async (params, signal) => {
          const { data } = await apiClient.post<{ sejours: Stay[]; total: number }>(
            '/sejours',
            { page: params.page, pageSize: params.pageSize, ...params.search, ...filters.values },
            { signal },
          );
          return { data: data.sejours, total: data.total };
        }}
      />
    </>
  );
}

const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

describe('ResourceTable with a POST loader and URL filters', () => {
  it('posts the page, column searches and extra filters read from the URL', async () => {
    renderWithProviders(<PostList />, { url: '/sejours?statut=en_cours&nom=mar&page=1' });
    expect(await screen.findByText('Martin')).toBeTruthy();
    expect(screen.queryByText('Dupont')).toBeNull();
    expect(bodies).toEqual([{ page: 1, pageSize: 20, nom: 'mar', statut: ['en_cours'] }]);
    expect(screen.getByText('1 séjours')).toBeTruthy();
  });

  it('a filter change reloads, lands in the URL and resets the page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostList />, { url: '/sejours?page=2&pageSize=10' });
    await waitFor(() => expect(bodies).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByTitle('Annulée'));
    expect(await screen.findByText('Benali')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Dupont')).toBeNull());
    expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 10, statut: ['annulee'] });
    expect(search().getAll('statut')).toEqual(['annulee']);
    expect(search().has('page')).toBe(false);
  });

  it('an empty filtered list offers « Effacer les filtres », which clears the extra filters too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostList />, { url: '/sejours?statut=en_cours&nom=zzz' });
    expect(await screen.findByText('Aucun résultat pour ces filtres')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByText('Benali')).toBeTruthy();
    expect(search().toString()).toBe('');
  });
});
