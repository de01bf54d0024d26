import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog, openButton, renderPage, shown } from 'shared/testing/render-page';
import { UtilisateursPage } from './utilisateurs-page';

const URL = '/dashboard/utilisateurs';

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('UtilisateursPage', () => {
  it('lists the accounts for an administrator and activates a pending one after a confirmation', async () => {
    const { user, requestsTo } = renderPage(<UtilisateursPage />, { url: URL });
    await screen.findByText('Lefebvre');
    expect(rowOf('Martin').getByText('Administrateur')).toBeTruthy();
    expect(rowOf('Martin').getByText('Votre compte')).toBeTruthy();
    expect(rowOf('Bernard').getByText('Agent')).toBeTruthy();
    expect(rowOf('Bernard').getByText('Actif')).toBeTruthy();
    expect(rowOf('Lefebvre').getByText('sophie.lefebvre@ebas3.fr')).toBeTruthy();
    expect(rowOf('Lefebvre').getByText('En attente')).toBeTruthy();
    expect(requestsTo('/api/users')[0]?.url.search).toBe('?page=1&pageSize=20');

    await user.click(screen.getByRole('button', { name: 'Activer le compte de Sophie Lefebvre' }));
    expect(await screen.findByText('Activer le compte de Sophie Lefebvre ?')).toBeTruthy();
    expect(requestsTo('/api/users/3/activation', 'PUT')).toHaveLength(0);
    await user.click(openButton('Activer'));
    await waitFor(() => expect(requestsTo('/api/users/3/activation', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/users/3/activation', 'PUT')[0]!.body).toEqual({ active: true });
    await waitFor(() => expect(rowOf('Lefebvre').getByText('Actif')).toBeTruthy());
    expect(
      rowOf('Lefebvre').getByRole('button', { name: 'Désactiver le compte de Sophie Lefebvre' }),
    ).toBeTruthy();
  });

  it('creates a user, saying inline when the e-mail is already taken (409)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, requestsTo } = renderPage(<UtilisateursPage />, { url: URL });
    await screen.findByText('Lefebvre');
    await user.click(screen.getByRole('button', { name: /Créer un utilisateur/ }));
    const dialog = await findDialog('Créer un utilisateur');
    fill(dialog, 'Prénom', ' Camille ');
    fill(dialog, 'Nom', 'Dubois');
    fill(dialog, 'Adresse e-mail', 'sophie.lefebvre@ebas3.fr');
    await user.click(within(dialog).getByLabelText('Administrateur'));
    fill(dialog, 'Mot de passe temporaire', 'court');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(
      await within(dialog).findByText('Le mot de passe doit contenir au moins 10 caractères.'),
    ).toBeTruthy();
    expect(requestsTo('/api/users', 'POST')).toHaveLength(0);

    fill(dialog, 'Mot de passe temporaire', 'Temporaire2026');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Un compte existe déjà avec cette adresse e-mail.',
    );

    fill(dialog, 'Adresse e-mail', 'camille.dubois@ebas3.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(requestsTo('/api/users', 'POST')).toHaveLength(2));
    expect(await requestsTo('/api/users', 'POST')[1]!.body).toEqual({
      email: 'camille.dubois@ebas3.fr',
      nom: 'Dubois',
      prenom: 'Camille',
      role: 'admin',
      password: 'Temporaire2026',
    });
    expect(await screen.findByText('camille.dubois@ebas3.fr')).toBeTruthy();
    expect(rowOf('Dubois').getByText('Administrateur')).toBeTruthy();
    expect(rowOf('Dubois').getByText('Actif')).toBeTruthy();
    warn.mockRestore();
  });

  it('changes the role of another account, never offering it on your own row', async () => {
    const { user, requestsTo } = renderPage(<UtilisateursPage />, { url: URL });
    await screen.findByText('Lefebvre');
    expect(rowOf('Martin').queryByRole('button', { name: /Changer le rôle/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Changer le rôle de Julien Bernard' }));
    const dialog = await findDialog('Rôle de Julien Bernard');
    await user.click(within(dialog).getByLabelText('Administrateur'));
    await user.click(within(dialog).getByRole('button', { name: 'Changer le rôle' }));
    await waitFor(() => expect(requestsTo('/api/users/2/role', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/users/2/role', 'PUT')[0]!.body).toEqual({ role: 'admin' });
    await waitFor(() => expect(rowOf('Bernard').getByText('Administrateur')).toBeTruthy());
  });

  it('resets a password once it is typed twice the same', async () => {
    const { user, requestsTo } = renderPage(<UtilisateursPage />, { url: URL });
    await screen.findByText('Lefebvre');
    await user.click(
      screen.getByRole('button', { name: 'Réinitialiser le mot de passe de Sophie Lefebvre' }),
    );
    const dialog = await findDialog('Réinitialiser le mot de passe de Sophie Lefebvre');
    fill(dialog, 'Nouveau mot de passe', 'NouveauSecret1');
    fill(dialog, 'Confirmation du mot de passe', 'NouveauSecret2');
    await user.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    expect(await within(dialog).findByText('Les deux mots de passe ne correspondent pas')).toBeTruthy();
    expect(requestsTo('/api/users/3/password', 'PUT')).toHaveLength(0);

    fill(dialog, 'Confirmation du mot de passe', 'NouveauSecret1');
    await user.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(requestsTo('/api/users/3/password', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/users/3/password', 'PUT')[0]!.body).toEqual({
      password: 'NouveauSecret1',
    });
    // A reset changes nothing the list shows: the write invalidates no cache, the list is not asked again.
    await waitFor(() => expect(shown('Réinitialiser le mot de passe de Sophie Lefebvre')).toBe(false));
    expect(requestsTo('/api/users')).toHaveLength(1);
  });

  it('searches by name or e-mail on the server, accents aside, and keeps it in the URL', async () => {
    const { user, requestsTo, location } = renderPage(<UtilisateursPage />, { url: URL });
    await screen.findByText('Lefebvre');
    await user.type(screen.getByLabelText('Rechercher un utilisateur'), 'LEA{Enter}');
    await waitFor(() => expect(location()).toBe(`${URL}?search=LEA`));
    await waitFor(() => expect(screen.queryByText('Lefebvre')).toBeNull());
    expect(rowOf('Girard').getByText('lea.girard@ebas3.fr')).toBeTruthy();
    expect(requestsTo('/api/users').at(-1)?.url.searchParams.get('search')).toBe('LEA');
    expect(screen.getByText('Total : 1')).toBeTruthy();
  });

  it('filters on the status: actif, en attente, désactivé (the three shown apart), from the URL too', async () => {
    const { user, requestsTo, location } = renderPage(<UtilisateursPage />, { url: URL });
    await screen.findByText('Lefebvre');
    expect(rowOf('Lefebvre').getByText('En attente')).toBeTruthy();
    expect(rowOf('Moreau').getByText('Désactivé')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByTitle('Désactivé'));
    await waitFor(() => expect(location()).toBe(`${URL}?statut=desactive`));
    await waitFor(() => expect(screen.queryByText('Lefebvre')).toBeNull());
    expect(rowOf('Moreau').getByText('Désactivé')).toBeTruthy();
    expect(requestsTo('/api/users').at(-1)?.url.searchParams.get('statut')).toBe('desactive');
  });

  it('opens with the URL’s filters', async () => {
    const { requestsTo } = renderPage(<UtilisateursPage />, {
      url: `${URL}?statut=en_attente&search=sophie`,
    });
    expect(await screen.findByText('Lefebvre')).toBeTruthy();
    expect(screen.getByText('Total : 1')).toBeTruthy();
    const asked = requestsTo('/api/users')[0]!.url.searchParams;
    expect([asked.get('statut'), asked.get('search')]).toEqual(['en_attente', 'sophie']);
    expect((screen.getByLabelText('Rechercher un utilisateur') as HTMLInputElement).value).toBe('sophie');
  });

  it('shows staff « Accès réservé aux administrateurs » and asks the API for nothing', async () => {
    const { requests } = renderPage(<UtilisateursPage />, { url: URL, role: 'agent' });
    expect(await screen.findByText('Accès réservé aux administrateurs')).toBeTruthy();
    expect(document.querySelector('.ant-result-403')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Créer un utilisateur/ })).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
