import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openButton, renderPage } from '../../../testing/render-page';
import { UtilisateursPage } from './utilisateurs-page';

const URL = '/dashboard/utilisateurs';

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

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

  it('shows staff « Accès réservé aux administrateurs » and asks the API for nothing', async () => {
    const { requests } = renderPage(<UtilisateursPage />, { url: URL, role: 'agent' });
    expect(await screen.findByText('Accès réservé aux administrateurs')).toBeTruthy();
    expect(document.querySelector('.ant-result-403')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
