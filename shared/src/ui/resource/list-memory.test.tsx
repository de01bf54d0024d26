import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Select } from 'antd';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listHandler } from '../../mocks/common/list-handlers';
import { mockServer } from '../../mocks/node';
import { renderWithProviders } from '../../testing';
import { ResourceTable, type ResourceColumn } from './resource-table';
import { useUrlFilters } from './use-url-filters';

vi.setConfig({ testTimeout: 30_000 });

// The button's accessible name also carries its icon's (« reload »).
const RESET = /Réinitialiser les filtres$/;

interface Hotel {
  id: number;
  nom: string;
  ville: string;
}
const hotels: Hotel[] = [
  { id: 1, nom: 'Ibis Centre', ville: 'Lyon' },
  { id: 2, nom: 'Hôtel du Parc', ville: 'Lyon' },
  { id: 3, nom: 'Le Parc Sud', ville: 'Marseille' },
];
const columns: ResourceColumn<Hotel>[] = [
  { key: 'nom', title: 'Nom', sortable: true, searchable: true },
  { key: 'ville', title: 'Ville' },
];

/** A list with a filter of its own above the table, as the screens have. */
function HotelsPage() {
  const filters = useUrlFilters(['ville'] as const);
  const ville = typeof filters.values.ville === 'string' ? filters.values.ville : undefined;
  return (
    <>
      <Select
        aria-label="Ville"
        allowClear
        value={ville ?? null}
        options={['Lyon', 'Marseille'].map((value) => ({ value, label: value }))}
        onChange={(value) => filters.setFilter('ville', value ?? undefined)}
      />
      <ResourceTable<Hotel>
        path="/hotels"
        columns={columns}
        load={async (params) => {
          const nom = params.search?.nom?.toLowerCase() ?? '';
          const rows = hotels.filter(
            (row) => (ville === undefined || row.ville === ville) && row.nom.toLowerCase().includes(nom),
          );
          const sorted =
            params.sort === 'nom' ? [...rows].sort((a, b) => a.nom.localeCompare(b.nom, 'fr')) : rows;
          const ordered = params.order === 'desc' ? sorted.reverse() : sorted;
          return { data: ordered, total: ordered.length };
        }}
        loadKey={ville ?? ''}
        filtersActive={filters.active}
        onClearFilters={filters.clearFilters}
      />
    </>
  );
}

/** The side menu: links without any filter, as the product's are. */
function Menu() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <Button onClick={() => void navigate('/hotels')}>Menu : hôtels</Button>
      <Button onClick={() => void navigate('/accueil')}>Menu : accueil</Button>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

function renderApp(url: string) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <Menu />
      <Routes>
        <Route path="/hotels" element={<HotelsPage />} />
        <Route path="/accueil" element={<p>Accueil</p>} />
      </Routes>
    </>,
    { url },
  );
  return user;
}

const location = () => screen.getByTestId('location').textContent;
const names = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeEach(() => mockServer.use(listHandler('/hotels', hotels, ['nom'], { sortable: ['nom'] })));

describe('a list opened again without filters', () => {
  it('gets back the filters it had (column search, its own filter, sort), page 1; « Réinitialiser les filtres » forgets them', async () => {
    const user = renderApp('/hotels?nom=parc&sort=nom&order=desc&page=2');
    await waitFor(() => expect(location()).toBe('/hotels?nom=parc&sort=nom&order=desc&page=2'));
    await user.click(screen.getByRole('combobox', { name: 'Ville' }));
    await user.click(await screen.findByTitle('Lyon'));
    await waitFor(() => expect(location()).toBe('/hotels?nom=parc&sort=nom&order=desc&ville=Lyon'));

    await user.click(screen.getByRole('button', { name: 'Menu : accueil' }));
    expect(await screen.findByText('Accueil')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Menu : hôtels' }));
    await waitFor(() => expect(location()).toBe('/hotels?nom=parc&sort=nom&order=desc&ville=Lyon'));
    await waitFor(() => expect(names()).toEqual(['Hôtel du Parc']));

    // Clicking the menu entry of the list shown brings them back too.
    await user.click(screen.getByRole('button', { name: 'Menu : hôtels' }));
    await waitFor(() => expect(location()).toBe('/hotels?nom=parc&sort=nom&order=desc&ville=Lyon'));

    await user.click(screen.getByRole('button', { name: RESET }));
    await waitFor(() => expect(location()).toBe('/hotels?sort=nom&order=desc'));
    expect(screen.queryByRole('button', { name: RESET })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Menu : accueil' }));
    await user.click(await screen.findByRole('button', { name: 'Menu : hôtels' }));
    await waitFor(() => expect(location()).toBe('/hotels?sort=nom&order=desc'));
    await waitFor(() => expect(names()).toEqual(['Le Parc Sud', 'Ibis Centre', 'Hôtel du Parc']));
  });

  it('keeps what the URL says when it names filters (a bookmark, a dashboard shortcut), and remembers that', async () => {
    window.sessionStorage.clear();
    const user = renderApp('/hotels?ville=Marseille');
    await waitFor(() => expect(names()).toEqual(['Le Parc Sud']));
    await user.click(screen.getByRole('button', { name: 'Menu : accueil' }));
    await user.click(await screen.findByRole('button', { name: 'Menu : hôtels' }));
    await waitFor(() => expect(location()).toBe('/hotels?ville=Marseille'));
  });

  it('opens bare when nothing was filtered, and removing the last filter by hand forgets it too', async () => {
    const user = renderApp('/hotels?ville=Lyon');
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: RESET }));
    await waitFor(() => expect(location()).toBe('/hotels'));
    await user.click(screen.getByRole('button', { name: 'Menu : accueil' }));
    await user.click(await screen.findByRole('button', { name: 'Menu : hôtels' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(location()).toBe('/hotels');
  });
});
