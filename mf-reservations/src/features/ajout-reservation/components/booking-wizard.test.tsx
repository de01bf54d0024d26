import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatDate } from 'shared';
import { BOOKING_STAY, MOCK_API, mockDay, PERIODE_HEBERGES } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { renderBooking } from '../testing/render-booking';
import { AjoutReservationDrawer, AjoutReservationPage } from '../index';

const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Suivant' }));
/** The mocks' booking calendar is relative to today (booking-fixtures.ts): typed and shown as DD/MM/YYYY. */
const ARRIVAL = formatDate(BOOKING_STAY.start_date);
const DEPARTURE = formatDate(BOOKING_STAY.end_date);

async function chooseClientAndDates(
  user: UserEvent,
  search: string,
  client: string,
  start: string,
  end: string,
) {
  const select = screen.getByLabelText('Client');
  await user.click(select);
  await user.type(select, search);
  await user.click(await screen.findByTitle(client));
  for (const [label, day] of [
    ['Date d’arrivée', start],
    ['Date de départ', end],
  ] as const) {
    const input = screen.getByLabelText<HTMLInputElement>(label);
    await user.click(input);
    await user.type(input, `${day}{Enter}`);
    await waitFor(() => expect(input.value).toBe(day));
  }
}

/** Client 1, BOOKING_STAY (4 nights, across a price change), CC-2026-CD94, Marie Dupont. */
async function throughResidents(user: UserEvent) {
  await chooseClientAndDates(user, 'val', 'Conseil départemental du Val-de-Marne', ARRIVAL, DEPARTURE);
  expect(text(screen.getByTestId('ajout-resa-nuits').textContent)).toBe('Durée du séjour : 4 nuits');
  await next(user);
  await user.click(await screen.findByRole('radio', { name: /CC-2026-CD94/ }));
  await next(user);
  const dupont = await screen.findByRole('checkbox', { name: /Dupont Marie/ });
  // Karim Benali has nights of his own inside the stay: flagged, not selectable.
  expect(screen.getByRole('checkbox', { name: /Benali Karim/ })).toHaveProperty('disabled', true);
  expect(screen.getByText(`Déjà hébergé(e) entre le ${ARRIVAL} et le ${DEPARTURE}`)).toBeTruthy();
  await user.click(dupont);
  expect(screen.getByText('Pensionnaires sélectionnés : 1 / 50')).toBeTruthy();
  await next(user);
}

async function throughRoomType(user: UserEvent) {
  await throughResidents(user);
  await user.click(await screen.findByRole('radio', { name: /Hôtel du Parc/ }));
  await next(user);
  const simple = await screen.findByRole('radio', { name: /Simple/ });
  // Family rooms are no longer priced by then.
  expect(screen.getByRole('radio', { name: /Familiale/ })).toHaveProperty('disabled', true);
  expect(
    screen.getByText('Le contrat ne tarife pas ce type de chambre sur toutes les nuits du séjour.'),
  ).toBeTruthy();
  await user.click(simple);
  await next(user);
}

