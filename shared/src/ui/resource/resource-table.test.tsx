import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { http, HttpResponse } from 'msw';
import { createRef } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listHandler } from '../../mocks/common/list-handlers';
import { mockServer } from '../../mocks/node';
import { createQueryClient } from '../../api/query-client';
import { createTestQueryClient, renderWithProviders } from '../../testing';
import {
  ResourceTable,
  type ResourceColumn,
  type ResourceTableHandle,
  type ResourceTableProps,
} from './resource-table';

// Three sorts through antd's header take 5–8 s on a busy 2-core runner: the default 5 s is not enough.
vi.setConfig({ testTimeout: 30_000 });

interface Hotel {
  id: number;
  nom: string;
  ville: string;
  archivedAt: string | null;
}

const hotels: Hotel[] = [
  // Ids out of name order, so that the default order (id) differs from a sort on the name.
  { id: 1, nom: 'Ibis Centre', ville: 'Lyon', archivedAt: null },
  { id: 2, nom: 'Hôtel du Parc', ville: 'Lyon', archivedAt: null },
  { id: 3, nom: 'Le Parc Sud', ville: 'Marseille', archivedAt: null },
  { id: 4, nom: 'Ancien Parc', ville: 'Lille', archivedAt: '2025-01-01T00:00:00.000Z' },
  ...Array.from({ length: 21 }, (_, index) => ({
    id: 10 + index,
    nom: `Résidence ${String(index + 1).padStart(2, '0')}`,
    ville: 'Paris',
    archivedAt: null,
  })),
];

const columns: ResourceColumn<Hotel>[] = [
  { key: 'nom', title: 'Nom', sortable: true, searchable: true },
  { key: 'ville', title: 'Ville', searchable: true },
  {
    key: 'actions',
    title: 'Actions',
    render: (row, { archived }) => (
      <Button size="small" aria-label={`${archived ? 'Restaurer' : 'Modifier'} ${row.nom}`}>
        {archived ? 'Restaurer' : 'Modifier'}
      </Button>
    ),
  },
];

/** Query strings of the list requests, in order. */
let requests: string[] = [];

beforeEach(() => {
  requests = [];
  mockServer.use(listHandler('/hotels', hotels, ['nom', 'ville'], { sortable: ['nom'] }));
  mockServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/hotels')) requests.push(url.search.slice(1));
  });
});
afterEach(() => mockServer.events.removeAllListeners());

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderTable(
  props: Partial<ResourceTableProps<Hotel>> = {},
  url = '/etablissements',
  queryClient?: QueryClient,
) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <ResourceTable<Hotel> path="/hotels" columns={columns} {...props} />
      <LocationProbe />
    </>,
    { url, queryClient },
  );
  return user;
}

/** A cache whose pages are stale at once: every change of the list asks the server, even for a page it saw. */
const alwaysStale = () => createQueryClient({ queries: { retry: false, staleTime: 0 } });

