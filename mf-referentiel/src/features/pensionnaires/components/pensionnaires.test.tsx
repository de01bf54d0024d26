import { mockDemandes } from 'shared/mocks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Communication } from 'shared/contract';
import { mockServer } from 'shared/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { atLateUtcEvening } from 'shared/testing/paris-clock';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { PensionnaireDetails } from './pensionnaire-details';
import { PensionnairesPage } from './pensionnaires-page';

const URL = '/dashboard/pensionnaires';

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const fillIn = (dialog: HTMLElement) => (label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('PensionnairesPage', () => {
  it('lists the active residents with their client, birth date (DD/MM/YYYY) and sex in French', async () => {
    renderPage(<PensionnairesPage />, { url: URL });
    await screen.findByText('Dupont');
    const dupont = rowOf('Dupont');
    expect(dupont.getByText('Marie')).toBeTruthy();
    expect(dupont.getByText('VDM-2024-0153')).toBeTruthy();
    expect(await dupont.findByText('Conseil départemental du Val-de-Marne')).toBeTruthy();
    expect(dupont.getByText('14/03/1958')).toBeTruthy();
    expect(dupont.getByText('Femme')).toBeTruthy();
    expect(rowOf('Lambert').getByText('Non précisé')).toBeTruthy();
    expect(screen.getByText('Total : 10')).toBeTruthy();
    expect(screen.queryByText('Girard')).toBeNull();
  });

  it('searches the file number column (numeroDossier=…) and shows the matching residents', async () => {
    const { user, requestsTo } = renderPage(<PensionnairesPage />, { url: URL });
    await screen.findByText('Dupont');
    await user.click(screen.getByRole('button', { name: 'Rechercher dans la colonne N° de dossier' }));
    await user.type(await screen.findByLabelText('Rechercher dans « N° de dossier »'), 'rs-24{Enter}');
    expect(await screen.findByText('Total : 2')).toBeTruthy();
    expect(requestsTo('/api/pensionnaires').at(-1)?.url.searchParams.get('numeroDossier')).toBe('rs-24');
    expect(screen.getByText('Nguyen')).toBeTruthy();
    expect(screen.getByText('Martin')).toBeTruthy();
    expect(screen.queryByText('Dupont')).toBeNull();
  });

  it('asks an administrator creating a resident for the required fields', async () => {
    const { user, requestsTo } = renderPage(<PensionnairesPage />, { url: URL });
    await screen.findByText('Dupont');
    await user.click(openButton('Créer un pensionnaire'));
    const dialog = await findDialog('Nouveau pensionnaire');
    await user.click(within(dialog).getByText('Enregistrer').closest('button')!);
    for (const label of ['Client', 'Nom', 'Prénom', 'N° de dossier', 'Sexe'])
      expect(await within(dialog).findByText(`Le champ ${label} est obligatoire`)).toBeTruthy();
    expect(requestsTo('/api/pensionnaires', 'POST')).toHaveLength(0);
  });

  // Lean on purpose (one search letter group, the date pasted): under happy-dom each antd keystroke re-renders its
  // popup, and this test once needed more than 30 s on a loaded machine.
  it('lets an administrator create a resident: client choice, date, the exact POST body', async () => {
    const { user, requestsTo } = renderPage(<PensionnairesPage />, { url: URL });
    await screen.findByText('Dupont');
    await user.click(openButton('Créer un pensionnaire'));
    const dialog = await findDialog('Nouveau pensionnaire');
    await user.click(within(dialog).getByLabelText('Client'));
    await user.type(within(dialog).getByLabelText('Client'), 'fond');
    await user.click(await screen.findByTitle('Fondation Toit pour Tous'));
    const fill = fillIn(dialog);
    fill('Nom', 'Mercier');
    fill('Prénom', ' Yanis ');
    fill('N° de dossier', 'FTT-131');
    await user.click(within(dialog).getByLabelText('Date de naissance'));
    await user.paste('12/04/1990');
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByLabelText('Homme'));
    await user.click(within(dialog).getByText('Enregistrer').closest('button')!);
    await waitFor(() => expect(requestsTo('/api/pensionnaires', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/pensionnaires', 'POST')[0]!.body).toEqual({
      clientId: 7,
      nom: 'Mercier',
      prenom: 'Yanis',
      numeroDossier: 'FTT-131',
      sexe: 'M',
      dateNaissance: '1990-04-12',
      telephone: null,
      email: null,
      notes: null,
    });
    expect(await screen.findByText('Mercier')).toBeTruthy();
    expect(rowOf('Mercier').getByText('12/04/1990')).toBeTruthy();
    expect(screen.getByText('Total : 11')).toBeTruthy();
  });

  it('offers staff « Modifier » on a row (the contact details), but no create, archive or restore', async () => {
    const { user } = renderPage(<PensionnairesPage />, { url: URL, role: 'agent' });
    await screen.findByText('Dupont');
    expect(screen.queryByRole('button', { name: /Créer|Archiver/ })).toBeNull();
    await user.click(rowOf('Dupont').getByRole('button', { name: 'Modifier « Marie Dupont »' }));
    const dialog = await findDialog('Modifier les coordonnées de « Marie Dupont »');
    expect(within(dialog).queryByLabelText('Client')).toBeNull();
    await user.click(screen.getByText('Archivés'));
    expect(await screen.findByText('Girard')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Restaurer|Modifier/ })).toBeNull();
  });

  it('asks before archiving (PUT …/archive) and shows the 409 reason', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockServer.use(
      http.put('/api/pensionnaires/:id/archive', () =>
        HttpResponse.json(
          { message: 'Ce pensionnaire a encore une réservation en cours ou à venir.' },
          { status: 409 },
        ),
      ),
    );
    const { user, requestsTo } = renderPage(<PensionnairesPage />, { url: URL });
    await screen.findByText('Dupont');
    await user.click(screen.getByRole('button', { name: 'Archiver « Karim Benali »' }));
    expect(await screen.findByText('Archiver « Karim Benali » ?')).toBeTruthy();
    expect(requestsTo('/api/pensionnaires/2/archive', 'PUT')).toHaveLength(0);
    await user.click(openButton('Archiver'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce pensionnaire a encore une réservation en cours ou à venir.',
    );
    expect(requestsTo('/api/pensionnaires/2/archive', 'PUT')).toHaveLength(1);
    warn.mockRestore();
  });

  it('opens a resident’s card from the list', async () => {
    const { user, location } = renderPage(<PensionnairesPage />, { url: URL });
    await user.click(await screen.findByText('Kowalski'));
    expect(location()).toBe('/dashboard/pensionnaires/8');
  });
});

