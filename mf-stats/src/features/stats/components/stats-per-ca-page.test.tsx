import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from 'shared';
import { mockStatsCa } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { StatsPerCaPage } from './stats-per-ca-page';

const PATH = '/dashboard/StatsPerCa';
const shownAs = (text: string) => text.replace(/\s/g, ' ');

describe('StatsPerCa', () => {
  it('shows turnover, purchase and margin in euros, by month, client and hotel, and PAF / CAF', async () => {
    renderPage(<StatsPerCaPage />, { url: `${PATH}?debut=2025-10&fin=2026-03&clientId=2`, path: PATH });
    const expected = mockStatsCa({ debut: '2025-10', fin: '2026-03', clientId: 2 });
    const headline = await screen.findByRole('list', { name: 'Chiffres clés' });
    expect(within(headline).getByText(shownAs(formatMoney(expected.totaux.venteHt)))).toBeTruthy();
    expect(within(headline).getByText(shownAs(formatMoney(expected.totaux.margeHt)))).toBeTruthy();
    const months = screen.getByRole('table', { name: "Chiffre d'affaires par mois" });
    expect(within(months).getAllByRole('row')).toHaveLength(7);
    expect(within(months).getByText(shownAs(formatMoney(expected.parMois[3]!.venteTtc)))).toBeTruthy();
    const clients = screen.getByRole('table', { name: "Chiffre d'affaires par client" });
    expect(within(clients).getAllByRole('row')).toHaveLength(2);
    const flows = screen.getByRole('table', { name: 'PAF et CAF' });
    expect(within(flows).getByText('PAF')).toBeTruthy();
    expect(
      within(flows).getByText(shownAs(formatMoney(expected.paiements[1]!.aVerifierMontant))),
    ).toBeTruthy();
  });

  it('moves the period with its end, keeping its length, and asks the API again', async () => {
    const { location, requestsTo } = renderPage(<StatsPerCaPage />, {
      url: `${PATH}?debut=2025-10&fin=2026-03`,
      path: PATH,
    });
    await screen.findByRole('table', { name: "Chiffre d'affaires par mois" });
    const end = screen.getByLabelText('au mois');
    fireEvent.mouseDown(end);
    fireEvent.change(end, { target: { value: '06/2026' } });
    fireEvent.keyDown(end, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(location()).toBe(`${PATH}?debut=2026-01&fin=2026-06`));
    await waitFor(() =>
      expect(requestsTo('/api/stats/ca').map((r) => r.url.searchParams.get('fin'))).toContain('2026-06'),
    );
  });

  it('says plainly when the period has no night', async () => {
    renderPage(<StatsPerCaPage />, { url: `${PATH}?debut=1995-01&fin=1995-06`, path: PATH });
    expect(await screen.findByText(/Aucune nuitée sur cette période/)).toBeTruthy();
  });
});
