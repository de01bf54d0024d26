import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { resetReferentielMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { beforeEach, describe, expect, it } from 'vitest';
import { FoyerDetailsPage } from './foyer-details-page';
import { FoyersPage } from './foyers-page';

const LIST = '/dashboard/foyers';
const card = (id: number) =>
  ({ url: `/dashboard/foyers/${id}`, path: '/dashboard/foyers/:id', role: 'agent' }) as const;
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const cardOf = (title: string) => within(screen.getByText(title).closest('.ant-card') as HTMLElement);

beforeEach(() => resetReferentielMocks());

describe('FoyersPage', () => {
  it('lists the households with their client and members (links to the resident cards), paged by the server', async () => {
    const { requestsTo } = renderPage(<FoyersPage />, { url: LIST, role: 'agent' });
    await screen.findByText('Famille Dupont-Benali');
    const dupont = rowOf('Famille Dupont-Benali');
    expect(dupont.getByText('Conseil départemental du Val-de-Marne')).toBeTruthy();
    expect(dupont.getByRole('link', { name: 'Karim Benali' }).getAttribute('href')).toBe(
      '/dashboard/pensionnaires/2',
    );
    expect(dupont.getByText('2')).toBeTruthy();
    // The archived member (Paul Girard) is not counted.
    expect(rowOf('Famille Diallo').getByText('1')).toBeTruthy();
    expect(screen.getByText('4 foyers')).toBeTruthy();
    const sent = requestsTo('/api/foyers').at(-1)?.url.searchParams;
    expect(sent?.get('page')).toBe('1');
    expect(sent?.get('pageSize')).toBeTruthy();
  });

  it('searches a household or a member by name through the API (recherche=…), kept in the URL', async () => {
    const { user, requestsTo, location } = renderPage(<FoyersPage />, { url: LIST, role: 'agent' });
    await screen.findByText('Famille Dupont-Benali');
    await user.type(screen.getByLabelText('Rechercher un foyer ou un membre'), 'lambert{Enter}');
    expect(await screen.findByText('1 foyer')).toBeTruthy();
    expect(screen.getByText('Famille Nguyen')).toBeTruthy();
    expect(screen.queryByText('Famille Dupont-Benali')).toBeNull();
    expect(requestsTo('/api/foyers').at(-1)?.url.searchParams.get('recherche')).toBe('lambert');
    expect(location()).toBe('/dashboard/foyers?recherche=lambert');
  });

  it('says when no household matches, and opens a household from its row', async () => {
    const { user, location } = renderPage(<FoyersPage />, {
      url: `${LIST}?recherche=zzz`,
      role: 'agent',
    });
    expect(await screen.findByText('Aucun résultat pour ces filtres')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Effacer les filtres/ }));
    await user.click(await screen.findByText('Famille Petit'));
    expect(location()).toBe('/dashboard/foyers/4');
  });

  it('shows the API failure in French', async () => {
    mockServer.use(
      http.get('*/api/foyers', () =>
        HttpResponse.json({ message: 'Le service est momentanément indisponible.' }, { status: 503 }),
      ),
    );
    renderPage(<FoyersPage />, { url: LIST, role: 'agent' });
    expect((await screen.findAllByText('Le service est momentanément indisponible.')).length).toBeGreaterThan(
      0,
    );
  });

  it('lets an agent create a household for a client, then opens its card', async () => {
    const { user, requestsTo, location } = renderPage(<FoyersPage />, { url: LIST, role: 'agent' });
    await screen.findByText('Famille Dupont-Benali');
    await user.click(screen.getByRole('button', { name: /Créer un foyer/ }));
    const dialog = await findDialog('Nouveau foyer');
    await user.click(within(dialog).getByLabelText('Client'));
    await user.type(within(dialog).getByLabelText('Client'), 'relais');
    await user.click(await screen.findByTitle('Association Le Relais Solidaire'));
    await user.type(within(dialog).getByLabelText('Nom du foyer'), ' Famille Sow ');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(location()).toBe('/dashboard/foyers/5'));
    const body = await requestsTo('/api/foyers', 'POST').at(-1)?.body;
    expect(body).toEqual({ clientId: 2, nom: 'Famille Sow', notes: null });
  });
});

