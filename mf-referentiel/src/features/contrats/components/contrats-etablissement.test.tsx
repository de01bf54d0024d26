import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { ContratEtablissementDetailsPage, ContratsEtablissementPage } from './contrat-pages';

const LIST_URL = '/dashboard/contract-etablissement';
const DETAILS_PATH = '/dashboard/contract-etablissement-details/:id';
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

describe('ContratsEtablissementPage', () => {
  it('lists the purchase contracts: hotel name, period, French status and pricing mode', async () => {
    renderPage(<ContratsEtablissementPage />, { url: LIST_URL });
    await screen.findByText('CE-2025-PARC');
    const row = rowOf('CE-2025-PARC');
    expect(row.getByText('Hôtel du Parc')).toBeTruthy();
    expect(row.getByText('01/01/2025 – 01/01/2026')).toBeTruthy();
    expect(row.getByText('Actif')).toBeTruthy();
    expect(row.getByText('Par chambre')).toBeTruthy();
    expect(rowOf('CE-2026-TILLEULS').getByText('Brouillon')).toBeTruthy();
    expect(rowOf('CE-2024-BELLEVUE').getByText('Clos')).toBeTruthy();
    expect(screen.getByText('Total : 4')).toBeTruthy();
  });

  it('filters on the status (statut=… sent to the API) and opens a contract with saveSelection', async () => {
    const { user, requestsTo, location } = renderPage(<ContratsEtablissementPage />, { url: LIST_URL });
    await screen.findByText('CE-2025-PARC');
    await user.click(screen.getByLabelText('Filtrer par statut'));
    await user.click(await screen.findByTitle('Suspendu'));
    expect(await screen.findByText('Total : 1')).toBeTruthy();
    expect(requestsTo('/api/contrats-etablissement').at(-1)?.url.searchParams.get('statut')).toBe('suspendu');
    expect(screen.queryByText('CE-2025-PARC')).toBeNull();
    await user.click(screen.getByText('CE-2025-GARE-EST'));
    expect(location()).toBe('/dashboard/contract-etablissement-details/3');
    expect(JSON.parse(window.sessionStorage.getItem('selectedContract')!)).toMatchObject({ id: 3 });
  });

  it('shows staff no write button', async () => {
    renderPage(<ContratsEtablissementPage />, { url: LIST_URL, role: 'agent' });
    await screen.findByText('CE-2025-PARC');
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
  });
});

describe('ContratEtablissementDetailsPage', () => {
  it('shows the header and the tariff lines with euro amounts and « Illimité »', async () => {
    renderPage(<ContratEtablissementDetailsPage />, {
      url: '/dashboard/contract-etablissement-details/1',
      path: DETAILS_PATH,
    });
    expect(await screen.findByText('Tarif négocié avec la direction régionale.')).toBeTruthy();
    const simple = rowOf('Simple');
    expect(simple.getByText('48,00 €')).toBeTruthy();
    expect(simple.getByText('10')).toBeTruthy();
    expect(rowOf('Double').getByText('62,50 €')).toBeTruthy();
    expect(rowOf('Double').getByText('Illimité')).toBeTruthy();
    // VAT rates in French: a decimal comma, « % » after a no-break space.
    const vat = screen.getByText('TVA nuitée').closest('tr')!;
    expect(vat.textContent).toContain('10,00\u00a0%');
    expect(vat.textContent).not.toContain('10.00');
  });

  it('offers a brouillon « Activer » and « Clôturer » (not « Suspendre »), and PUTs …/statut', async () => {
    const { user, requestsTo } = renderPage(<ContratEtablissementDetailsPage />, {
      url: '/dashboard/contract-etablissement-details/2',
      path: DETAILS_PATH,
    });
    await screen.findByText('Familiale');
    expect(screen.queryByRole('button', { name: /Suspendre/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Clôturer/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Activer/ }));
    await waitFor(() => expect(requestsTo('/api/contrats-etablissement/2/statut', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/contrats-etablissement/2/statut', 'PUT')[0]!.body).toEqual({
      statut: 'actif',
    });
    expect(await screen.findByRole('button', { name: /Suspendre/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Activer/ })).toBeNull();
  });

  it('asks before « Clôturer », then PUTs statut=clos and offers nothing more', async () => {
    const { user, requestsTo } = renderPage(<ContratEtablissementDetailsPage />, {
      url: '/dashboard/contract-etablissement-details/3',
      path: DETAILS_PATH,
    });
    await screen.findByText('Suspendu : travaux au 3e étage.');
    await user.click(screen.getByRole('button', { name: /Clôturer/ }));
    expect(await screen.findByText('Clôturer « CE-2025-GARE-EST » ?')).toBeTruthy();
    expect(requestsTo('/api/contrats-etablissement/3/statut', 'PUT')).toHaveLength(0);
    await user.click(
      within(
        screen.getByText('Clôturer « CE-2025-GARE-EST » ?').closest('.ant-popover') as HTMLElement,
      ).getByRole('button', { name: 'Clôturer' }),
    );
    await waitFor(() => expect(requestsTo('/api/contrats-etablissement/3/statut', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/contrats-etablissement/3/statut', 'PUT')[0]!.body).toEqual({
      statut: 'clos',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Activer|Modifier/ })).toBeNull());
  });

  it('offers a clos contract no status action and no edit', async () => {
    renderPage(<ContratEtablissementDetailsPage />, {
      url: '/dashboard/contract-etablissement-details/4',
      path: DETAILS_PATH,
    });
    await screen.findByText('52,00 €');
    expect(screen.queryByRole('button', { name: /Activer|Suspendre|Clôturer|Modifier/ })).toBeNull();
  });

  it('shows staff no status or edit button', async () => {
    renderPage(<ContratEtablissementDetailsPage />, {
      url: '/dashboard/contract-etablissement-details/2',
      path: DETAILS_PATH,
      role: 'agent',
    });
    await screen.findByText('Familiale');
    expect(screen.queryByRole('button', { name: /Activer|Clôturer|Modifier/ })).toBeNull();
  });
});
