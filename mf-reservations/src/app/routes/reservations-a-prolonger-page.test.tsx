import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { addDays, parisToday } from 'shared/contract';
import { http, HttpResponse } from 'msw';
import { mockServer } from 'shared/mocks/node';
import { describe, expect, it } from 'vitest';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { ReservationsAProlongerPage } from './reservations-a-prolonger-page';

const URL_PAGE = '/dashboard/reservations-a-prolonger';
// The mocks date their stays from Paris's today (shared/contract), which a browser in UTC reaches an hour late.
const day = (offset: number) => dayjs(addDays(parisToday(), offset));

async function pickDate(dialog: HTMLElement, user: ReturnType<typeof renderPage>['user'], offset: number) {
  const input = within(dialog).getByRole('textbox', { name: 'Nouvelle date de départ' });
  await user.click(input);
  await user.type(input, `${day(offset).format('DD/MM/YYYY')}{Enter}`);
}

describe('ReservationsAProlongerPage', () => {
  it('lists the extendable stays; « Départ aujourd’hui ou demain » adds jours=a_prolonger (URL too)', async () => {
    const { user, requestsTo, location } = renderPage(<ReservationsAProlongerPage />, { url: URL_PAGE });
    expect(await screen.findByText('13 réservations à prolonger')).toBeTruthy();
    expect(await requestsTo('/api/reservations', 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 20,
      etat: 'prolongable',
    });
    await user.click(screen.getByRole('switch', { name: 'Départ aujourd’hui ou demain' }));
    expect(await screen.findByText('5 réservations à prolonger')).toBeTruthy();
    expect(await requestsTo('/api/reservations', 'POST').at(-1)!.body).toMatchObject({
      jours: 'a_prolonger',
    });
    expect(location()).toBe(`${URL_PAGE}?jours=a_prolonger`);
  });

  it('extends the selection: date after every departure, per-row report, list reloaded', async () => {
    const { user, requestsTo } = renderPage(<ReservationsAProlongerPage />, {
      url: `${URL_PAGE}?jours=a_prolonger`,
    });
    await screen.findByText('5 réservations à prolonger');
    expect(openButton('Prolonger la sélection (0)')).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner la réservation 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner la réservation 32' }));
    await user.click(openButton('Prolonger la sélection (2)'));
    const dialog = await findDialog('Prolonger 2 réservations');
    expect(within(dialog).getByText(day(1).format('DD/MM/YYYY'))).toBeTruthy();
    await pickDate(dialog, user, 15);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la prolongation' }));
    const report = await findDialog('Résultat de la prolongation');
    expect(await requestsTo('/api/reservations/prolongation_multiple', 'POST')[0]!.body).toEqual({
      reservation_ids: [3, 32],
      end_date: day(15).format('YYYY-MM-DD'),
    });
    expect(within(report).getAllByText('Prolongée')).toHaveLength(2);
    expect(within(report).getByText('MERCIER Sarah')).toBeTruthy();
    expect(await screen.findByText('3 réservations à prolonger')).toBeTruthy();
    expect(openButton('Prolonger la sélection (0)')).toBeTruthy();
  });

  it('shows the 409 `msg` and the refused rows inline, sends partiel when asked', async () => {
    mockServer.use(
      http.post('/api/reservations/prolongation_multiple', () =>
        HttpResponse.json(
          {
            message: 'Conflit',
            msg: "1 réservation(s) ne peuvent pas être prolongées : aucune n'a été prolongée.",
            resultats: [
              {
                reservation_id: 4,
                ok: false,
                prolongation_id: null,
                message: 'Cette réservation a déjà été prolongée.',
              },
            ],
          },
          { status: 409 },
        ),
      ),
    );
    const { user, requestsTo } = renderPage(<ReservationsAProlongerPage />, {
      url: `${URL_PAGE}?jours=a_prolonger`,
    });
    await screen.findByText('5 réservations à prolonger');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner la réservation 4' }));
    await user.click(openButton('Prolonger la sélection (1)'));
    const dialog = await findDialog('Prolonger 1 réservation');
    await pickDate(dialog, user, 5);
    await user.click(within(dialog).getByText("Prolonger ce qui peut l'être et signaler le reste"));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la prolongation' }));
    expect(await within(dialog).findByText(/aucune n'a été prolongée/)).toBeTruthy();
    expect(within(dialog).getByText('Cette réservation a déjà été prolongée.')).toBeTruthy();
    expect(within(dialog).getByText('Non prolongée')).toBeTruthy();
    expect(await requestsTo('/api/reservations/prolongation_multiple', 'POST')[0]!.body).toMatchObject({
      partiel: true,
    });
    // The list reloads (a stay may have changed meanwhile).
    await waitFor(() => expect(requestsTo('/api/reservations', 'POST')).toHaveLength(2));
  });

  it('extends one stay after confirmation, for every resident of the full reservation when asked', async () => {
    const { user, requestsTo } = renderPage(<ReservationsAProlongerPage />, { url: URL_PAGE });
    await screen.findByText('13 réservations à prolonger');
    await user.click(screen.getByRole('button', { name: 'Prolonger la réservation 9' }));
    // The stay card's extend dialog: Enter in the date submits it, so the option is ticked first.
    const dialog = await findDialog('Prolonger la réservation n° 9');
    await user.click(within(dialog).getByText('Appliquer à tous les pensionnaires'));
    await pickDate(dialog, user, 20);
    const sent = () => requestsTo('/api/reservations/prolongation/9', 'PUT');
    if (sent().length === 0) await user.click(within(dialog).getByRole('button', { name: 'Prolonger' }));
    await waitFor(() => expect(requestsTo('/api/reservations/prolongation/9', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/prolongation/9', 'PUT')[0]!.body).toEqual({
      end_date: day(20).format('YYYY-MM-DD'),
      applyToAllPr: true,
    });
    // Stays 9–13 of the same full reservation are extended: 8 remain.
    expect(await screen.findByText('8 réservations à prolonger')).toBeTruthy();
  });
});