describe('AjoutReservationPage', () => {
  it('books through every step, sends the exact add body, then opens the new full reservation', async () => {
    const { user, requestsTo, location } = renderBooking(<AjoutReservationPage />);
    await throughRoomType(user);
    // The client select searched the API by name.
    expect(requestsTo('/api/clients').some((request) => request.url.searchParams.get('nom') === 'val')).toBe(
      true,
    );

    await user.type(screen.getByLabelText('N° de chambre'), '12');
    for (const option of ['Petit-déjeuner', 'Dîner', 'Appliquer la PAF', 'Confirmer directement'])
      await user.click(screen.getByRole('checkbox', { name: option }));
    await next(user);

    expect(await screen.findByText('Étape 7 sur 7 : Récapitulatif')).toBeTruthy();
    expect(screen.getByText(`Du ${ARRIVAL} au ${DEPARTURE} — 4 nuits`)).toBeTruthy();
    expect(screen.getByText('Petit-déjeuner, Dîner')).toBeTruthy();
    // 1 room: 3 × 49.00 + 1 × 51.50 = 198.50; meals (6.50 + 11.00) × 4 nights × 1 resident = 70.00.
    expect(text(screen.getByTestId('ajout-resa-total').textContent)).toBe('268,50 €');
    expect(
      screen.getByText(/les prix définitifs sont ceux des contrats au moment de la réservation/),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));
    await waitFor(() => expect(requestsTo('/api/reservations/add', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/add', 'POST')[0]!.body).toEqual({
      client_id: 1,
      contrat_client_id: 5,
      etablissement_id: 1,
      contrat_etablissement_id: 6,
      type_chambre_id: 1,
      pensionnaire_ids: [1],
      start_date: BOOKING_STAY.start_date,
      end_date: BOOKING_STAY.end_date,
      chambre: '12',
      petit_dejeuner: true,
      dejeuner: false,
      diner: true,
      status_paf: true,
      status_caf: false,
      confirmer: true,
    });
    await waitFor(() => expect(location()).toMatch(/^\/dashboard\/fiche-resa-integrale\/\d+$/));
    expect(screen.getByText('Autre page')).toBeTruthy();
  });

  it('explains that no active client contract covers the dates', async () => {
    const { user, requestsTo } = renderBooking(<AjoutReservationPage />);
    await chooseClientAndDates(
      user,
      'toit',
      'Fondation Toit pour Tous',
      formatDate(mockDay(80)),
      formatDate(mockDay(82)),
    );
    await next(user);
    expect(await screen.findByText('Aucun contrat client actif ne couvre ces dates')).toBeTruthy();
    expect(await requestsTo('/api/contrat_client/available', 'POST')[0]!.body).toEqual({
      client_id: 7,
      start_date: mockDay(80),
      end_date: mockDay(82),
    });
    await next(user);
    expect(screen.getByText('Choisissez un contrat client.')).toBeTruthy();
  });

  it('refuses a departure before the arrival, and resets the later steps when the dates change', async () => {
    const { user } = renderBooking(<AjoutReservationPage />);
    await throughResidents(user);
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    // Going back keeps the choice.
    expect(await screen.findByRole('radio', { name: /CC-2026-CD94/, checked: true })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    const depart = screen.getByLabelText<HTMLInputElement>('Date de départ');
    await user.clear(depart);
    const before = formatDate(mockDay(31));
    await user.type(depart, `${before}{Enter}`);
    await waitFor(() => expect(depart.value).toBe(before));
    expect(screen.getByText('La date de départ doit être postérieure à la date d’arrivée.')).toBeTruthy();
    await user.clear(depart);
    const later = formatDate(mockDay(45));
    await user.type(depart, `${later}{Enter}`);
    await waitFor(() => expect(depart.value).toBe(later));
    await next(user);
    expect(await screen.findByRole('radio', { name: /CC-2026-CD94/, checked: false })).toBeTruthy();
  });

  it('shows the search failure with the spec message', async () => {
    mockServer.use(
      http.get(`${MOCK_API}/contrat_client/pensionnaires/search/:clientId/:contratId`, () =>
        HttpResponse.json({ message: 'Erreur interne.' }, { status: 500 }),
      ),
    );
    const { user } = renderBooking(<AjoutReservationPage />);
    await chooseClientAndDates(user, 'val', 'Conseil départemental du Val-de-Marne', ARRIVAL, DEPARTURE);
    await next(user);
    await user.click(await screen.findByRole('radio', { name: /CC-2026-CD94/ }));
    await next(user);
    expect(
      await screen.findByText('Une erreur est survenue lors de la récupération des pensionnaires.'),
    ).toBeTruthy();
  });
});

describe('AjoutReservationPage: residents already lodged', () => {
  it('offers a resident whose stay ends on the new arrival day: only shared nights conflict', async () => {
    const { user, requestsTo } = renderBooking(<AjoutReservationPage />);
    const arrival = PERIODE_HEBERGES.end_date;
    await chooseClientAndDates(
      user,
      'val',
      'Conseil départemental du Val-de-Marne',
      formatDate(arrival),
      formatDate(mockDay(64)),
    );
    await next(user);
    await user.click(await screen.findByRole('radio', { name: /CC-2026-CD94/ }));
    await next(user);
    const benali = await screen.findByRole('checkbox', { name: /Benali Karim/ });
    expect(benali).toHaveProperty('disabled', false);
    expect(screen.queryByText(/Déjà hébergé/)).toBeNull();
    // The search is asked about the new stay's own nights.
    const [search] = requestsTo('/api/contrat_client/pensionnaires/search/1/5');
    expect(search!.url.searchParams.get('start_date')).toBe(arrival);
    expect(search!.url.searchParams.get('end_date')).toBe(mockDay(64));
    await user.click(benali);
    expect(screen.getByText('Pensionnaires sélectionnés : 1 / 50')).toBeTruthy();
  });
});

describe('AjoutReservationDrawer', () => {
  it('shows a 409 of the add call inline, with a way back to the step to fix', async () => {
    const message = 'Marie Dupont est déjà hébergée sur cette période.';
    mockServer.use(
      http.post(`${MOCK_API}/reservations/add`, () => HttpResponse.json({ message }, { status: 409 })),
    );
    const onCreated = vi.fn();
    const { user } = renderBooking(
      <AjoutReservationDrawer open onClose={() => undefined} onCreated={onCreated} />,
    );
    await throughRoomType(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmer la réservation' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Modifier les pensionnaires' }));
    expect(await screen.findByText('Étape 3 sur 7 : Pensionnaires')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /Dupont Marie/, checked: true })).toBeTruthy();
  });

  it('calls onCreated with the new id once booked', async () => {
    const onCreated = vi.fn();
    const { user } = renderBooking(
      <AjoutReservationDrawer open onClose={() => undefined} onCreated={onCreated} />,
    );
    await throughRoomType(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmer la réservation' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.any(Number)));
  });

  it('closes at once while empty, asks before throwing a started booking away', async () => {
    const onClose = vi.fn();
    const { user } = renderBooking(
      <AjoutReservationDrawer open onClose={onClose} onCreated={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const select = screen.getByLabelText('Client');
    await user.click(select);
    await user.click(await screen.findByTitle('CCAS de Villeurbanne'));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    // antd shows a confirm's title twice (header and body).
    expect(await screen.findAllByText('Abandonner la réservation en cours ?')).not.toHaveLength(0);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Abandonner' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
