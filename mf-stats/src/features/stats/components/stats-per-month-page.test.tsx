import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockStatsMois } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { formatEntier } from '../model/format';
import { StatsPerMonthPage } from './stats-per-month-page';

const PATH = '/dashboard/StatsPerMonth';

describe('StatsPerMonth', () => {
  it('shows every month of a period crossing a year beside the same month a year earlier', async () => {
    renderPage(<StatsPerMonthPage />, { url: `${PATH}?debut=2025-03&fin=2026-02`, path: PATH });
    const table = await screen.findByRole('table', { name: 'Activité par mois' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '03/2025',
      '04/2025',
      '05/2025',
      '06/2025',
      '07/2025',
      '08/2025',
      '09/2025',
      '10/2025',
      '11/2025',
      '12/2025',
      '01/2026',
      '02/2026',
    ]);
    const january = mockStatsMois({ debut: '2026-01', fin: '2026-01' }).mois[0]!;
    const cells = within(rows[10]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Mois, Pax, Pax (N-1), Nuitées, Nuitées (N-1)…
    expect(cells.slice(0, 5)).toEqual(
      ['01/2026', january.pax, january.paxPrecedent, january.nuitees, january.nuiteesPrecedent].map((v) =>
        typeof v === 'number' ? formatEntier(v) : v,
      ),
    );
  });

  it('switches to 24 months ending with the same month, in the URL', async () => {
    const { location, requestsTo } = renderPage(<StatsPerMonthPage />, {
      url: `${PATH}?debut=2025-03&fin=2026-02`,
      path: PATH,
    });
    await screen.findByRole('table', { name: 'Activité par mois' });
    fireEvent.click(screen.getByText('24 mois'));
    await waitFor(() => expect(location()).toBe(`${PATH}?debut=2024-03&fin=2026-02`));
    await waitFor(() =>
      expect(requestsTo('/api/stats/mois').map((r) => r.url.searchParams.get('debut'))).toContain('2024-03'),
    );
    const table = await screen.findByRole('table', { name: 'Activité par mois' });
    // 24 rows, two pages of 12.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
  });

  it('says plainly when no month of the period, nor the year before, has a night', async () => {
    renderPage(<StatsPerMonthPage />, { url: `${PATH}?debut=1995-01&fin=1995-12`, path: PATH });
    expect(await screen.findByText(/Aucune nuitée sur cette période/)).toBeTruthy();
  });
});
