import { screen, waitFor, within } from '@testing-library/react';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { FacturesPage } from './factures-page';

const PATH = '/dashboard/Factures';
const LIST = '/api/facturation/factures';

const rows = () => screen.getAllByRole('row').slice(1);

describe('Factures clients', () => {
  it('lists the invoices (not the credit notes), « Brouillon » for a draft, « En retard » beside the state', async () => {
    const { requestsTo } = renderPage(<FacturesPage />, { url: PATH });
    expect(await screen.findByText('6 factures')).toBeTruthy();
    expect(requestsTo(LIST)[0]!.url.searchParams.get('type')).toBe('facture');
    expect(screen.queryByText('AV-2026-000001')).toBeNull();
    expect(screen.getAllByText('Brouillon').length).toBeGreaterThanOrEqual(2);
    const overdue = screen.getByText('FA-2026-000002').closest('tr')!;
    expect(within(overdue).getByText('En retard')).toBeTruthy();
    expect(within(overdue).getByText('Envoyée')).toBeTruthy();
  });

  it('reads its filters from the URL as the API names them, and writes them back', async () => {
    const { user, requestsTo, location } = renderPage(<FacturesPage />, { url: `${PATH}?enRetard=1` });
    expect(await screen.findByText('1 facture')).toBeTruthy();
    expect(requestsTo(LIST)[0]!.url.searchParams.get('enRetard')).toBe('true');
    expect(rows()).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'En retard seulement' }));
    await waitFor(() => expect(location()).toBe(PATH));
    expect(await screen.findByText('6 factures')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Numéro' }), 'FA-2026-00000{Enter}');
    await waitFor(() => expect(location()).toBe(`${PATH}?numero=FA-2026-00000`));
    expect(await screen.findByText('4 factures')).toBeTruthy();
    expect(requestsTo(LIST).at(-1)!.url.searchParams.get('numero')).toBe('FA-2026-00000');
  });

  it('filters by state and client from the URL; an empty result offers to clear the filters', async () => {
    const { user, location } = renderPage(<FacturesPage />, { url: `${PATH}?statut=payee&clientId=2` });
    expect(await screen.findByText('Aucun résultat pour ces filtres')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /filtres/ }).at(-1)!);
    await waitFor(() => expect(location()).toBe(PATH));
    expect(await screen.findByText('6 factures')).toBeTruthy();
  });

  it('opens the card of a row', async () => {
    const { user, location } = renderPage(<FacturesPage />, { url: PATH, path: '/dashboard/*' });
    await screen.findByText('FA-2026-000004');
    await user.click(screen.getByText('FA-2026-000004'));
    await waitFor(() => expect(location()).toBe('/dashboard/Factures/4'));
  });

  it('« Nouvelle facture »: the 409 of nights already invoiced is said in the dialog', async () => {
    const { user } = renderPage(<FacturesPage />, { url: PATH });
    await screen.findByText('6 factures');
    await user.click(openButton('Nouvelle facture'));
    const dialog = await findDialog('Nouvelle facture');
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByTitle('Conseil départemental du Val-de-Marne'));
    const month = within(dialog).getByRole('textbox', { name: 'Mois facturé' });
    await user.clear(month);
    await user.type(month, '11/2026{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Préparer le brouillon' }));
    expect(
      await within(dialog).findByText(/Aucune nuitée à facturer pour Conseil départemental/),
    ).toBeTruthy();
  });

  it('prepares the month (administrators): progress of the task, its end, the new drafts listed', async () => {
    const { user, requestsTo } = renderPage(<FacturesPage />, { url: PATH });
    await screen.findByText('6 factures');
    await user.click(openButton('Préparer les factures du mois'));
    const dialog = await findDialog('Préparer les factures du mois');
    const month = within(dialog).getByRole('textbox', { name: 'Mois' });
    await user.clear(month);
    await user.type(month, '12/2026{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Préparer' }));
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Progression de la préparation' }),
    ).toBeTruthy();
    expect(await requestsTo('/api/facturation/preparation', 'POST')[0]!.body).toEqual({ mois: '2026-12' });
    expect(
      await within(dialog).findByText('4 brouillon(s) de facture préparé(s).', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('10 factures')).toBeTruthy();
  });

  it('issues the selected drafts one by one after a confirmation naming how many, with a result per draft', async () => {
    const { user, requestsTo } = renderPage(<FacturesPage />, { url: PATH });
    await screen.findByText('6 factures');
    const drafts = screen
      .getAllByRole('checkbox', { name: /Choisir le brouillon/ })
      .filter((box) => !(box as HTMLInputElement).disabled);
    expect(drafts).toHaveLength(2);
    for (const box of drafts) await user.click(box);
    await user.click(openButton('Émettre la sélection (2)'));
    const dialog = await findDialog('Émettre les brouillons choisis');
    expect(
      within(dialog).getByText(/Émettre 2 brouillons \? Chaque facture reçoit son numéro définitif/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Émettre 2 brouillons' }));
    expect(await within(dialog).findByText('2 factures émises sur 2.')).toBeTruthy();
    expect(requestsTo('/api/facturation/factures/5/emission', 'POST')).toHaveLength(1);
    expect(requestsTo('/api/facturation/factures/6/emission', 'POST')).toHaveLength(1);
    expect(within(dialog).getAllByText('Émise')).toHaveLength(2);
  });

  it('an agent may create a draft but neither prepare the month nor issue', async () => {
    renderPage(<FacturesPage />, { url: PATH, role: 'agent' });
    await screen.findByText('6 factures');
    expect(screen.getByRole('button', { name: /Nouvelle facture/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Préparer les factures du mois/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Émettre la sélection/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Choisir le brouillon/ })).toBeNull();
  });
});
