import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parisToday } from 'shared/contract';
import { mockStatsPax } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEntier } from '../model/format';
import { StatsPerPaxPage } from './stats-per-pax-page';

const PATH = '/dashboard/StatsPerPax';
/** As testing-library reads a text: French grouping spaces (U+202F) become plain spaces. */
const shownAs = (text: string) => text.replace(/\s/g, ' ');
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('StatsPerPax', () => {
  it('reads the period and filters from the URL, shows the headline figures and a sortable table per chart', async () => {
    const { requestsTo } = renderPage(<StatsPerPaxPage />, {
      url: `${PATH}?debut=2025-11&fin=2026-02&etablissementId=1`,
      path: PATH,
    });
    const expected = mockStatsPax({ debut: '2025-11', fin: '2026-02', etablissementId: 1 });
    const headline = await screen.findByRole('list', { name: 'Chiffres clés' });
    expect(within(headline).getByText(shownAs(formatEntier(expected.totaux.nuitees)))).toBeTruthy();
    expect(within(headline).getByText(shownAs(formatEntier(expected.totaux.pax)))).toBeTruthy();
    const params = requestsTo('/api/stats/pax')[0]!.url.searchParams;
    expect(Object.fromEntries(params)).toEqual({ debut: '2025-11', fin: '2026-02', etablissementId: '1' });

    // The clients table, sorted by nights (descending on the second click).
    const table = screen.getByRole('table', { name: 'Par client' });
    const nightsHeader = within(table).getByRole('columnheader', { name: /Nuitées/ });
    fireEvent.click(nightsHeader);
    fireEvent.click(nightsHeader);
    await waitFor(() => expect(nightsHeader.getAttribute('aria-sort')).toBe('descending'));
    const firstRow = within(table).getAllByRole('row')[1]!;
    const largest = [...expected.parClient].sort((a, b) => b.nuitees - a.nuitees)[0]!;
    expect(within(firstRow).getByText(largest.libelle)).toBeTruthy();
    expect(within(firstRow).getByText(shownAs(formatEntier(largest.nuitees)))).toBeTruthy();
  });

  it('exports the table beside a chart to a dated Excel file, with the filters on screen', async () => {
    const { requestsTo } = renderPage(<StatsPerPaxPage />, {
      url: `${PATH}?debut=2026-01&fin=2026-03`,
      path: PATH,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter « Durée des séjours » en Excel' }));
    await waitFor(() =>
      // The server's name: the Paris day (the browser's own day may differ around midnight).
      expect(saved).toEqual([`statistiques-pax-durees-${parisToday()}.xlsx`]),
    );
    expect(Object.fromEntries(requestsTo('/api/stats/pax/excel')[0]!.url.searchParams)).toEqual({
      debut: '2026-01',
      fin: '2026-03',
      tableau: 'durees',
    });
  });

  it('says plainly when the period has no night', async () => {
    renderPage(<StatsPerPaxPage />, { url: `${PATH}?debut=1995-01&fin=1995-12`, path: PATH });
    expect(await screen.findByText(/Aucune nuitée sur cette période/)).toBeTruthy();
  });
});
