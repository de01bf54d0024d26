import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { EtablissementDetailsPage } from './etablissement-details-page';

/** Types into the field labelled `label` of `dialog` (a change event: antd reads the value, not the keys). */
const fillIn = (dialog: HTMLElement) => (label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

const DETAILS_PATH = '/dashboard/etablissement-details/:id';

describe('EtablissementDetailsPage', () => {
  it('shows the hotel card, asks for its contracts; an administrator edits it', async () => {
    const { user, requestsTo } = renderPage(<EtablissementDetailsPage />, {
      url: '/dashboard/etablissement-details/7',
      path: DETAILS_PATH,
    });
    expect(await screen.findByText('Hôtel Lafayette')).toBeTruthy();
    expect(screen.getByText('51 rue Faidherbe')).toBeTruthy();
    expect(screen.getByText('59800')).toBeTruthy();
    expect(screen.getByText('bonjour@hotel-lafayette-lille.fr')).toBeTruthy();
    expect(screen.getByText(/Accès de plain-pied/)).toBeTruthy();
    await waitFor(() =>
      expect(requestsTo('/api/contrats-etablissement')[0]?.url.searchParams.get('etablissementId')).toBe('7'),
    );

    await user.click(screen.getByRole('button', { name: /Modifier/ }));
    const dialog = await findDialog('Modifier « Hôtel Lafayette »');
    expect((within(dialog).getByLabelText('Ville') as HTMLInputElement).value).toBe('Lille');
    const fill = fillIn(dialog);
    fill('Nombre de chambres', '33');
    fill('E-mail', '');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/etablissements/7', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/etablissements/7', 'PUT')[0]!.body).toMatchObject({
      nombreChambres: 33,
      email: null,
      ville: 'Lille',
    });
    expect(await screen.findByText('33')).toBeTruthy();
  });

  it('shows an archived hotel with its badge and archived group, without edit for staff', async () => {
    renderPage(<EtablissementDetailsPage />, {
      url: '/dashboard/etablissement-details/9',
      path: DETAILS_PATH,
      role: 'agent',
    });
    expect(await screen.findByText('Hôtel des Voyageurs')).toBeTruthy();
    expect(screen.getByText('Archivé le 15/06/2025')).toBeTruthy();
    expect(await screen.findByText('Réseau Hôtelier Normand')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
  });

  it('says « Établissement introuvable » for an unknown id', async () => {
    renderPage(<EtablissementDetailsPage />, {
      url: '/dashboard/etablissement-details/999',
      path: DETAILS_PATH,
    });
    expect(await screen.findByText('Établissement introuvable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href')).toBe(
      '/dashboard/etablissement',
    );
  });

  it('lists the hotel’s own contracts (etablissementId sent) and opens one', async () => {
    const { user, requestsTo, location } = renderPage(<EtablissementDetailsPage />, {
      url: '/dashboard/etablissement-details/1',
      path: DETAILS_PATH,
    });
    const contracts = within(
      (await screen.findByText('Contrats', { selector: '.ant-card-head-title' })).closest(
        '.ant-card',
      ) as HTMLElement,
    );
    expect(await contracts.findByText('CE-2025-PARC')).toBeTruthy();
    expect(contracts.getByText('01/01/2025 – 01/01/2026')).toBeTruthy();
    expect(contracts.getByText('Actif')).toBeTruthy();
    expect(contracts.queryByText('CE-2026-TILLEULS')).toBeNull();
    expect(requestsTo('/api/contrats-etablissement')[0]?.url.searchParams.get('etablissementId')).toBe('1');
    await user.click(contracts.getByText('CE-2025-PARC'));
    expect(location()).toBe('/dashboard/contract-etablissement-details/1');
  });
});
