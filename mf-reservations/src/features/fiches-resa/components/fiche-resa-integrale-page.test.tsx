import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { addDays, parisToday } from 'shared/contract';
import { formatDate, formatPeriod } from 'shared';
import { http, HttpResponse } from 'msw';
import { resetReservationMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { beforeEach, describe, expect, it } from 'vitest';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { card, dialogButton, header as headerOf } from '../testing/fiche-helpers';
import { FicheResaIntegralePage } from './fiche-resa-integrale-page';

const PATH = '/dashboard/fiche-resa-integrale/:id';
const open = (id: number) =>
  renderPage(<FicheResaIntegralePage />, { url: `/dashboard/fiche-resa-integrale/${id}`, path: PATH });
const header = () => headerOf(/^Réservation intégrale N° \d+$/);
// The header's « Période » (the tables below have a column of that name too).
const period = () =>
  [...document.querySelectorAll('.ant-descriptions-item-label')].find(
    (label) => label.textContent === 'Période',
  )?.nextElementSibling?.textContent;
const rowOf = (container: HTMLElement, text: string) =>
  within(within(container).getByText(text).closest('tr') as HTMLElement);
// The mocks date their stays from Paris's today (shared/contract), which a browser in UTC reaches an hour late.
const day = (offset: number) => addDays(parisToday(), offset);

beforeEach(() => resetReservationMocks());

describe('FicheResaIntegralePage', () => {
  it('shows the parent, its stays (a click opens fiche-resa) and the recap per resident', async () => {
    const { user, location } = open(1);
    expect(await screen.findByText('Réservation intégrale N° 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conseil départemental du Val-de-Marne' })).toBeTruthy();
    const children = card('Réservations');
    expect(within(children).getAllByRole('row')).toHaveLength(9);
    const prolongation = rowOf(children, '2');
    expect(prolongation.getByText('DUPONT Marie')).toBeTruthy();
    expect(prolongation.getByText('Prolongation')).toBeTruthy();
    expect(prolongation.getByText('En cours')).toBeTruthy();
    const recap = card('Récapitulatif par pensionnaire');
    await within(recap).findByText('DUPONT Marie');
    const dupont = rowOf(recap, 'DUPONT Marie');
    expect(dupont.getByRole('link', { name: 'N° 1' })).toBeTruthy();
    expect(dupont.getByRole('link', { name: 'N° 2' })).toBeTruthy();
    expect(dupont.getByText('31 nuits')).toBeTruthy();
    expect(within(card('Totaux')).getByText('Vente HT')).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem('selectedReservation')!)).toMatchObject({ id: 1 });
    await user.click(prolongation.getByText('DUPONT Marie'));
    expect(location()).toBe('/dashboard/fiche-resa/2');
    expect(JSON.parse(window.sessionStorage.getItem('selectedResa')!)).toMatchObject({ id: 2 });
  });

  it('« Ajouter un pensionnaire »: searches the client’s residents and sends the edit call', async () => {
    const { user, requestsTo } = open(6);
    await screen.findByText('Réservation intégrale N° 6');
    await user.click(within(header()).getByRole('button', { name: /Ajouter un pensionnaire/ }));
    const dialog = await findDialog('Ajouter un pensionnaire');
    await user.type(within(dialog).getByLabelText('Rechercher un pensionnaire'), 'martin');
    // The search is debounced: wait for the request of the whole word before picking from its answer.
    await waitFor(() =>
      expect(
        requestsTo('/api/contrat_client/pensionnaires/search/2/2').at(-1)?.url.searchParams.get('search'),
      ).toBe('martin'),
    );
    await user.click(await screen.findByTitle(/^MARTIN Lucas — RS-24-022/));
    await user.click(dialogButton(dialog, 'Ajouter'));
    await waitFor(() => expect(requestsTo('/api/reservations/edit/6/4', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/edit/6/4', 'POST')[0]!.body).toEqual({});
    expect(await within(card('Réservations')).findByText('MARTIN Lucas')).toBeTruthy();
  });

  it('« Ajouter un pensionnaire » judges « déjà hébergé » over the full reservation’s dates, not from today', async () => {
    // Full reservation 6 starts in 4 days. Lucas Martin leaves his other stay that day: the API flags him only for
    // a period that holds one of his nights, as it does here.
    const leaves = day(4);
    mockServer.use(
      http.get('*/api/contrat_client/pensionnaires/search/2/2', ({ request }) => {
        const from = new URL(request.url).searchParams.get('start_date') ?? day(0);
        return HttpResponse.json({
          pensionnaires: [
            {
              id: 4,
              nom: 'Martin',
              prenom: 'Lucas',
              numero_dossier: 'RS-24-022',
              date_naissance: '2001-01-09',
              sexe: 'M',
              foyer_id: null,
              deja_heberge: from < leaves,
            },
          ],
        });
      }),
    );
    const { user, requestsTo } = open(6);
    await screen.findByText('Réservation intégrale N° 6');
    await user.click(within(header()).getByRole('button', { name: /Ajouter un pensionnaire/ }));
    const dialog = await findDialog('Ajouter un pensionnaire');
    await user.type(within(dialog).getByLabelText('Rechercher un pensionnaire'), 'martin');
    const search = () => requestsTo('/api/contrat_client/pensionnaires/search/2/2').at(-1)?.url.searchParams;
    await waitFor(() => expect(search()?.get('search')).toBe('martin'));
    expect(search()?.get('start_date')).toBe(leaves);
    expect(search()?.get('end_date')).toBe(day(24));
    const option = await screen.findByTitle(/^MARTIN Lucas — RS-24-022/);
    expect(option.getAttribute('title')).toBe('MARTIN Lucas — RS-24-022');
  });

  it('« Confirmer tout » confirms every pending stay with applyToAllPr', async () => {
    const { user, requestsTo } = open(6);
    await screen.findByText('Réservation intégrale N° 6');
    await user.click(within(header()).getByRole('button', { name: /Confirmer tout/ }));
    const dialog = await findDialog('Confirmer toutes les réservations');
    await user.click(dialogButton(dialog, 'Confirmer'));
    await waitFor(() => expect(requestsTo('/api/reservations/confirmation/35', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/confirmation/35', 'PUT')[0]!.body).toEqual({
      applyToAllPr: true,
    });
    await waitFor(() =>
      expect(within(header()).queryByRole('button', { name: /Confirmer tout/ })).toBeNull(),
    );
    expect(rowOf(card('Réservations'), 'NGUYEN Thi Lan').getByText('Confirmée')).toBeTruthy();
  });

  it('« Prolonger tout » extends from the latest last stay with applyToAllPr', async () => {
    const { user, requestsTo } = open(1);
    await screen.findByText('Réservation intégrale N° 1');
    await within(card('Récapitulatif par pensionnaire')).findByText('DUPONT Marie');
    await user.click(within(header()).getByRole('button', { name: /Prolonger tout/ }));
    const dialog = await findDialog('Prolonger tous les pensionnaires');
    const end = dayjs(day(20));
    await user.type(within(dialog).getByLabelText('Nouvelle date de départ'), `${formatDate(end)}{Enter}`);
    // Stay 8 ends last (in 12 days): the extension is asked on it, for every resident.
    const sent = () => requestsTo('/api/reservations/prolongation/8', 'PUT');
    if (sent().length === 0) await user.click(dialogButton(dialog, 'Prolonger'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(await sent()[0]!.body).toEqual({ end_date: end.format('YYYY-MM-DD'), applyToAllPr: true });
    await waitFor(() => expect(within(card('Réservations')).getAllByRole('row').length).toBeGreaterThan(9));
  });

  it('« Annuler tout » cancels every stay with the motif', async () => {
    const { user, requestsTo } = open(6);
    await screen.findByText('Réservation intégrale N° 6');
    await user.click(within(header()).getByRole('button', { name: /Annuler tout/ }));
    const dialog = await findDialog('Annuler toutes les réservations');
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), 'Fermeture du site');
    await user.click(dialogButton(dialog, 'Annuler tout'));
    await waitFor(() => expect(requestsTo('/api/reservations/annulation/35', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/annulation/35', 'PUT')[0]!.body).toEqual({
      applyToAllPr: true,
      motif: 'Fermeture du site',
    });
    await waitFor(() => expect(within(header()).queryByRole('button', { name: /Annuler tout/ })).toBeNull());
  });

  it('every stay cancelled: the period is marked « Annulée » and no resident can be added, with the reason', async () => {
    const { user } = open(6);
    await screen.findByText('Réservation intégrale N° 6');
    expect(within(header()).getByRole('button', { name: /Ajouter un pensionnaire/ })).toBeTruthy();
    expect(period()).not.toContain('Annulée');
    await user.click(within(header()).getByRole('button', { name: /Annuler tout/ }));
    const dialog = await findDialog('Annuler toutes les réservations');
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), 'Fermeture du site');
    await user.click(dialogButton(dialog, 'Annuler tout'));
    expect(
      await within(header()).findByText(
        /Toutes les réservations sont annulées : ajout de pensionnaire impossible/,
      ),
    ).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: /Ajouter un pensionnaire/ })).toBeNull();
    // Its original dates, marked cancelled.
    expect(period()).toBe(`${formatPeriod(dayjs(day(4)), dayjs(day(24)))}Annulée`);
  });

  it('« Rétablir » beside a cancelled stay restores it without opening it', async () => {
    const { user, requestsTo, location } = open(6);
    await screen.findByText('Réservation intégrale N° 6');
    const children = card('Réservations');
    expect(within(children).queryByRole('button', { name: /Rétablir/ })).toBeNull();
    await user.click(within(header()).getByRole('button', { name: /Annuler tout/ }));
    const cancel = await findDialog('Annuler toutes les réservations');
    await user.type(within(cancel).getByLabelText("Motif de l'annulation"), 'Fermeture du site');
    await user.click(dialogButton(cancel, 'Annuler tout'));
    const row = () => rowOf(card('Réservations'), 'NGUYEN Thi Lan');
    await user.click(await row().findByRole('button', { name: /Rétablir/ }));
    const dialog = await findDialog('Rétablir la réservation n° 35');
    expect(within(dialog).getByText(/retrouve le statut « En attente »/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Motif du rétablissement'), 'Erreur de saisie');
    await user.click(dialogButton(dialog, 'Rétablir'));
    await waitFor(() => expect(requestsTo('/api/reservations/retablissement/35', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/retablissement/35', 'PUT')[0]!.body).toMatchObject({
      motif: 'Erreur de saisie',
    });
    expect(await row().findByText('En attente')).toBeTruthy();
    expect(row().queryByRole('button', { name: /Rétablir/ })).toBeNull();
    expect(location()).toBe('/dashboard/fiche-resa-integrale/6');
  });

  it('says « Réservation introuvable » for an unknown full reservation', async () => {
    open(999);
    expect(await screen.findByText('Réservation introuvable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href')).toBe(
      '/dashboard/reservation-integrale',
    );
  });
});
