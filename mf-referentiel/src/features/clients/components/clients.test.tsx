import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { ClientsPage } from './clients-page';

const URL = '/dashboard/client';

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const fillIn = (dialog: HTMLElement) => (label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('ClientsPage', () => {
  it('lists the active clients with the French label of their type, their group and town', async () => {
    renderPage(<ClientsPage />, { url: URL });
    await screen.findByText('CCAS de Villeurbanne');
    const ccas = rowOf('CCAS de Villeurbanne');
    expect(ccas.getByText('Établissement public')).toBeTruthy();
    expect(await ccas.findByText('Réseau associatif Rhône-Alpes')).toBeTruthy();
    expect(ccas.getByText('Villeurbanne')).toBeTruthy();
    expect(rowOf('Fondation Toit pour Tous').getByText('Autre')).toBeTruthy();
    expect(rowOf('Conseil départemental du Val-de-Marne').getByText('Collectivité')).toBeTruthy();
    expect(screen.getByText('Total : 7')).toBeTruthy();
    expect(screen.queryByText('Association Horizon 93')).toBeNull();
  });

  it('searches by name (nom=…) and filters by type with the stored code (type=collectivite)', async () => {
    const { user, requestsTo, location } = renderPage(<ClientsPage />, { url: URL });
    await screen.findByText('CCAS de Villeurbanne');
    await user.click(screen.getByRole('button', { name: 'Rechercher dans la colonne Nom' }));
    await user.type(await screen.findByLabelText('Rechercher dans « Nom »'), 'relais{Enter}');
    expect(await screen.findByText('Total : 1')).toBeTruthy();
    expect(requestsTo('/api/clients').at(-1)?.url.searchParams.get('nom')).toBe('relais');
    expect(screen.getByText('Association Le Relais Solidaire')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Nom' }));
    await user.click(screen.getByLabelText('Filtrer par type'));
    await user.click(await screen.findByTitle('Collectivité'));
    expect(await screen.findByText('Total : 2')).toBeTruthy();
    const last = requestsTo('/api/clients').at(-1)!.url.searchParams;
    expect(last.get('type')).toBe('collectivite');
    expect(last.has('nom')).toBe(false);
    expect(screen.getByText('Ville de Nice – Direction des solidarités')).toBeTruthy();
    expect(screen.queryByText('CCAS de Villeurbanne')).toBeNull();
    expect(location()).toBe('/dashboard/client?type=collectivite');
  });

  it('lets an administrator create a client: required messages, SIRET check, the exact POST body', async () => {
    const { user, requestsTo } = renderPage(<ClientsPage />, { url: URL });
    await screen.findByText('CCAS de Villeurbanne');
    await user.click(screen.getByRole('button', { name: /Créer un client/ }));
    const dialog = await findDialog('Nouveau client');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    for (const label of ['Nom', 'Type', 'Adresse', 'Code postal', 'Ville'])
      expect(await within(dialog).findByText(`Le champ ${label} est obligatoire`)).toBeTruthy();

    const fill = fillIn(dialog);
    fill('Nom', 'Emmaüs Solidarité Grenoble');
    await user.click(within(dialog).getByLabelText('Type'));
    await user.click(await screen.findByTitle('Association'));
    fill('SIRET', '123 456');
    fill('Adresse', '12 rue Très-Cloîtres');
    fill('Code postal', '38000');
    fill('Ville', 'Grenoble');
    fill('Contact', 'Inès Morel');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le SIRET compte 14 chiffres.')).toBeTruthy();
    expect(requestsTo('/api/clients', 'POST')).toHaveLength(0);

    fill('SIRET', '552 100 554 00025');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/clients', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/clients', 'POST')[0]!.body).toEqual({
      nom: 'Emmaüs Solidarité Grenoble',
      type: 'association',
      groupeId: null,
      siret: '55210055400025',
      adresse: '12 rue Très-Cloîtres',
      codePostal: '38000',
      ville: 'Grenoble',
      contactNom: 'Inès Morel',
      email: null,
      telephone: null,
    });
    expect(await screen.findByText('Emmaüs Solidarité Grenoble')).toBeTruthy();
    expect(screen.getByText('Total : 8')).toBeTruthy();
  });

  it('shows staff a read-only list: no create, edit, archive or restore button', async () => {
    const { user } = renderPage(<ClientsPage />, { url: URL, role: 'agent' });
    await screen.findByText('CCAS de Villeurbanne');
    expect(screen.queryByRole('button', { name: /Créer|Modifier|Archiver/ })).toBeNull();
    await user.click(screen.getByText('Archivés'));
    expect(await screen.findByText('Association Horizon 93')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Restaurer/ })).toBeNull();
  });

  it('asks before archiving, then shows the 409 reason of a client that still has residents', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, requestsTo } = renderPage(<ClientsPage />, { url: URL });
    await screen.findByText('CCAS de Villeurbanne');
    await user.click(
      screen.getByRole('button', { name: 'Archiver « Conseil départemental du Val-de-Marne »' }),
    );
    expect(await screen.findByText('Archiver « Conseil départemental du Val-de-Marne » ?')).toBeTruthy();
    expect(requestsTo('/api/clients/1/archive', 'PUT')).toHaveLength(0);
    await user.click(openButton('Archiver'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce client a encore des pensionnaires actifs : archivez-les d’abord.',
    );
    expect(requestsTo('/api/clients/1/archive', 'PUT')).toHaveLength(1);
    expect(screen.getByText('Conseil départemental du Val-de-Marne')).toBeTruthy();
    warn.mockRestore();
  });

  it('opens a client: remembers it in session storage and goes to its card', async () => {
    const { user, location } = renderPage(<ClientsPage />, { url: URL });
    await user.click(await screen.findByText('Transports Rhodaniens'));
    expect(location()).toBe('/dashboard/client-details/5');
    expect(JSON.parse(window.sessionStorage.getItem('selectedClient')!)).toMatchObject({
      id: 5,
      nom: 'Transports Rhodaniens',
      type: 'entreprise',
    });
  });
});
