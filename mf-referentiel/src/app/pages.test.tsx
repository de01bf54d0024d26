import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routesOf } from 'shared';
import { renderPage } from 'shared/testing/render-page';
import pages from './pages';

/** For each built page, a text of the mock data it shows once loaded (id 1 for the cards). */
const FIRST_CONTENT: Record<string, string> = {
  'group-etablissement': 'Groupe Hôtelier du Rhône',
  etablissement: 'Hôtel du Parc',
  'etablissement-details': '12 rue de Créqui',
  'type-chambre': 'Familiale',
  'groupe-client': 'Réseau associatif Rhône-Alpes',
  client: 'CCAS de Villeurbanne',
  'client-details': '21-29 avenue du Général-de-Gaulle',
  pensionnaires: 'Benali',
  pensionnaire: 'VDM-2024-0153',
  foyers: 'Famille Diallo',
  foyer: 'Couple hébergé ensemble depuis février 2024.',
  utilisateurs: 'Lefebvre',
  'contract-etablissement': 'CE-2025-PARC',
  'contract-etablissement-details': 'Tarif négocié avec la direction régionale.',
  'contrat-client': 'CC-2025-CD94',
  'contrat-client-details': 'Tous les établissements',
  repas: 'Petit-déjeuner',
};

const routes = routesOf('mf_referentiel');
const urlOf = (path: string) => '/dashboard/' + path.replace(/:\w+/g, '1');

describe('mf_referentiel pages', () => {
  it('exposes a page for every route the registry gives this remote', () => {
    expect(Object.keys(pages).sort()).toEqual(routes.map((r) => r.id).sort());
    expect(Object.keys(FIRST_CONTENT).sort()).toEqual(routes.map((r) => r.id).sort());
  });

  it.each(routes)('renders $id with its title and its data, not a scaffold', async (route) => {
    const Page = pages[route.id]!;
    renderPage(<Page />, { url: urlOf(route.path), path: '/dashboard/' + route.path });
    expect(await screen.findByRole('heading', { name: route.title })).toBeTruthy();
    expect(await screen.findByText(FIRST_CONTENT[route.id]!)).toBeTruthy();
    expect(screen.queryByText('Écran en préparation')).toBeNull();
  });
});
