import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { RelevesPage } from './releves-page';

const PAGE = '/dashboard/Releves?mois=2026-11';
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

describe('RelevesPage', () => {
  it('lists the month’s statements with their totals at purchase price and where the invoices stand', async () => {
    const { requestsTo } = renderPage(<RelevesPage />, { url: PAGE, path: '/dashboard/Releves' });
    await screen.findByText('Hôtel du Parc');
    expect(requestsTo('/api/releves').at(-1)?.url.searchParams.get('mois')).toBe('2026-11');
    const parc = rowOf('Hôtel du Parc');
    expect(parc.getByText('30')).toBeTruthy();
    expect(parc.getByText(/2\s085,00\s€/)).toBeTruthy();
    expect(parc.getByText(/2\s293,50\s€/)).toBeTruthy();
    expect(parc.getByText('Écart')).toBeTruthy();
    expect(rowOf('Résidence Les Tilleuls').getByText('Rapprochée')).toBeTruthy();
    expect(rowOf("Hôtel de la Gare de l'Est").getByText('À rapprocher')).toBeTruthy();
    expect(screen.getByText('3 relevés en novembre 2026')).toBeTruthy();
  });

  it('keeps the month and the hotel in the URL and sends them to the API', async () => {
    const { user, requestsTo, location } = renderPage(<RelevesPage />, {
      url: PAGE,
      path: '/dashboard/Releves',
    });
    await screen.findByText('Hôtel du Parc');
    await user.click(screen.getByLabelText('Mois'));
    await user.click(await screen.findByTitle('octobre 2026'));
    await waitFor(() => expect(location()).toBe('/dashboard/Releves?mois=2026-10'));
    expect(await screen.findByText('3 relevés en octobre 2026')).toBeTruthy();
    expect(rowOf('Hôtel du Parc').getByText('Aucune facture')).toBeTruthy();

    await user.click(screen.getByLabelText('Établissement'));
    await user.click(await screen.findByTitle('Résidence Les Tilleuls'));
    await waitFor(() => expect(location()).toBe('/dashboard/Releves?mois=2026-10&etablissementId=2'));
    expect(await screen.findByText('1 relevé en octobre 2026')).toBeTruthy();
    const last = requestsTo('/api/releves').at(-1)!.url.searchParams;
    expect([last.get('mois'), last.get('etablissementId')]).toEqual(['2026-10', '2']);
  });

  it('opens a statement: lines, VAT, annex, and downloads its PDF and workbook', async () => {
    const { user, requestsTo } = renderPage(<RelevesPage />, { url: PAGE, path: '/dashboard/Releves' });
    await screen.findByText('Hôtel du Parc');
    await user.click(rowOf('Hôtel du Parc').getByRole('button', { name: 'Détail' }));
    const createObjectURL = vi.fn(() => 'blob:releve');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    // happy-dom would follow the saved file's link: the page under test must stay.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Nuitée Chambre double')).toBeTruthy();
    expect(within(drawer).getByText('Petit-déjeuner')).toBeTruthy();
    expect(within(drawer).getByText('DUPONT Marie')).toBeTruthy();
    expect(within(drawer).getByText('Relevé Hôtel du Parc — novembre 2026')).toBeTruthy();
    // The statement's period is its month, named (the API's half-open 2026-11-01 → 2026-12-01).
    expect(within(drawer).getByText('Période').closest('tr')!.textContent).toContain('novembre 2026');
    expect(within(drawer).queryByText(/exclu|01\/12\/2026/)).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: /PDF/ }));
    await waitFor(() => expect(requestsTo('/api/releves/1/2026-11/pdf')).toHaveLength(1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    await user.click(within(drawer).getByRole('button', { name: /Excel/ }));
    await waitFor(() => expect(requestsTo('/api/releves/1/2026-11/xlsx')).toHaveLength(1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(within(drawer).queryByRole('alert')).toBeNull();
  });

  it('offers to enter the hotel’s invoice of the month from its row', async () => {
    const { user, location } = renderPage(<RelevesPage />, { url: PAGE, path: '/dashboard/Releves' });
    await screen.findByText('Hôtel du Parc');
    await user.click(
      screen.getByRole('button', { name: 'Saisir la facture de l’établissement Hôtel du Parc' }),
    );
    expect(location()).toBe('/dashboard/FacturesEtablissements');
  });
});
