import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderPage } from 'shared/testing/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomingList } from './rooming-list';

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const month = dayjs().startOf('month');
const START = month.format('YYYY-MM-DD');
const END = month.add(1, 'month').format('YYYY-MM-DD');
const figure = (label: string) =>
  within(screen.getByRole('region', { name: 'Totaux de la période' }))
    .getByText(label)
    .closest('.ant-statistic')!
    .querySelector('.ant-statistic-content')!.textContent;

describe('RoomingList', () => {
  it('asks the current month by default (filters as JSON) and shows totals equal to the rows', async () => {
    const { requestsTo } = renderPage(<RoomingList kind="etab" />, {
      url: '/dashboard/rooming-etab?pageSize=100',
    });
    await waitFor(() => expect(requestsTo('/api/reservationsRoomingEtab')).toHaveLength(1));
    const params = requestsTo('/api/reservationsRoomingEtab')[0]!.url.searchParams;
    expect(params.get('page')).toBe('1');
    expect(params.get('pageSize')).toBe('100');
    expect(JSON.parse(params.get('filters')!)).toEqual({ start_date: START, end_date: END });
    await screen.findByRole('region', { name: 'Totaux de la période' });
    const rows = document.querySelectorAll('tbody tr[data-row-key]');
    expect(rows.length).toBeGreaterThan(0);
    expect(figure('Réservations')).toBe(String(rows.length));
    const nights = [...rows].reduce(
      (sum, row) => sum + Number.parseInt(row.children[5]!.textContent!, 10),
      0,
    );
    expect(figure('Nuitées')).toBe(String(nights));
  });

  it('reads the hotel and the month from the URL, exports under the server name and sends the rooming list', async () => {
    const { user, requestsTo } = renderPage(<RoomingList kind="etab" />, {
      url: `/dashboard/rooming-etab?start_date=${START}&end_date=${END}&etablissement_id=1`,
    });
    await waitFor(() => expect(requestsTo('/api/reservationsRoomingEtab')).toHaveLength(1));
    expect(
      JSON.parse(requestsTo('/api/reservationsRoomingEtab')[0]!.url.searchParams.get('filters')!),
    ).toEqual({
      start_date: START,
      end_date: END,
      etablissement_id: 1,
    });
    await user.click(
      within(screen.getByRole('group', { name: 'Exports' })).getByRole('button', { name: /PDF/ }),
    );
    await waitFor(() => expect(saved).toEqual([`rooming-etablissement-${dayjs().format('YYYY-MM-DD')}.pdf`]));
    expect(await requestsTo('/api/reservations/generate_Pdf_RoomingEtab', 'POST')[0]!.body).toEqual({
      start_date: START,
      end_date: END,
      etablissement_id: 1,
    });
    await user.click(screen.getByRole('button', { name: /Envoyer à l'établissement/ }));
    await user.click(await screen.findByRole('button', { name: 'Envoyer' }));
    // The mocks keep e-mails in the outbox, as the product without SMTP_URL: said so, never « envoyé ».
    expect(
      await screen.findByText(
        /Rooming de .* : conservé dans la boîte d'envoi, non transmis \(contact@hotelduparc-lyon\.fr\)/,
      ),
    ).toBeTruthy();
    expect(
      requestsTo(`/api/reservations/send_Pdf_Rooming/1/${month.format('YYYY-MM')}`, 'POST'),
    ).toHaveLength(1);
  });

  it('rooming-client shows the PAF / CAF totals; sending needs a hotel', async () => {
    renderPage(<RoomingList kind="client" />, { url: '/dashboard/rooming-client' });
    await screen.findByRole('region', { name: 'Totaux de la période' });
    expect(figure('PAF à vérifier')).toMatch(/^\d+ · /);
    expect(screen.queryByRole('button', { name: /Envoyer à l'établissement/ })).toBeNull();
  });
});
