import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { ContratClientDetailsPage, ContratsClientsPage } from './contrat-pages';

const LIST_URL = '/dashboard/contrat-client';
const DETAILS_PATH = '/dashboard/contrat-client/:id';
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

describe('ContratsClientsPage', () => {
  it('lists the sale contracts: client name, period, French status, PAF and CAF per day', async () => {
    renderPage(<ContratsClientsPage />, { url: LIST_URL });
    await screen.findByText('CC-2025-CD94');
    const row = rowOf('CC-2025-CD94');
    expect(row.getByText('Conseil départemental du Val-de-Marne')).toBeTruthy();
    expect(row.getByText('01/01/2025 – 01/01/2026')).toBeTruthy();
    expect(row.getByText('Actif')).toBeTruthy();
    expect(row.getByText('3,00 €')).toBeTruthy();
    const relais = rowOf('CC-2026-RELAIS');
    expect(relais.getByText('Brouillon')).toBeTruthy();
    expect(relais.getByText('2,50 €')).toBeTruthy();
    expect(relais.getByText('1,00 €')).toBeTruthy();
    expect(rowOf('CC-2024-CCAS').getByText('Clos')).toBeTruthy();
    expect(screen.getByText('Total : 3')).toBeTruthy();
  });

  it('filters on the status (statut=… sent to the API) and opens a contract with saveSelection', async () => {
    const { user, requestsTo, location } = renderPage(<ContratsClientsPage />, { url: LIST_URL });
    await screen.findByText('CC-2025-CD94');
    await user.click(screen.getByLabelText('Filtrer par statut'));
    await user.click(await screen.findByTitle('Brouillon'));
    expect(await screen.findByText('Total : 1')).toBeTruthy();
    expect(requestsTo('/api/contrats-clients').at(-1)?.url.searchParams.get('statut')).toBe('brouillon');
    expect(screen.queryByText('CC-2025-CD94')).toBeNull();
    await user.click(screen.getByText('CC-2026-RELAIS'));
    expect(location()).toBe('/dashboard/contrat-client/2');
    expect(JSON.parse(window.sessionStorage.getItem('selectedContract')!)).toMatchObject({ id: 2 });
  });

  it('shows staff no write button', async () => {
    renderPage(<ContratsClientsPage />, { url: LIST_URL, role: 'agent' });
    await screen.findByText('CC-2025-CD94');
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
  });
});

describe('ContratClientDetailsPage', () => {
  it('shows the header with PAF / CAF and the lines, « Tous les établissements » for a line of every hotel', async () => {
    renderPage(<ContratClientDetailsPage />, {
      url: '/dashboard/contrat-client/1',
      path: DETAILS_PATH,
    });
    expect(await screen.findByText('Tous les établissements')).toBeTruthy();
    expect(screen.getByText('PAF par jour')).toBeTruthy();
    expect(screen.getByText('3,00 €')).toBeTruthy();
    const simple = rowOf('Simple');
    expect(simple.getByText('Tous les établissements')).toBeTruthy();
    expect(simple.getByText('58,00 €')).toBeTruthy();
    const double = rowOf('Double');
    expect(double.getByText('Hôtel du Parc')).toBeTruthy();
    expect(double.getByText('72,00 €')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Modifier/ })).toBeTruthy();
  });

  it('offers an actif contract « Suspendre » and « Clôturer » (not « Activer »), PUTs …/statut, then « Activer »', async () => {
    const { user, requestsTo } = renderPage(<ContratClientDetailsPage />, {
      url: '/dashboard/contrat-client/1',
      path: DETAILS_PATH,
    });
    await screen.findByText('Tous les établissements');
    expect(screen.queryByRole('button', { name: /Activer/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Clôturer/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Suspendre/ }));
    await waitFor(() => expect(requestsTo('/api/contrats-clients/1/statut', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/contrats-clients/1/statut', 'PUT')[0]!.body).toEqual({
      statut: 'suspendu',
    });
    expect(await screen.findByRole('button', { name: /Activer/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Suspendre/ })).toBeNull();
  });

  it('offers a clos contract no status action and no edit', async () => {
    renderPage(<ContratClientDetailsPage />, {
      url: '/dashboard/contrat-client/3',
      path: DETAILS_PATH,
    });
    await screen.findByText('Aucune ligne de tarif');
    expect(screen.getByText('Clos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Activer|Suspendre|Clôturer|Modifier/ })).toBeNull();
  });

  it('shows staff no status or edit button', async () => {
    renderPage(<ContratClientDetailsPage />, {
      url: '/dashboard/contrat-client/1',
      path: DETAILS_PATH,
      role: 'agent',
    });
    await screen.findByText('Tous les établissements');
    expect(screen.queryByRole('button', { name: /Activer|Suspendre|Clôturer|Modifier/ })).toBeNull();
  });
});
