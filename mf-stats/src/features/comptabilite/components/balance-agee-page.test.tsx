import { screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from 'shared';
import { mockBalanceAgee } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BalanceAgeePage } from './balance-agee-page';

const PATH = '/dashboard/BalanceAgee';
const shownAs = (text: string) => text.replace(/\s/g, ' ');

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:balance'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('BalanceAgee', () => {
  it('shows each client’s five buckets and total, the totals row, and links a client to its invoices', async () => {
    const { requestsTo } = renderPage(<BalanceAgeePage />, { url: `${PATH}?date=2026-11-30`, path: PATH });
    const expected = mockBalanceAgee('2026-11-30');
    const table = await screen.findByRole('table', { name: 'Balance âgée au 30/11/2026' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Client',
      'Factures',
      'Non échu',
      '0 à 30 jours',
      '31 à 60 jours',
      '61 à 90 jours',
      'Plus de 90 jours',
      'Avoirs non imputés',
      'Total',
    ]);
    const lyon = within(table).getByRole('link', { name: 'Factures de Métropole de Lyon' });
    expect(lyon.getAttribute('href')).toBe('/dashboard/Factures?clientId=2');
    const row = lyon.closest('tr')!;
    expect(within(row).getByText(shownAs(formatMoney('1830.25')))).toBeTruthy();
    expect(within(row).getByText(shownAs(formatMoney('2250.25')))).toBeTruthy();
    const credit = within(table).getByRole('link', { name: 'Factures de SAMU social' }).closest('tr')!;
    expect(within(credit).getAllByText(shownAs(formatMoney('-165.00')))).toHaveLength(2);
    const totals = within(table).getByText('Total', { selector: 'strong' }).closest('tr')!;
    expect(within(totals).getByText(shownAs(formatMoney(expected.totaux.total)))).toBeTruthy();
    expect(within(totals).getByText('6')).toBeTruthy();
    expect(requestsTo('/api/comptabilite/balance-agee').map((r) => r.url.searchParams.get('date'))).toEqual([
      '2026-11-30',
    ]);
  });

  it('downloads the workbook of the date shown', async () => {
    const { user, requestsTo } = renderPage(<BalanceAgeePage />, {
      url: `${PATH}?date=2026-11-30`,
      path: PATH,
    });
    await screen.findByRole('table', { name: 'Balance âgée au 30/11/2026' });
    await user.click(screen.getByRole('button', { name: /Télécharger en Excel/ }));
    await waitFor(() => expect(saved).toEqual(['balance-agee-2026-11-30.xlsx']));
    expect(requestsTo('/api/comptabilite/balance-agee/xlsx')[0]?.url.searchParams.get('date')).toBe(
      '2026-11-30',
    );
  });

  it('says plainly when nothing is owed, and offers no empty workbook', async () => {
    renderPage(<BalanceAgeePage />, { url: `${PATH}?date=2019-06-30`, path: PATH });
    expect(await screen.findByText(/Aucun montant dû au 30\/06\/2019/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Télécharger en Excel/ }).hasAttribute('disabled')).toBe(true);
  });
});
