import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routesOf } from '../routes';
import { renderWithProviders } from '../testing';
import { PageFrame } from './page-frame';
import { scaffoldPages } from './scaffold-pages';

describe('PageFrame', () => {
  it('shows the title, the breadcrumb with the menu group and the route params', () => {
    renderWithProviders(<PageFrame routeId="fiche-resa" />, {
      url: '/dashboard/fiche-resa/42',
      path: '/dashboard/fiche-resa/:id',
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Fiche réservation' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation');
    expect(within(breadcrumb).getByRole('link', { name: 'Tableau de bord' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(breadcrumb).getByText('Fiche réservation')).toBeTruthy();
    expect(screen.getByText('Identifiant')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
  });

  it('names the menu group of a menu route in the breadcrumb', () => {
    renderWithProviders(<PageFrame routeId="pointage-paf" />, { url: '/dashboard/pointage-paf' });
    const breadcrumb = screen.getByRole('navigation');
    expect(within(breadcrumb).getByText('Pointage')).toBeTruthy();
    expect(within(breadcrumb).getByText('Pointage PAF')).toBeTruthy();
  });

  it('shows no params block, notice or card by default, and renders extra and children', () => {
    renderWithProviders(
      <PageFrame routeId="reservations" extra={<button type="button">Exporter</button>}>
        <p>Contenu réel</p>
      </PageFrame>,
      { url: '/dashboard/reservations' },
    );
    expect(screen.queryByText('Identifiant')).toBeNull();
    expect(screen.queryByText('Écran en préparation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeTruthy();
    expect(screen.getByText('Contenu réel')).toBeTruthy();
  });

  it("shows the 'Écran en préparation' notice naming the lot when scaffoldOf is set", () => {
    renderWithProviders(<PageFrame routeId="repas" scaffoldOf="Référentiel (issue 7)" />, {
      url: '/dashboard/repas',
    });
    expect(screen.getByText('Écran en préparation')).toBeTruthy();
    expect(
      screen.getByText(/Le contenu de cet écran arrive avec le lot « Référentiel \(issue 7\) »/),
    ).toBeTruthy();
  });

  it('throws for an unknown route id', () => {
    expect(() => renderWithProviders(<PageFrame routeId="inconnue" />)).toThrow('Route inconnue');
  });
});

describe('scaffoldPages', () => {
  it('maps every route of the remote to a scaffold page with its title and notice', () => {
    const pages = scaffoldPages('mf_stats', 'Statistiques (issue 9)');
    expect(Object.keys(pages).sort()).toEqual(
      routesOf('mf_stats')
        .map((r) => r.id)
        .sort(),
    );
    const Page = pages['stats-per-month']!;
    renderWithProviders(<Page />, { url: '/dashboard/StatsPerMonth' });
    expect(screen.getByRole('heading', { name: 'Statistiques par mois' })).toBeTruthy();
    expect(screen.getByText('Écran en préparation')).toBeTruthy();
    expect(screen.getByText(/Statistiques \(issue 9\)/)).toBeTruthy();
  });
});
