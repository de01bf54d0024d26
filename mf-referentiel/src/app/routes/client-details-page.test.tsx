import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { ClientDetailsPage } from './client-details-page';

const PATH = '/dashboard/client-details/:id';

const residentsCard = () => screen.getByText('Pensionnaires').closest('.ant-card') as HTMLElement;

describe('ClientDetailsPage', () => {
  it('shows the client’s card and only its residents, asked with the fixed clientId parameter', async () => {
    const { user, requestsTo } = renderPage(<ClientDetailsPage />, {
      url: '/dashboard/client-details/2',
      path: PATH,
    });
    expect(await screen.findByText('Association Le Relais Solidaire')).toBeTruthy();
    expect(screen.getByText('Association')).toBeTruthy();
    expect(screen.getByText('44306184100047')).toBeTruthy();
    expect(screen.getByText('Nadia Haddad')).toBeTruthy();
    expect(await screen.findByText('Réseau associatif Rhône-Alpes')).toBeTruthy();
    const contracts = within(screen.getByText('Contrats').closest('.ant-card') as HTMLElement);
    expect(await contracts.findByText('CC-2026-RELAIS')).toBeTruthy();
    expect(contracts.getByText('Brouillon')).toBeTruthy();
    expect(contracts.queryByText('CC-2025-CD94')).toBeNull();
    expect(requestsTo('/api/contrats-clients')[0]?.url.searchParams.get('clientId')).toBe('2');

    const residents = within(residentsCard());
    expect(await residents.findByText('Nguyen')).toBeTruthy();
    expect(residents.getByText('Martin')).toBeTruthy();
    expect(residents.getByText('Lambert')).toBeTruthy();
    expect(residents.getByText('Total : 3')).toBeTruthy();
    expect(residents.queryByText('Dupont')).toBeNull();
    expect(requestsTo('/api/pensionnaires')[0]?.url.searchParams.get('clientId')).toBe('2');

    await user.click(residents.getByRole('button', { name: 'Rechercher dans la colonne Nom' }));
    await user.type(await screen.findByLabelText('Rechercher dans « Nom »'), 'lam{Enter}');
    expect(await residents.findByText('Total : 1')).toBeTruthy();
    const search = requestsTo('/api/pensionnaires').at(-1)!.url.searchParams;
    expect(search.get('clientId')).toBe('2');
    expect(search.get('nom')).toBe('lam');
  });

  it('adds a resident with the client preset: the POST carries this client’s id, the list reloads', async () => {
    const { user, requestsTo } = renderPage(<ClientDetailsPage />, {
      url: '/dashboard/client-details/2',
      path: PATH,
    });
    await within(await waitFor(residentsCard)).findByText('Nguyen');
    await user.click(screen.getByRole('button', { name: /Ajouter un pensionnaire/ }));
    const dialog = await findDialog('Nouveau pensionnaire');
    expect(within(dialog).getByTitle('Association Le Relais Solidaire')).toBeTruthy();
    expect((within(dialog).getByLabelText('Client') as HTMLInputElement).disabled).toBe(true);
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Nom', 'Haddad');
    fill('Prénom', 'Samir');
    fill('N° de dossier', 'RS-25-014');
    await user.click(within(dialog).getByLabelText('Homme'));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/pensionnaires', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/pensionnaires', 'POST')[0]!.body).toEqual({
      clientId: 2,
      nom: 'Haddad',
      prenom: 'Samir',
      numeroDossier: 'RS-25-014',
      sexe: 'M',
      dateNaissance: null,
      telephone: null,
      email: null,
      notes: null,
    });
    expect(await within(residentsCard()).findByText('Total : 4')).toBeTruthy();
    expect(within(residentsCard()).getByText('Haddad')).toBeTruthy();
  });

  it('gives staff the card and residents without any write button but the residents’ « Modifier »', async () => {
    renderPage(<ClientDetailsPage />, { url: '/dashboard/client-details/1', path: PATH, role: 'agent' });
    expect(await within(await waitFor(residentsCard)).findByText('Dupont')).toBeTruthy();
    expect(screen.getByText('Conseil départemental du Val-de-Marne')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ajouter|Archiver/ })).toBeNull();
    // The client's own « Modifier » is an administrator's; the residents' opens their contact details.
    const edits = screen.queryAllByRole('button', { name: /Modifier/ });
    expect(edits.length).toBeGreaterThan(0);
    for (const edit of edits) expect(edit.getAttribute('aria-label')).toMatch(/^Modifier « .+ »$/);
    expect(within(residentsCard()).getByRole('button', { name: 'Modifier « Marie Dupont »' })).toBeTruthy();
  });

  it('lets an administrator issue a client API key, shown once with a copy button, and revoke one after a confirmation', async () => {
    const { user, requestsTo } = renderPage(<ClientDetailsPage />, {
      url: '/dashboard/client-details/1',
      path: PATH,
    });
    const keys = () => within(screen.getByText("Clés d'API du client").closest('.ant-card') as HTMLElement);
    expect(await waitFor(() => keys().getByText('Logiciel SI-SIAO'))).toBeTruthy();
    expect(keys().getByText(/Révoquée le/)).toBeTruthy();

    await user.click(keys().getByRole('button', { name: /Nouvelle clé/ }));
    const dialog = within(await findDialog("Nouvelle clé d'API"));
    await user.click(dialog.getByRole('button', { name: 'Créer la clé' }));
    expect(await dialog.findByText('Le champ Libellé est obligatoire')).toBeTruthy();
    await user.type(dialog.getByLabelText('Libellé'), 'Connecteur test');
    await user.click(dialog.getByRole('button', { name: 'Créer la clé' }));
    expect(await dialog.findByText(/ne sera plus jamais affichée/)).toBeTruthy();
    const answer = (await requestsTo('/api/clients/1/cles-api', 'POST')[0]!.body) as { libelle: string };
    expect(answer).toEqual({ libelle: 'Connecteur test' });
    expect(dialog.getByText(/^eb3_/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: /Copier|copy/i })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: "J'ai copié la clé" }));
    expect(await waitFor(() => keys().getByText('Connecteur test'))).toBeTruthy();

    const [revoke] = keys().getAllByRole('button', { name: 'Révoquer' });
    await user.click(revoke!);
    expect(requestsTo('/api/clients/1/cles-api/1/revocation', 'PUT')).toHaveLength(0);
    const popover = (await screen.findByText('Révoquer la clé « Logiciel SI-SIAO » ?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(requestsTo('/api/clients/1/cles-api/1/revocation', 'PUT')).toHaveLength(1));
    await waitFor(() => expect(keys().getAllByText(/Révoquée le/)).toHaveLength(2));
  });

  it('shows the API keys to administrators only', async () => {
    const { requestsTo } = renderPage(<ClientDetailsPage />, {
      url: '/dashboard/client-details/1',
      path: PATH,
      role: 'agent',
    });
    expect(await within(await waitFor(residentsCard)).findByText('Dupont')).toBeTruthy();
    expect(screen.queryByText("Clés d'API du client")).toBeNull();
    expect(requestsTo('/api/clients/1/cles-api')).toHaveLength(0);
  });

  it('offers no « Ajouter un pensionnaire » nor « Modifier » on an archived client', async () => {
    renderPage(<ClientDetailsPage />, { url: '/dashboard/client-details/8', path: PATH });
    expect(await screen.findByText('Archivé le 31/03/2025')).toBeTruthy();
    await within(await waitFor(residentsCard)).findByText('Aucun résultat');
    expect(screen.queryByRole('button', { name: /Ajouter un pensionnaire|Modifier/ })).toBeNull();
  });

  it('says « Client introuvable » for an unknown id', async () => {
    renderPage(<ClientDetailsPage />, { url: '/dashboard/client-details/404', path: PATH });
    expect(await screen.findByText('Client introuvable')).toBeTruthy();
  });
});
