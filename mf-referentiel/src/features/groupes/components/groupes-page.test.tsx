import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { GroupesClientsPage, GroupesEtablissementsPage } from './groupes-page';

describe('GroupesEtablissementsPage', () => {
  it('lists the hotel groups with their creation date and creates one (POST { nom } only, list reloaded)', async () => {
    const { user, requestsTo } = renderPage(<GroupesEtablissementsPage />, {
      url: '/dashboard/group-etablissement',
    });
    const row = within((await screen.findByText('Résidences Méditerranée')).closest('tr')!);
    expect(row.getByText('21/03/2024')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Créer un groupe/ }));
    const dialog = await findDialog("Nouveau groupe d'établissements");
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le champ Nom est obligatoire')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: ' Hôtels du Grand Est ' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/groupes-etablissements', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/groupes-etablissements', 'POST')[0]!.body).toEqual({
      nom: 'Hôtels du Grand Est',
    });
    expect(await screen.findByText('Hôtels du Grand Est')).toBeTruthy();
    expect(screen.getByText('Total : 4')).toBeTruthy();
  });
});

describe('GroupesClientsPage', () => {
  it('refuses to archive a group that still has clients, saying why (409)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, requestsTo } = renderPage(<GroupesClientsPage />, { url: '/dashboard/groupe-client' });
    await screen.findByText('Établissements de santé Sud');
    await user.click(screen.getByRole('button', { name: 'Archiver « Établissements de santé Sud »' }));
    await user.click(openButton('Archiver'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce groupe contient encore des clients actifs : archivez-les ou changez-les de groupe.',
    );
    expect(requestsTo('/api/groupes-clients/3/archive', 'PUT')).toHaveLength(1);
    warn.mockRestore();
  });

  it('is read-only for staff', async () => {
    renderPage(<GroupesClientsPage />, { url: '/dashboard/groupe-client', role: 'agent' });
    await screen.findByText('Établissements de santé Sud');
    expect(screen.queryByRole('button', { name: /Créer|Modifier|Archiver/ })).toBeNull();
  });
});
