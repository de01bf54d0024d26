import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { addDays, parisToday } from 'shared/contract';
import { http, HttpResponse } from 'msw';
import { mockServer } from 'shared/mocks/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { ReservationsPage } from './reservations-page';

const URL_LIST = '/dashboard/reservations';
const rowOf = (text: string) => within(screen.getAllByText(text)[0]!.closest('tr')!);
const urlParams = () => new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1] ?? '');

afterEach(() => vi.restoreAllMocks());

describe('ReservationsPage', () => {
  it('lists the stays (newest arrival first) with their count, status, type and PAF / CAF states', async () => {
    const { requestsTo } = renderPage(<ReservationsPage />, { url: URL_LIST });
    expect(await screen.findByText('40 réservations')).toBeTruthy();
    expect(await requestsTo('/api/reservations', 'POST')[0]!.body).toEqual({ page: 1, pageSize: 20 });
    // Stay 35 arrives in 10 days: among the first rows.
    const row = rowOf('Dossier RS-25-011');
    expect(row.getByText('En attente')).toBeTruthy();
    expect(row.getByText("Hôtel de la Gare de l'Est")).toBeTruthy();
    expect(row.getByText('Paris')).toBeTruthy();
    expect(row.getByText(dayjs(addDays(parisToday(), 10)).format('DD/MM/YYYY'))).toBeTruthy();
    expect(screen.getAllByText('Prolongation').length).toBeGreaterThan(0);
  });

  it('a filter changes the request body and the URL, and « Réinitialiser les filtres » clears them', async () => {
    const { user, requestsTo } = renderPage(<ReservationsPage />, { url: `${URL_LIST}?page=2` });
    await screen.findByText('40 réservations');
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByTitle('Annulée'));
    expect(await screen.findByText('6 réservations')).toBeTruthy();
    expect(await requestsTo('/api/reservations', 'POST').at(-1)!.body).toEqual({
      page: 1,
      pageSize: 20,
      statut: ['annulee'],
    });
    expect(urlParams().getAll('statut')).toEqual(['annulee']);
    expect(urlParams().has('page')).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'À prolonger' }));
    await waitFor(() => expect(urlParams().get('etat')).toBe('prolongable'));
    expect(await screen.findByText('Aucun résultat pour ces filtres')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Réinitialiser les filtres/ }));
    expect(await screen.findByText('40 réservations')).toBeTruthy();
    expect(urlParams().toString()).toBe('');
  });

  it('reads bookmarked filters from the URL: client, « À prolonger », payment state', async () => {
    const { requestsTo } = renderPage(<ReservationsPage />, {
      url: `${URL_LIST}?client_id=1&etat=prolongable&etat_payment_paf=a_verifier&statut=bogus`,
    });
    expect(await screen.findByText('3 réservations')).toBeTruthy();
    expect(await requestsTo('/api/reservations', 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 20,
      client_id: 1,
      etat: 'prolongable',
      status_paf: true,
      etat_payment_paf: 'a_verifier',
    });
  });

  it('opens a stay on click or Enter', async () => {
    const { user, location } = renderPage(<ReservationsPage />, { url: URL_LIST });
    await screen.findByText('40 réservations');
    const row = screen.getByText('Dossier RS-25-011').closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    expect(location()).toMatch(/^\/dashboard\/fiche-resa\/\d+$/);
  });

  it('opens the add drawer with ?mode=ajout; closing it removes the flag', async () => {
    const { user } = renderPage(<ReservationsPage />, { url: `${URL_LIST}?mode=ajout&statut=confirmee` });
    const title = await screen.findByText('Nouvelle réservation', { selector: '.ant-drawer-title' });
    expect(title).toBeTruthy();
    await user.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(urlParams().has('mode')).toBe(false));
    expect(urlParams().get('statut')).toBe('confirmee');
  });

  it('shows the failure of the list', async () => {
    mockServer.use(
      http.post('/api/reservations', () =>
        HttpResponse.json({ message: 'Base indisponible' }, { status: 503 }),
      ),
    );
    renderPage(<ReservationsPage />, { url: URL_LIST });
    expect(await screen.findByText("La liste n'a pas pu être chargée.")).toBeTruthy();
  });

  it('exports the current filters to reservations-YYYY-MM-DD.pdf', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user, requestsTo } = renderPage(<ReservationsPage />, {
      url: `${URL_LIST}?statut=en_cours&client=relais&page=2`,
    });
    await screen.findByText(/réservations?$/);
    fireEvent.click(screen.getByRole('button', { name: /PDF \(liste\)/ }));
    await waitFor(() => expect(names).toEqual([`reservations-${dayjs().format('YYYY-MM-DD')}.pdf`]));
    expect(await requestsTo('/api/reservations/generate_Pdf_Resa', 'POST')[0]!.body).toEqual({
      client: 'relais',
      statut: ['en_cours'],
    });
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(user).toBeTruthy();
  });
});
