import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { login } from 'shared';
import { mockDemandes, mockFacturationCompteurs, mockToken, resetMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { renderWithProviders } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardHome, { badgesPerRow } from './dashboard-home';

const open = (type: string) =>
  mockDemandes.filter((d) => d.type === type && (d.statut === 'a_traiter' || d.statut === 'en_cours')).length;

const counterText = (counter: string) =>
  document.querySelector(`[data-counter="${counter}"] [data-figure-value]`)?.textContent;

beforeEach(() => {
  resetMocks();
  login(mockToken());
});
afterEach(() => vi.restoreAllMocks());

describe('DashboardHome', () => {
  it('shows the four reservation counters from POST /reservationsNumber and the three request counters of GET /demandesNumber', async () => {
    const bodies: unknown[] = [];
    mockServer.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/reservationsNumber'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b));
    });
    renderWithProviders(<DashboardHome />, { url: '/dashboard' });
    await waitFor(() => expect(counterText('totalProlonger')).toBe('5'));
    expect(counterText('totalPresence')).toBe('4');
    expect(counterText('totalCaf')).toBe('6');
    // The mocks' PAF stays « à vérifier » with a night already due (one of them with every night older than the
    // pointage list's window): the two to come are not counted.
    expect(counterText('totalPaf')).toBe('4');
    await waitFor(() => expect(counterText('total_demande_a_traiter')).toBe(String(open('nouvelle'))));
    expect(counterText('total_demande_a_annuler')).toBe(String(open('annulation')));
    expect(counterText('total_demande_a_prolonger')).toBe(String(open('prolongation')));
    expect(screen.queryByText(/en préparation/)).toBeNull();
    expect(bodies).toEqual(
      expect.arrayContaining([
        { jours: 'a_prolonger', etat: 'prolongable' },
        { jours: 'commence_h' },
        { status_caf: true, etat_payment_caf: 'a_verifier' },
        { status_paf: true, etat_payment_paf: 'a_verifier' },
      ]),
    );
    mockServer.events.removeAllListeners();
  });

  it('opens each reservation list with the filter its badge counts', () => {
    renderWithProviders(<DashboardHome />, { url: '/dashboard' });
    const href = (counter: string) =>
      document.querySelector(`a[data-counter="${counter}"]`)?.getAttribute('href');
    expect(href('totalProlonger')).toBe(
      '/dashboard/reservations-a-prolonger?jours=a_prolonger&etat=prolongable',
    );
    expect(href('totalPresence')).toBe('/dashboard/pointage-presence?jours=commence_h');
    expect(href('totalPaf')).toBe('/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier');
    expect(href('totalCaf')).toBe('/dashboard/pointage-caf?status_caf=true&etat_payment_caf=a_verifier');
    expect(href('total_demande_a_traiter')).toBe('/dashboard/Demande-Hebergement?action=traitement');
  });

  it('shows the invoicing counters of GET /facturation/compteurs, each opening its filtered list', async () => {
    renderWithProviders(<DashboardHome />, { url: '/dashboard' });
    await waitFor(() =>
      expect(counterText('facturesEnRetard')).toBe(String(mockFacturationCompteurs().facturesEnRetard)),
    );
    expect(counterText('facturesEtablissementsEcart')).toBe(
      String(mockFacturationCompteurs().facturesEtablissementsEcart),
    );
    expect(screen.getByText('Factures en retard')).toBeTruthy();
    expect(screen.getByText('Factures établissements en écart')).toBeTruthy();
    const href = (counter: string) =>
      document.querySelector(`a[data-counter="${counter}"]`)?.getAttribute('href');
    expect(href('facturesEnRetard')).toBe('/dashboard/Factures?enRetard=1');
    expect(href('facturesEtablissementsEcart')).toBe('/dashboard/FacturesEtablissements?etat=ecart');
  });

  it('keeps « — » on the invoicing counters when their count fails, the others shown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockServer.use(
      http.get('/api/facturation/compteurs', () =>
        HttpResponse.json({ message: 'Base indisponible' }, { status: 503 }),
      ),
    );
    renderWithProviders(<DashboardHome />, { url: '/dashboard' });
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Erreur lors de la récupération des totaux', expect.anything()),
    );
    await waitFor(() => expect(counterText('totalProlonger')).toBe('5'));
    expect(counterText('facturesEnRetard')).toBe('—');
  });

  it('logs « Erreur lors de la récupération des totaux » on failure and keeps « — »', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockServer.use(
      http.post('/api/reservationsNumber', () =>
        HttpResponse.json({ message: 'Base indisponible' }, { status: 503 }),
      ),
    );
    renderWithProviders(<DashboardHome />, { url: '/dashboard' });
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Erreur lors de la récupération des totaux', expect.anything()),
    );
    expect(counterText('totalProlonger')).toBe('—');
    expect(screen.getByText('Réservations à prolonger aujourd’hui')).toBeTruthy();
  });

  it("lays the badges out as antd's Col xs=24 sm=12 lg=8 xl=6 did: 1, 2, 3 then 4 a row, 16 px apart", () => {
    expect(badgesPerRow({})).toBe(1);
    expect(badgesPerRow({ sm: true })).toBe(2);
    expect(badgesPerRow({ sm: true, lg: true })).toBe(3);
    expect(badgesPerRow({ sm: true, lg: true, xl: true })).toBe(4);
    renderWithProviders(<DashboardHome />, { url: '/dashboard' });
    const grid = screen.getByTestId('dashboard-badges');
    expect(grid.style.display).toBe('grid');
    expect(grid.style.gap).toBe('16px');
    expect(grid.querySelectorAll(':scope > a[data-counter]')).toHaveLength(9);
    // No antd Row/Col on the home: their styles would be computed before its first paint.
    expect(document.querySelector('.ant-row, .ant-col')).toBeNull();
  });

  it("draws each figure without antd's Statistic, numbers grouped the French way", async () => {
    mockServer.use(http.post('*/api/reservationsNumber', () => HttpResponse.json({ total: 12345 })));
    renderWithProviders(<DashboardHome />, { url: '/dashboard' });
    await waitFor(() => expect(counterText('totalPresence')?.replace(/\s/g, ' ')).toBe('12 345'));
    expect(document.querySelector('.ant-statistic')).toBeNull();
  });
});
