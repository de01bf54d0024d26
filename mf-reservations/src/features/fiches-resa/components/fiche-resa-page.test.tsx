import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { formatDate } from 'shared';
import { addDays, parisToday } from 'shared/contract';
import { mockToken, resetReservationMocks } from 'shared/mocks';
import { beforeEach, describe, expect, it } from 'vitest';
import { atLateUtcEvening } from 'shared/testing/paris-clock';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { card, dialogButton, euros, header as headerOf, item } from '../testing/fiche-helpers';
import { FicheResaPage } from './fiche-resa-page';

const PATH = '/dashboard/fiche-resa/:id';
const open = (id: number) =>
  renderPage(<FicheResaPage />, { url: `/dashboard/fiche-resa/${id}`, path: PATH });
/** Today (Paris, as the mocks and the API) shifted by `offset` days. */
const day = (offset: number) => dayjs(addDays(parisToday(), offset));

const header = () => headerOf(/^Réservation N° \d+$/);

beforeEach(() => resetReservationMocks());

describe('FicheResaPage', () => {
  it('shows the stay: header links, totals formatted from the API strings, nights and history', async () => {
    open(2);
    expect(await screen.findByText('Réservation N° 2')).toBeTruthy();
    const title = within(header());
    expect(title.getByText('En cours')).toBeTruthy();
    expect(title.getByText('Prolongation')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Réservation intégrale N° 1' }).getAttribute('href')).toBe(
      '/dashboard/fiche-resa-integrale/1',
    );
    expect(screen.getByRole('link', { name: 'N° 1 (réservation prolongée)' }).getAttribute('href')).toBe(
      '/dashboard/fiche-resa/1',
    );
    expect(screen.getByRole('link', { name: 'DUPONT Marie' }).getAttribute('href')).toBe(
      '/dashboard/pensionnaires/1',
    );
    expect(
      screen.getByRole('link', { name: 'Conseil départemental du Val-de-Marne' }).getAttribute('href'),
    ).toBe('/dashboard/client-details/1');
    expect(screen.getByText('Client CC-2025-CD94 · Établissement CE-2025-PARC')).toBeTruthy();
    expect(item('Arrivée')).toBe(formatDate(day(-10)));
    expect(item('Départ')).toBe(formatDate(day(1)));
    expect(item('Nuits')).toBe('11 nuits');
    const totaux = within(card('Totaux'));
    expect(totaux.getByText(euros('742.50'))).toBeTruthy();
    expect(totaux.getByText(euros('74.25'))).toBeTruthy();
    expect(totaux.getByText(euros('816.75'))).toBeTruthy();
    expect(totaux.getByText(euros('160.60'))).toBeTruthy();
    const nights = within(card('Nuitées'));
    expect(nights.getAllByRole('row')).toHaveLength(12);
    expect(nights.getByText(formatDate(day(-10)))).toBeTruthy();
    const history = within(card('Historique'));
    expect(await history.findByText('Prolongation')).toBeTruthy();
    // Field names and values in French: stay numbers, labels, dates.
    expect(history.getByText(/^Prolongation de : — → n° \d+$/)).toBeTruthy();
    expect(history.getByText('Type : — → Prolongation')).toBeTruthy();
    expect(history.getByText(`Départ : — → ${formatDate(day(1))}`)).toBeTruthy();
    expect(history.getByText(/par Camille Martin/)).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem('selectedResa')!)).toMatchObject({ id: 2 });
    // A running stay: no « Confirmer ».
    expect(within(header()).queryByRole('button', { name: /Confirmer/ })).toBeNull();
  });

  it('confirms a pending stay, then shows its new status and the history entry', async () => {
    const { user, requestsTo } = open(35);
    await screen.findByText('Réservation N° 35');
    await user.click(screen.getByRole('button', { name: /Confirmer/ }));
    const dialog = await findDialog('Confirmer la réservation');
    await user.click(dialogButton(dialog, 'Confirmer'));
    await waitFor(() => expect(requestsTo('/api/reservations/confirmation/35', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/confirmation/35', 'PUT')[0]!.body).toEqual({
      applyToAllPr: false,
    });
    expect(await within(header()).findByText('Confirmée')).toBeTruthy();
    expect(await within(card('Historique')).findByText('Confirmation')).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: /Confirmer/ })).toBeNull();
  });

  it('cancels with a required motif: the body carries it, the stay shows « Annulée » and the history the motif', async () => {
    const { user, requestsTo } = open(6);
    await screen.findByText('Réservation N° 6');
    await user.click(screen.getByRole('button', { name: /Annuler/ }));
    const dialog = await findDialog('Annuler la réservation');
    expect(within(dialog).getByText(/les nuitées passées restent dues/)).toBeTruthy();
    // Without a reason (or only spaces) nothing is sent: the reason is required.
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), '   ');
    await user.click(dialogButton(dialog, 'Annuler la réservation'));
    expect(await within(dialog).findByText("Le motif de l'annulation est obligatoire.")).toBeTruthy();
    expect(requestsTo('/api/reservations/annulation/6', 'PUT')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText("Motif de l'annulation"));
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), 'Retour en famille');
    await user.click(dialogButton(dialog, 'Annuler la réservation'));
    await waitFor(() => expect(requestsTo('/api/reservations/annulation/6', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/annulation/6', 'PUT')[0]!.body).toEqual({
      applyToAllPr: false,
      motif: 'Retour en famille',
    });
    expect(await within(card('Historique')).findByText('Motif : Retour en famille')).toBeTruthy();
    expect(within(header()).getByText('Annulée')).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: /Annuler/ })).toBeNull();
  });

  /** Cancels the open stay through its dialog, then opens « Rétablir ». */
  async function cancelThenRestore(user: ReturnType<typeof open>['user'], id: number) {
    await user.click(screen.getByRole('button', { name: /Annuler/ }));
    const cancel = await findDialog('Annuler la réservation');
    await user.type(within(cancel).getByLabelText("Motif de l'annulation"), 'Retour en famille');
    await user.click(dialogButton(cancel, 'Annuler la réservation'));
    await user.click(await within(header()).findByRole('button', { name: /Rétablir/ }));
    return findDialog(`Rétablir la réservation n° ${id}`);
  }

  it('« Rétablir » a cancellation: says what it will do, requires a reason, then shows the stay back', async () => {
    const { user, requestsTo } = open(2);
    await screen.findByText('Réservation N° 2');
    expect(within(header()).queryByRole('button', { name: /Rétablir/ })).toBeNull();
    const dialog = await cancelThenRestore(user, 2);
    const said = dialog.textContent ?? '';
    // The cancellation's instant in the browser's zone; the days it gives back are Paris's.
    for (const part of [
      `Rétablir l'annulation du ${formatDate(dayjs())} `,
      `(possible jusqu'au ${formatDate(day(1))} inclus) : la réservation n° 2 retrouve le statut « En cours »`,
      `et son départ du ${formatDate(day(1))}, 1 nuit de nouveau réservée à partir du ${formatDate(day(0))}.`,
      'Les nuits, la chambre et les contrats sont vérifiés de nouveau ; l’établissement reçoit un avis de rétablissement.',
    ])
      expect(said).toContain(part);
    // Without a reason nothing is sent.
    await user.click(dialogButton(dialog, 'Rétablir'));
    expect(await within(dialog).findByText('Le motif du rétablissement est obligatoire.')).toBeTruthy();
    const sent = () => requestsTo('/api/reservations/retablissement/2', 'PUT');
    expect(sent()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motif du rétablissement'), 'Annulée par erreur');
    await user.click(dialogButton(dialog, 'Rétablir'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    const { version } = (await sent()[0]!.body) as { version: number };
    expect(await sent()[0]!.body).toEqual({ motif: 'Annulée par erreur', version });
    expect(await within(header()).findByText('En cours')).toBeTruthy();
    expect(await within(card('Historique')).findByText('Rétablissement')).toBeTruthy();
    expect(within(card('Historique')).getByText('Motif : Annulée par erreur')).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: /Rétablir/ })).toBeNull();
    expect(within(header()).getByRole('button', { name: /Annuler/ })).toBeTruthy();
  });

  it('« Rétablir » refused (a night taken since): the dialog names what blocks, the stay stays cancelled', async () => {
    const { user } = open(6);
    await screen.findByText('Réservation N° 6');
    const dialog = await cancelThenRestore(user, 6);
    await user.type(within(dialog).getByLabelText('Motif du rétablissement'), 'Annulée par erreur');
    await user.click(dialogButton(dialog, 'Rétablir'));
    expect(
      await within(dialog).findByText(
        /^Rétablissement de la réservation n° 6 impossible : Chloé Fontaine a une autre réservation la nuit du .* \(réservation n° 26\)/,
      ),
    ).toBeTruthy();
    expect(within(header()).getByText('Annulée')).toBeTruthy();
  });

  it('extends every resident with applyToAllPr: the body has the typed day and the flag', async () => {
    const { user, requestsTo } = open(6);
    await screen.findByText('Réservation N° 6');
    await user.click(screen.getByRole('button', { name: /Prolonger/ }));
    const dialog = await findDialog('Prolonger la réservation n° 6');
    await user.click(within(dialog).getByLabelText('Appliquer à tous les pensionnaires'));
    const end = day(20);
    await user.type(within(dialog).getByLabelText('Nouvelle date de départ'), `${formatDate(end)}{Enter}`);
    const sent = () => requestsTo('/api/reservations/prolongation/6', 'PUT');
    if (sent().length === 0) await user.click(dialogButton(dialog, 'Prolonger'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(await sent()[0]!.body).toEqual({ end_date: end.format('YYYY-MM-DD'), applyToAllPr: true });
    // Several stays created: the fiche reloads and its chain shows the extension.
    await waitFor(() => expect(requestsTo('/api/reservations/6').length).toBeGreaterThan(1));
    expect(await screen.findByRole('link', { name: /\(prolongation\)/ })).toBeTruthy();
  });

  it('shows a 409 « modifiée entre-temps » inline in « Modifier », with a reload button', async () => {
    const { user, requestsTo } = open(3);
    await screen.findByText('Réservation N° 3');
    await user.click(screen.getByRole('button', { name: /Modifier/ }));
    const dialog = await findDialog('Modifier la réservation');
    // Someone else changes the stay meanwhile.
    await fetch(`${window.location.origin}/api/reservations/apec/3`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${mockToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apec: true }),
    });
    const room = within(dialog).getByLabelText('Numéro de chambre');
    await user.clear(room);
    await user.type(room, '301');
    await user.click(dialogButton(dialog, 'Enregistrer'));
    expect(await within(dialog).findByText(/modifiée entre-temps/)).toBeTruthy();
    expect(await requestsTo('/api/reservations/3', 'PUT')[0]!.body).toMatchObject({
      version: 1,
      chambre: '301',
    });
    await user.click(dialogButton(dialog, 'Recharger la fiche'));
    await waitFor(() => expect(requestsTo('/api/reservations/3').length).toBeGreaterThan(1));
  });

  it('sets the PAF payment state through its select', async () => {
    const { user, requestsTo } = open(2);
    await screen.findByText('Réservation N° 2');
    await user.click(screen.getByLabelText('État de paiement PAF'));
    await user.click(await screen.findByTitle('Payé'));
    await waitFor(() => expect(requestsTo('/api/reservations/pointage_paf_caf/2', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/pointage_paf_caf/2', 'PUT')[0]!.body).toEqual({
      type: 'paf',
      etat: 'paye',
      version: 1,
    });
    expect(await within(card('Historique')).findByText('Pointage PAF')).toBeTruthy();
  });

  it('sends the version it read with the PAF state: changed meanwhile, the 409 shows beside the select with « Recharger la fiche »', async () => {
    const { user, requestsTo } = open(2);
    await screen.findByText('Réservation N° 2');
    // Someone else changes the stay after the card was read.
    await fetch(`${window.location.origin}/api/reservations/apec/2`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${mockToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apec: true }),
    });
    await user.click(screen.getByLabelText('État de paiement PAF'));
    await user.click(await screen.findByTitle('Payé'));
    expect(await screen.findByText(/modifiée entre-temps/)).toBeTruthy();
    expect(await requestsTo('/api/reservations/pointage_paf_caf/2', 'PUT')[0]!.body).toMatchObject({
      version: 1,
    });
    const detailReads = requestsTo('/api/reservations/2').length;
    await user.click(screen.getByRole('button', { name: 'Recharger la fiche' }));
    await waitFor(() => expect(requestsTo('/api/reservations/2').length).toBeGreaterThan(detailReads));
    expect(screen.queryByText(/modifiée entre-temps/)).toBeNull();
  });

  it('records an early departure from today on: a past day is refused in the dialog, tomorrow is sent', async () => {
    const { user, requestsTo, requests } = open(6);
    const departures = () =>
      requests.filter((r) => r.method === 'PUT' && r.url.pathname.startsWith('/api/reservations/6/'));
    await screen.findByText('Réservation N° 6');
    await user.click(within(header()).getByRole('button', { name: /Départ anticipé/ }));
    const dialog = await findDialog('Départ anticipé');
    const input = within(dialog).getByLabelText('Date de départ');
    await user.type(input, `${formatDate(day(-2))}{Enter}`);
    await user.click(dialogButton(dialog, 'Enregistrer le départ'));
    expect(await within(dialog).findByText(/Indiquez la date de départ|au plus tôt/)).toBeTruthy();
    expect(departures()).toHaveLength(0);
    await user.clear(input);
    await user.type(input, `${formatDate(day(1))}{Enter}`);
    if (departures().length === 0) await user.click(dialogButton(dialog, 'Enregistrer le départ'));
    const tomorrow = day(1).format('YYYY-MM-DD');
    await waitFor(() => expect(requestsTo(`/api/reservations/6/${tomorrow}`, 'PUT')).toHaveLength(1));
    await waitFor(() => expect(item('Départ')).toBe(formatDate(day(1))));
    expect(await within(card('Historique')).findByText('Départ anticipé')).toBeTruthy();
  });

  it('switches APEC at once', async () => {
    const { user, requestsTo } = open(2);
    await screen.findByText('Réservation N° 2');
    await user.click(screen.getByRole('switch', { name: 'APEC' }));
    await waitFor(() => expect(requestsTo('/api/reservations/apec/2', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/reservations/apec/2', 'PUT')[0]!.body).toEqual({ apec: true });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'APEC' }).getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('says « Réservation introuvable » for an unknown stay, with a way back to the list', async () => {
    open(9999);
    expect(await screen.findByText('Réservation introuvable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href')).toBe(
      '/dashboard/reservations',
    );
  });
});

describe('FicheResaPage at 23:30 UTC, Paris already on the next day', () => {
  atLateUtcEvening();
  beforeEach(() => resetReservationMocks());

  it("an early departure starts from Paris's today: the browser's today (Paris's yesterday) is refused", async () => {
    const { user, requestsTo, requests } = open(6);
    await screen.findByText('Réservation N° 6');
    await user.click(within(header()).getByRole('button', { name: /Départ anticipé/ }));
    const dialog = await findDialog('Départ anticipé');
    const input = within(dialog).getByLabelText('Date de départ');
    await user.type(input, '31/12/2026{Enter}');
    await user.click(dialogButton(dialog, 'Enregistrer le départ'));
    // The picker takes no disabled day: the field stays empty, or says from when.
    expect(
      await within(dialog).findByText(/Indiquez la date de départ|au plus tôt le 01\/01\/2027/),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '01/01/2027{Enter}');
    if (requests.filter((r) => r.method === 'PUT').length === 0)
      await user.click(dialogButton(dialog, 'Enregistrer le départ'));
    await waitFor(() => expect(requestsTo('/api/reservations/6/2027-01-01', 'PUT')).toHaveLength(1));
  });
});
