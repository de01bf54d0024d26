import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockServer } from 'shared/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from 'shared/testing';
import { findDialog, openButton, renderPage, shown } from 'shared/testing/render-page';
import { EtablissementsPage } from './etablissements-page';

const LIST_URL = '/dashboard/etablissement';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
/** Types into the field labelled `label` of `dialog` (a change event: antd reads the value, not the keys). */
const fillIn = (dialog: HTMLElement) => (label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('EtablissementsPage', () => {
  it('lists the active hotels with their group name and number of rooms', async () => {
    renderPage(<EtablissementsPage />, { url: LIST_URL });
    const row = within((await screen.findByText('Hôtel du Parc')).closest('tr')!);
    expect(await row.findByText('Groupe Hôtelier du Rhône')).toBeTruthy();
    expect(row.getByText('Lyon')).toBeTruthy();
    expect(row.getByText('69006')).toBeTruthy();
    expect(row.getByText('42')).toBeTruthy();
    expect(screen.getByText('Total : 8')).toBeTruthy();
    expect(screen.queryByText('Hôtel des Voyageurs')).toBeNull();
    // A hotel without a group.
    expect(within(rowOf('Hôtel Lafayette')).getByText('—')).toBeTruthy();
  });

  it('shows the hotels and their group names at once on a second visit, from the cache, asking the API nothing', async () => {
    const { requests, queryClient } = renderPage(<EtablissementsPage />, { url: LIST_URL });
    expect(
      await within(await waitFor(() => rowOf('Hôtel du Parc'))).findByText('Groupe Hôtelier du Rhône'),
    ).toBeTruthy();
    const asked = requests.length;
    cleanup();

    renderWithProviders(<EtablissementsPage />, { url: LIST_URL, path: LIST_URL, queryClient });
    // No await: the rows and the names are there on the first render.
    expect(within(rowOf('Hôtel du Parc')).getByText('Groupe Hôtelier du Rhône')).toBeTruthy();
    expect(screen.getByText('Total : 8')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toHaveLength(asked);
  });

  it('still lists the hotels when the group names fail to load, with the group number and no request per row', async () => {
    mockServer.use(
      http.get('/api/groupes-etablissements', () =>
        HttpResponse.json({ message: 'Base indisponible' }, { status: 503 }),
      ),
    );
    const { requests } = renderPage(<EtablissementsPage />, { url: LIST_URL });
    expect(await within(await waitFor(() => rowOf('Hôtel du Parc'))).findByText('n° 2')).toBeTruthy();
    expect(
      requests.filter((request) => request.url.pathname.startsWith('/api/groupes-etablissements')),
    ).toHaveLength(1);
  });

  it('searches the Ville column: sends ville=… to the API and shows only the matching hotels', async () => {
    const { user, requestsTo } = renderPage(<EtablissementsPage />, { url: LIST_URL });
    await screen.findByText('Hôtel du Parc');
    await user.click(screen.getByRole('button', { name: 'Rechercher dans la colonne Ville' }));
    await user.type(await screen.findByLabelText('Rechercher dans « Ville »'), 'marseille{Enter}');
    expect(await screen.findByText('Total : 2')).toBeTruthy();
    expect(requestsTo('/api/etablissements').at(-1)?.url.searchParams.get('ville')).toBe('marseille');
    expect(screen.getByText('Hôtel Saint-Charles')).toBeTruthy();
    expect(screen.getByText('Auberge du Vieux-Port')).toBeTruthy();
    expect(screen.queryByText('Hôtel du Parc')).toBeNull();
  });

  it('lets an administrator create a hotel: French required messages, the exact POST body, a reloaded list', async () => {
    const { user, requestsTo } = renderPage(<EtablissementsPage />, { url: LIST_URL });
    await screen.findByText('Hôtel du Parc');
    await user.click(screen.getByRole('button', { name: /Créer un établissement/ }));
    const dialog = await findDialog('Nouvel établissement');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    for (const label of ['Nom', 'Adresse', 'Code postal', 'Ville'])
      expect(await within(dialog).findByText(`Le champ ${label} est obligatoire`)).toBeTruthy();

    const fill = fillIn(dialog);
    fill('Nom', '  Hôtel Bon Accueil ');
    await user.click(within(dialog).getByLabelText('Groupe'));
    await user.type(within(dialog).getByLabelText('Groupe'), 'solid');
    await user.click(await screen.findByTitle('Hôtels Solidaires Île-de-France'));
    fill('Adresse', '3 rue Vaubecour');
    fill('Code postal', '6900');
    fill('Ville', 'Lyon');
    fill('Téléphone', '04 78 37 11 20');
    fill('Nombre de chambres', '12');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le code postal compte 5 chiffres.')).toBeTruthy();
    expect(requestsTo('/api/etablissements', 'POST')).toHaveLength(0);

    fill('Code postal', '69002');
    const listCalls = requestsTo('/api/etablissements').length;
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/etablissements', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/etablissements', 'POST')[0]!.body).toEqual({
      nom: 'Hôtel Bon Accueil',
      groupeId: 1,
      adresse: '3 rue Vaubecour',
      codePostal: '69002',
      ville: 'Lyon',
      telephone: '04 78 37 11 20',
      email: null,
      nombreChambres: 12,
      notes: null,
    });
    expect(await screen.findByText('Hôtel Bon Accueil')).toBeTruthy();
    expect(requestsTo('/api/etablissements').length).toBeGreaterThan(listCalls);
    expect(screen.getByText('Total : 9')).toBeTruthy();
    expect(within(rowOf('Hôtel Bon Accueil')).getByText('Hôtels Solidaires Île-de-France')).toBeTruthy();

    // The next hotel, even on a page opened afresh in this tab, starts in the group just chosen (spec §3's
    // selected establishment group).
    cleanup();
    const again = renderPage(<EtablissementsPage />, { url: LIST_URL });
    await screen.findByText('Hôtel du Parc');
    await again.user.click(screen.getByRole('button', { name: /Créer un établissement/ }));
    const next = await findDialog('Nouvel établissement');
    expect(await within(next).findByTitle('Hôtels Solidaires Île-de-France')).toBeTruthy();
  });

  it('shows staff a read-only list: no create, edit, archive or restore button', async () => {
    const { user } = renderPage(<EtablissementsPage />, { url: LIST_URL, role: 'agent' });
    await screen.findByText('Hôtel du Parc');
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Modifier|Archiver/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    await user.click(screen.getByText('Archivés'));
    expect(await screen.findByText('Hôtel des Voyageurs')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Restaurer/ })).toBeNull();
  });

  it('archives after a confirmation (PUT …/archive), shows a 409 reason, then succeeds on retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockServer.use(
      http.put(
        '/api/etablissements/:id/archive',
        () =>
          HttpResponse.json(
            {
              message: 'Cet établissement a encore des contrats non clos : clôturez-les avant de l’archiver.',
            },
            { status: 409 },
          ),
        { once: true },
      ),
    );
    const { user, requestsTo } = renderPage(<EtablissementsPage />, { url: LIST_URL });
    await screen.findByText('Hôtel du Parc');
    await user.click(screen.getByRole('button', { name: 'Archiver « Hôtel Lafayette »' }));
    expect(await screen.findByText('Archiver « Hôtel Lafayette » ?')).toBeTruthy();
    expect(requestsTo('/api/etablissements/7/archive', 'PUT')).toHaveLength(0);

    await user.click(openButton('Archiver'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cet établissement a encore des contrats non clos : clôturez-les avant de l’archiver.',
    );
    expect(requestsTo('/api/etablissements/7/archive', 'PUT')).toHaveLength(1);
    expect(shown('Archiver « Hôtel Lafayette » ?')).toBe(true);

    // As a user would, click again once the button has stopped spinning: antd's Button ignores clicks while its
    // loading state (updated in an effect, a moment after the message shows) is still on.
    await waitFor(() => expect(openButton('Archiver').classList.contains('ant-btn-loading')).toBe(false));
    await user.click(openButton('Archiver'));
    await waitFor(() => expect(screen.queryByText('Hôtel Lafayette')).toBeNull());
    expect(requestsTo('/api/etablissements/7/archive', 'PUT')).toHaveLength(2);
    expect(screen.getByText('Total : 7')).toBeTruthy();
    warn.mockRestore();
  });

  it('opens a hotel: remembers it in session storage and goes to its card', async () => {
    const { user, location } = renderPage(<EtablissementsPage />, { url: LIST_URL });
    await user.click(await screen.findByText('Hôtel Saint-Charles'));
    expect(location()).toBe('/dashboard/etablissement-details/5');
    expect(JSON.parse(window.sessionStorage.getItem('selectedEtablissement')!)).toMatchObject({
      id: 5,
      nom: 'Hôtel Saint-Charles',
    });
  });
});
