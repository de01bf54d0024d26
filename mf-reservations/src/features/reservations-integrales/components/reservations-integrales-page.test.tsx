import { screen, waitFor, within } from '@testing-library/react';
import { formatPeriod, login } from 'shared';
import { mockDay, mockReservations, mockToken } from 'shared/mocks';
import { describe, expect, it } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { ReservationsIntegralesPage } from './reservations-integrales-page';

const URL_LIST = '/dashboard/reservation-integrale';
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const urlParams = () => new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1] ?? '');

describe('ReservationsIntegralesPage', () => {
  it('marks « Annulée » the period of a full reservation whose stays are all cancelled (its original dates)', async () => {
    const { queryClient } = renderPage(<ReservationsIntegralesPage />, { url: URL_LIST });
    // Every stay of full reservation 6 cancelled (renderPage has just put the mocks' seeds back).
    for (const stay of mockReservations) if (stay.id_reservation_mere === 6) stay.statut = 'annulee';
    await queryClient.invalidateQueries();
    const period = await screen.findByText(formatPeriod(mockDay(4), mockDay(24)));
    await waitFor(() => expect(within(period.closest('td')!).getByText('Annulée')).toBeTruthy());
    // The other full reservations keep live stays: their period carries no mark.
    const ccas = rowOf('CCAS de Villeurbanne').getByText(/ – /).closest('td')!;
    expect(within(ccas).queryByText('Annulée')).toBeNull();
  });

  it('lists the full reservations: client, hotel, contracts, residents, stays and statuses', async () => {
    const { requestsTo } = renderPage(<ReservationsIntegralesPage />, { url: URL_LIST });
    expect(await screen.findByText('6 réservations intégrales')).toBeTruthy();
    expect(await requestsTo('/api/reservations_integrales', 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 20,
    });
    const ccas = rowOf('CCAS de Villeurbanne');
    expect(ccas.getByText('Client : CC-2024-CCAS')).toBeTruthy();
    expect(ccas.getByText('Résidence Les Tilleuls')).toBeTruthy();
    expect(ccas.getByText('Terminée : 4')).toBeTruthy();
    expect(ccas.getByText('Annulée : 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nouvelle réservation intégrale/ })).toBeTruthy();
  });

  it('filters on the status (URL + body) and opens a row', async () => {
    const { user, requestsTo, location } = renderPage(<ReservationsIntegralesPage />, { url: URL_LIST });
    await screen.findByText('6 réservations intégrales');
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByTitle('Terminée'));
    expect(await screen.findByText('4 réservations intégrales')).toBeTruthy();
    expect(await requestsTo('/api/reservations_integrales', 'POST').at(-1)!.body).toEqual({
      page: 1,
      pageSize: 20,
      statut: 'terminee',
    });
    expect(urlParams().get('statut')).toBe('terminee');
    await user.click(screen.getByText('CCAS de Villeurbanne'));
    expect(location()).toBe('/dashboard/fiche-resa-integrale/3');
  });

  it('searches the residents column (pensionnaire=…)', async () => {
    const { requestsTo } = renderPage(<ReservationsIntegralesPage />, {
      url: `${URL_LIST}?pensionnaire=moreau`,
    });
    expect(await screen.findByText('2 réservations intégrales')).toBeTruthy();
    expect(await requestsTo('/api/reservations_integrales', 'POST')[0]!.body).toMatchObject({
      pensionnaire: 'moreau',
    });
  });

  it('offers no « Nouvelle réservation intégrale » without a subject claim (extra route)', async () => {
    renderPage(<ReservationsIntegralesPage />, { url: URL_LIST });
    login(mockToken({ sub: '' }));
    await screen.findByText('6 réservations intégrales');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Nouvelle réservation intégrale/ })).toBeNull(),
    );
  });
});