describe('FoyerDetailsPage', () => {
  it('shows the members, their stays with French status tags (links to fiche-resa) and the requests', async () => {
    renderPage(<FoyerDetailsPage />, card(1));
    expect(await screen.findByText('Famille Dupont-Benali')).toBeTruthy();
    const membres = cardOf('Membres');
    expect(membres.getByRole('link', { name: 'Marie Dupont' }).getAttribute('href')).toBe(
      '/dashboard/pensionnaires/1',
    );
    expect(membres.getByText('14/03/1958')).toBeTruthy();

    const sejours = cardOf('Séjours des membres');
    expect(sejours.getByRole('link', { name: 'n° 103' }).getAttribute('href')).toBe(
      '/dashboard/fiche-resa/103',
    );
    expect(sejours.getAllByText('En cours')).toHaveLength(2);
    expect(sejours.getByText('Terminée')).toBeTruthy();
    expect(sejours.queryByText('terminee')).toBeNull();
    expect(sejours.getByText('02/06/2025 → 30/09/2025')).toBeTruthy();

    const demandes = cardOf("Demandes d'hébergement");
    expect(demandes.getByRole('link', { name: 'n° 31' }).getAttribute('href')).toBe(
      '/dashboard/demande-hebergement/31',
    );
    expect(screen.getByRole('link', { name: 'Conseil départemental du Val-de-Marne' })).toBeTruthy();
  });

  it('adds a resident of the same client to the household', async () => {
    const { user, requestsTo } = renderPage(<FoyerDetailsPage />, card(2));
    await screen.findByText('Famille Nguyen');
    await user.click(screen.getByRole('button', { name: /Ajouter un membre/ }));
    await user.type(screen.getByLabelText('Pensionnaire à ajouter'), 'mar');
    await user.click(await screen.findByText(/Lucas Martin — RS-24-022/));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await cardOf('Membres').findByRole('link', { name: 'Lucas Martin' })).toBeTruthy();
    expect(requestsTo('/api/foyers/2/membres/4', 'PUT')).toHaveLength(1);
  });

  it('removes a member after a confirmation', async () => {
    const { user, requestsTo } = renderPage(<FoyerDetailsPage />, card(2));
    await screen.findByText('Famille Nguyen');
    const lambert = cardOf('Membres')
      .getByRole('link', { name: 'Alex Lambert' })
      .closest('tr') as HTMLElement;
    await user.click(within(lambert).getByRole('button', { name: 'Retirer' }));
    const confirm = await screen.findByText('Retirer Alex Lambert du foyer ?');
    await user.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Retirer' }),
    );
    await waitFor(() => expect(cardOf('Membres').queryByRole('link', { name: 'Alex Lambert' })).toBeNull());
    expect(requestsTo('/api/foyers/2/membres/10', 'DELETE')).toHaveLength(1);
  });

  it('says a refused change (409, which the client only logs) inside the card', async () => {
    mockServer.use(
      http.put('*/api/foyers/:id/membres/:pensionnaireId', () =>
        HttpResponse.json(
          { message: 'Lucas Martin fait déjà partie du foyer « Famille Nguyen ».' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage(<FoyerDetailsPage />, card(2));
    await screen.findByText('Famille Nguyen');
    await user.click(screen.getByRole('button', { name: /Ajouter un membre/ }));
    await user.type(screen.getByLabelText('Pensionnaire à ajouter'), 'mar');
    await user.click(await screen.findByText(/Lucas Martin — RS-24-022/));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(
      await cardOf('Membres').findByText('Lucas Martin fait déjà partie du foyer « Famille Nguyen ».'),
    ).toBeTruthy();
  });

  it('says when the household does not exist, with a way back to the list', async () => {
    renderPage(<FoyerDetailsPage />, card(99));
    expect(await screen.findByText('Foyer introuvable')).toBeTruthy();
  });

  it('says when a household has neither stay nor request yet', async () => {
    renderPage(<FoyerDetailsPage />, card(4));
    expect(await screen.findByText("Ce foyer n'a encore ni séjour ni demande d'hébergement.")).toBeTruthy();
    expect(cardOf('Séjours des membres').getByText('Aucun séjour')).toBeTruthy();
  });
});