const lastRequest = () => new URLSearchParams(requests.at(-1));
const urlParams = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');
const bodyRows = () => screen.getAllByRole('row').filter((row) => row.closest('tbody'));
/** Waits until the table shows no loading spinner. */
const settled = () => waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('ResourceTable', () => {
  it('renders the rows of the first page from the API with the French total', async () => {
    renderTable();
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    await settled();
    expect(requests).toEqual(['page=1&pageSize=20']);
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText('Total : 24')).toBeTruthy();
    expect(screen.queryByText('Ancien Parc')).toBeNull();
  });

  it('groups the thousands of a large total the French way (« Total : 12 345 »)', async () => {
    mockServer.use(
      http.get('/api/hotels', () => HttpResponse.json({ data: hotels.slice(0, 3), total: 12_345 })),
    );
    renderTable();
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    expect(screen.getByText(/^Total : /).textContent?.replace(/[\u202f\u00a0]/g, ' ')).toBe('Total : 12 345');
  });

  it('names its selection check boxes in French, not antd’s « Select all » / « Select row »', async () => {
    renderTable({ rowSelection: { selectedRowKeys: [] } });
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    const names = boxes.map((box) => box.getAttribute('aria-label'));
    expect(names[0]).toBe('Sélectionner toutes les lignes de la page');
    expect(names.slice(1, 3)).toEqual(['Sélectionner la ligne 1', 'Sélectionner la ligne 2']);
    expect(names.filter((name) => /Select|Row/.test(name ?? ''))).toEqual([]);
    // A name given by the page wins.
    cleanup();
    renderTable({
      rowSelection: {
        selectedRowKeys: [],
        getCheckboxProps: (row) => ({ 'aria-label': `Choisir ${row.nom}` }),
      },
    });
    expect(await screen.findByRole('checkbox', { name: 'Choisir Hôtel du Parc' })).toBeTruthy();
  });

  it('asks the server for page 2 and mirrors it in the URL', async () => {
    const user = renderTable();
    await screen.findByText('Hôtel du Parc');
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Résidence 21')).toBeTruthy();
    expect(lastRequest().get('page')).toBe('2');
    expect(urlParams().get('page')).toBe('2');
    expect(bodyRows()).toHaveLength(4);
  });

  it('sorts on the server when a sortable header is clicked: asc, desc, then the default order', async () => {
    // The default order was the first page shown: from a fresh cache it would come back without a request.
    const user = renderTable({}, '/etablissements', alwaysStale());
    await screen.findByText('Hôtel du Parc');
    const header = screen.getByRole('columnheader', { name: /Nom/ });
    expect(firstCells().slice(0, 2)).toEqual(['Ibis Centre', 'Hôtel du Parc']);
    await user.click(header);
    await waitFor(() => expect(lastRequest().get('order')).toBe('asc'));
    expect(lastRequest().get('sort')).toBe('nom');
    await settled();
    expect(firstCells().slice(0, 3)).toEqual(['Hôtel du Parc', 'Ibis Centre', 'Le Parc Sud']);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(header);
    await waitFor(() => expect(lastRequest().get('order')).toBe('desc'));
    await settled();
    expect(firstCells()[0]).toBe('Résidence 21');
    expect(urlParams().get('order')).toBe('desc');
    await user.click(header);
    await waitFor(() => expect(lastRequest().has('sort')).toBe(false));
    expect(urlParams().has('sort')).toBe(false);
  });

  it('searches a column from its header box, from page 1, and shows the active filter', async () => {
    const user = renderTable({}, '/etablissements?page=2');
    await screen.findByText('Résidence 21');
    const trigger = screen.getByLabelText('Rechercher dans la colonne Nom');
    expect(trigger.closest('.ant-table-filter-trigger')?.classList.contains('active')).toBe(false);
    await user.click(trigger);
    const box = await screen.findByRole('textbox', { name: 'Rechercher dans « Nom »' });
    await user.type(box, 'PARC{Enter}');
    await waitFor(() => expect(lastRequest().get('nom')).toBe('PARC'));
    // Enter in the box must not also reach the header, where it toggles the sort.
    expect(lastRequest().toString()).toBe('page=1&pageSize=20&nom=PARC');
    expect(await screen.findByText('Le Parc Sud')).toBeTruthy();
    expect(bodyRows()).toHaveLength(2);
    expect(urlParams().get('nom')).toBe('PARC');
    expect(screen.getByText('Nom : PARC')).toBeTruthy();
    expect(trigger.closest('.ant-table-filter-trigger')?.classList.contains('active')).toBe(true);
  });

  it('opens the column search from the keyboard without sorting, and « Réinitialiser » clears it', async () => {
    const user = renderTable({}, '/etablissements?nom=parc&ville=lyo');
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    expect(requests).toEqual(['page=1&pageSize=20&nom=parc&ville=lyo']);
    // keyCode as browsers send it: antd's header sorts on keyCode 13, which user-event leaves at 0.
    fireEvent.keyDown(screen.getByLabelText('Rechercher dans la colonne Nom'), { key: 'Enter', keyCode: 13 });
    const box = await screen.findByRole('textbox', { name: 'Rechercher dans « Nom »' });
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('parc');
    expect(requests).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(lastRequest().toString()).toBe('page=1&pageSize=20&ville=lyo'));
    expect(await screen.findByText('Ibis Centre')).toBeTruthy();
    expect(screen.queryByText('Nom : parc')).toBeNull();
    expect(screen.getByText('Ville : lyo')).toBeTruthy();
  });

  it('says « Aucun résultat pour ces filtres » and « Effacer les filtres » clears them', async () => {
    const user = renderTable({}, '/etablissements?nom=zzz&ville=lyo&mode=ajout');
    expect(await screen.findByText('Aucun résultat pour ces filtres')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    expect(lastRequest().has('nom') || lastRequest().has('ville')).toBe(false);
    expect(urlParams().toString()).toBe('mode=ajout');
  });

  it('says « Aucun résultat » (« Aucun élément archivé » when archived) for an empty list without filters', async () => {
    mockServer.use(listHandler('/hotels', [], ['nom', 'ville']));
    const user = renderTable({ archivable: true });
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Effacer les filtres' })).toBeNull();
    await user.click(screen.getByText('Archivés'));
    expect(await screen.findByText('Aucun élément archivé')).toBeTruthy();
  });

  it('shows the failure and « Réessayer » asks again', async () => {
    mockServer.use(
      http.get('/api/hotels', () => HttpResponse.json({ message: 'Base indisponible' }, { status: 503 }), {
        once: true,
      }),
    );
    const user = renderTable();
    expect(await screen.findByText("La liste n'a pas pu être chargée.")).toBeTruthy();
    expect(screen.getAllByText('Base indisponible').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    expect(requests).toHaveLength(2);
    expect(screen.queryByText("La liste n'a pas pu être chargée.")).toBeNull();
  });

  it('switches to archived records with archived=true and tells the cells', async () => {
    const user = renderTable({ archivable: true }, '/etablissements?page=2');
    await screen.findByText('Résidence 21');
    await user.click(screen.getByText('Archivés'));
    expect(await screen.findByText('Ancien Parc')).toBeTruthy();
    expect(lastRequest().get('archived')).toBe('true');
    expect(lastRequest().get('page')).toBe('1');
    expect(urlParams().get('archived')).toBe('true');
    expect(screen.getByRole('button', { name: 'Restaurer Ancien Parc' })).toBeTruthy();
    await user.click(screen.getByText('Actifs'));
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    expect(lastRequest().has('archived')).toBe(false);
  });

  it('has no archived switch unless archivable, and then ignores archived=true in the URL', async () => {
    renderTable({}, '/etablissements?archived=true');
    await screen.findByText('Hôtel du Parc');
    expect(screen.queryByText('Archivés')).toBeNull();
    expect(requests).toEqual(['page=1&pageSize=20']);
  });

  it('opens a row on click or Enter, but not from a button inside it', async () => {
    const onOpen = vi.fn();
    const user = renderTable({ onOpen });
    const cell = await screen.findByText('Ibis Centre');
    const row = cell.closest('tr')!;
    expect(row.tabIndex).toBe(0);
    row.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 1, nom: 'Ibis Centre' }));
    await user.click(cell);
    expect(onOpen).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Modifier Ibis Centre' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Modifier Ibis Centre' }), { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('moves past the last page (stale bookmark, emptied page) back to the last page with rows', async () => {
    renderTable({}, '/etablissements?page=9');
    expect(await screen.findByText('Résidence 21')).toBeTruthy();
    expect(requests).toEqual(['page=9&pageSize=20', 'page=2&pageSize=20']);
    expect(urlParams().get('page')).toBe('2');
  });

  it('a second visit within 30 s shows the cached rows at once, without a request', async () => {
    const client = createTestQueryClient();
    renderTable({}, '/etablissements', client);
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    cleanup();
    renderTable({}, '/etablissements', client);
    expect(screen.getByText('Hôtel du Parc')).toBeTruthy();
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(requests).toHaveLength(1);
  });

  it('a later visit shows the cached rows at once and refreshes them in the background', async () => {
    const client = alwaysStale();
    renderTable({}, '/etablissements', client);
    expect(await screen.findByText('Hôtel du Parc')).toBeTruthy();
    cleanup();
    renderTable({}, '/etablissements', client);
    expect(screen.getByText('Hôtel du Parc')).toBeTruthy();
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toBe(requests[0]);
    expect(screen.getByText('Hôtel du Parc')).toBeTruthy();
  });

  it('reads page size, sort and searches from a bookmarked URL, shows the toolbar, reloads through its ref', async () => {
    const ref = createRef<ResourceTableHandle>();
    renderTable(
      { toolbar: <Button>Ajouter</Button>, ref },
      '/etablissements?pageSize=10&sort=nom&order=desc&ville=paris',
    );
    expect(await screen.findByText('Résidence 21')).toBeTruthy();
    expect(requests).toEqual(['page=1&pageSize=10&sort=nom&order=desc&ville=paris']);
    expect(screen.getByText('Total : 21')).toBeTruthy();
    expect(screen.getByText('Ville : paris')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeTruthy();
    act(() => ref.current?.reload());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toBe(requests[0]);
  });
});