describe('PensionnaireDetails', () => {
  it('shows the resident’s card, a link to the client, and says stays come with reservations', async () => {
    renderPage(<PensionnaireDetails />, {
      url: '/dashboard/pensionnaires/6',
      path: '/dashboard/pensionnaires/:id',
      role: 'agent',
    });
    expect(await screen.findByText('Jeanne Petit')).toBeTruthy();
    expect(screen.getByText('CHN-2025-031')).toBeTruthy();
    expect(screen.getByText('05/12/1941')).toBeTruthy();
    expect(screen.getByText('Femme')).toBeTruthy();
    expect(screen.getByText(/chambre PMR au rez-de-chaussée/)).toBeTruthy();
    const client = await screen.findByRole('link', { name: 'Centre hospitalier Nord-Marseille' });
    expect(client.getAttribute('href')).toBe('/dashboard/client-details/4');
    expect(screen.getByText(/Les séjours de ce pensionnaire apparaîtront ici/)).toBeTruthy();
  });

  it('lets an agent correct the phone: a form of the fields agents may change, a PATCH of them only', async () => {
    const { user, requestsTo } = renderPage(<PensionnaireDetails />, {
      url: '/dashboard/pensionnaires/6',
      path: '/dashboard/pensionnaires/:id',
      role: 'agent',
    });
    await screen.findByText('Jeanne Petit');
    await user.click(openButton('Modifier'));
    const dialog = await findDialog('Modifier les coordonnées de « Jeanne Petit »');
    for (const label of ['Nom', 'Prénom', 'Date de naissance', 'Téléphone', 'E-mail', 'Notes'])
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    for (const label of ['Client', 'N° de dossier'])
      expect(within(dialog).queryByLabelText(label)).toBeNull();
    expect(within(dialog).queryByText('Sexe')).toBeNull();
    expect(within(dialog).getByText(/seul un administrateur/i)).toBeTruthy();
    fillIn(dialog)('Téléphone', '06 98 76 54 32');
    await user.click(within(dialog).getByText('Enregistrer').closest('button')!);
    await waitFor(() => expect(requestsTo('/api/pensionnaires/6', 'PATCH')).toHaveLength(1));
    expect(await requestsTo('/api/pensionnaires/6', 'PATCH')[0]!.body).toEqual({
      nom: 'Petit',
      prenom: 'Jeanne',
      dateNaissance: '1941-12-05',
      telephone: '06 98 76 54 32',
      email: null,
      notes: expect.stringMatching(/chambre PMR/),
    });
    expect(await screen.findByText('06 98 76 54 32')).toBeTruthy();
    expect(requestsTo('/api/pensionnaires/6', 'PUT')).toHaveLength(0);
  });

  it('gives an administrator the whole form on the card (client, file number, sex)', async () => {
    const { user } = renderPage(<PensionnaireDetails />, {
      url: '/dashboard/pensionnaires/6',
      path: '/dashboard/pensionnaires/:id',
    });
    await screen.findByText('Jeanne Petit');
    await user.click(openButton('Modifier'));
    const dialog = await findDialog('Modifier « Jeanne Petit »');
    for (const label of ['Client', 'N° de dossier'])
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    expect(within(dialog).getByText('Sexe')).toBeTruthy();
  });

  it('lists the resident’s accommodation requests and their communications', async () => {
    const mine = mockDemandes.filter((d) => d.pensionnaires.some((p) => p.id === 1));
    expect(mine.length).toBeGreaterThan(0);
    renderPage(<PensionnaireDetails />, {
      url: '/dashboard/pensionnaires/1',
      path: '/dashboard/pensionnaires/:id',
    });
    const first = await screen.findByRole('link', { name: `n° ${mine[0]!.id}` });
    expect(first.getAttribute('href')).toBe(`/dashboard/demande-hebergement/${mine[0]!.id}`);
    const withDocuments = mine.flatMap((d) => d.communications);
    if (withDocuments.length > 0)
      expect((await screen.findAllByRole('link', { name: 'Voir' })).length).toBe(withDocuments.length);
  });

  it('shows a hotel notice not sent with its reason, « Voir » opening it through its request', async () => {
    const reason =
      "Non envoyé : l'établissement Hôtel du Parc n'a pas d'adresse électronique. Ajoutez-la à sa fiche, puis cliquez sur « Envoyer ».";
    const notice: Communication = {
      id: 990_001,
      demande_id: 526,
      pensionnaire_id: null,
      type_document: 'avis_etablissement',
      objet: 'Avis de libération de chambres — Hôtel du Parc',
      destinataires: [],
      statut: 'preparee',
      tentatives: 0,
      derniere_erreur: reason,
      envoye_at: null,
      document_nom: 'avis-liberation.pdf',
      created_at: '2026-03-02T09:00:00.000Z',
      created_by: 'Agent Démo',
    };
    mockServer.use(
      http.get('/api/communication/pensionnaire/1', () =>
        HttpResponse.json({ communications: [notice, { ...notice, id: 990_002, demande_id: null }] }),
      ),
    );
    renderPage(<PensionnaireDetails />, {
      url: '/dashboard/pensionnaires/1',
      path: '/dashboard/pensionnaires/:id',
    });
    const [row, alone] = (await screen.findAllByText('Avis de libération (établissement)')).map((cell) =>
      cell.closest('tr')!,
    );
    expect(within(row!).getByText(reason)).toBeTruthy();
    expect(within(row!).getByRole('link', { name: 'Voir' }).getAttribute('href')).toBe(
      '/view-pdf?id=526&communication=990001',
    );
    // A notice about stays booked without a request opens on its own.
    expect(within(alone!).getByRole('link', { name: 'Voir' }).getAttribute('href')).toBe(
      '/view-pdf?communication=990002',
    );
  });
});

describe('PensionnairesPage at 23:30 UTC, Paris already on the next day', () => {
  atLateUtcEvening();

  it("takes a birth date of Paris's today (the API's limit), the browser's tomorrow", async () => {
    const { user, requestsTo } = renderPage(<PensionnairesPage />, { url: URL });
    await screen.findByText('Dupont');
    await user.click(openButton('Créer un pensionnaire'));
    const dialog = await findDialog('Nouveau pensionnaire');
    await user.click(within(dialog).getByLabelText('Client'));
    await user.type(within(dialog).getByLabelText('Client'), 'fond');
    await user.click(await screen.findByTitle('Fondation Toit pour Tous'));
    const fill = fillIn(dialog);
    fill('Nom', 'Mercier');
    fill('Prénom', 'Lina');
    fill('N° de dossier', 'FTT-132');
    await user.click(within(dialog).getByLabelText('Date de naissance'));
    await user.paste('01/01/2027');
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByLabelText('Femme'));
    await user.click(within(dialog).getByText('Enregistrer').closest('button')!);
    await waitFor(() => expect(requestsTo('/api/pensionnaires', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/pensionnaires', 'POST')[0]!.body).toMatchObject({
      dateNaissance: '2027-01-01',
    });
  });
});
