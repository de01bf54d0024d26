import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FACTURATION_MESSAGES } from 'shared/contract';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { ParametresFacturationPage } from './parametres-facturation-page';

const URL = '/dashboard/ParametresFacturation';
const fill = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('ParametresFacturationPage', () => {
  it('lists the missing mandatory fields first, shows the API’s 400, then saves and clears them', async () => {
    const { user, requestsTo } = renderPage(<ParametresFacturationPage />, { url: URL });
    expect(
      await screen.findByText('Paramètres incomplets : aucune facture ne peut être émise.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'À renseigner : adresse, code postal, ville, SIRET, numéro de TVA intracommunautaire, taux des pénalités de retard.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('Raison sociale') as HTMLInputElement).value).toBe(
      'EBAS Centrale de réservation',
    );

    fill('Adresse', '12 rue de la Paix');
    fill('Code postal', '75002');
    fill('Ville', 'Paris');
    fill('SIRET', '123 456 789 00012');
    fill('Numéro de TVA intracommunautaire', 'FR 12 552100554');
    fill('Taux annuel des pénalités de retard (%)', '10,15');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect((await screen.findAllByText(FACTURATION_MESSAGES.siretNotSiren)).length).toBeGreaterThan(0);
    expect(requestsTo('/api/facturation/parametres', 'PUT')).toHaveLength(1);

    fill('SIRET', '552 100 554 00012');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText(FACTURATION_MESSAGES.settingsSaved)).toBeTruthy();
    expect(await screen.findByText('Les mentions obligatoires sont renseignées.')).toBeTruthy();
    expect(await requestsTo('/api/facturation/parametres', 'PUT')[1]!.body).toMatchObject({
      adresseLigne1: '12 rue de la Paix',
      adresseLigne2: null,
      codePostal: '75002',
      siren: '552100554',
      siret: '55210055400012',
      numeroTva: 'FR12552100554',
      tauxPenalites: '10.15',
      indemniteRecouvrement: '40.00',
      delaiPaiementJours: 30,
      pays: 'FR',
    });
  });

  it('shows an agent the settings read-only, with a notice and no save button', async () => {
    const { user, requestsTo } = renderPage(<ParametresFacturationPage />, { url: URL, role: 'agent' });
    expect(await screen.findByText(/Lecture seule : seuls les administrateurs/)).toBeTruthy();
    await screen.findByText('Paramètres incomplets : aucune facture ne peut être émise.');
    expect((screen.getByLabelText('Raison sociale') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer les paramètres' })).toBeNull();

    await user.click(
      await screen.findByRole('button', { name: 'Voir la facturation de CCAS de Villeurbanne' }),
    );
    expect(await screen.findByText('Facturation de CCAS de Villeurbanne')).toBeTruthy();
    expect(screen.getByText('Celle du client')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Modifier la facturation/ })).toBeNull();
    expect(requestsTo('/api/facturation/clients/3')).toHaveLength(1);
  });

  it('edits a client’s billing details: the three address fields together or none', async () => {
    const { user, requestsTo } = renderPage(<ParametresFacturationPage />, { url: URL });
    await user.click(
      await screen.findByRole('button', { name: 'Modifier la facturation de CCAS de Villeurbanne' }),
    );
    const dialog = await findDialog('Facturation de CCAS de Villeurbanne');
    fill('E-mail de facturation', 'factures@ccas-villeurbanne.fr', dialog);
    fill('Adresse de facturation', '3 rue Jean-Jaurès', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      (await within(dialog).findAllByText(FACTURATION_MESSAGES.billingAddressIncomplete)).length,
    ).toBeGreaterThan(0);
    expect(requestsTo('/api/facturation/clients/3', 'PUT')).toHaveLength(0);

    fill('Code postal', '69100', dialog);
    fill('Ville', 'Villeurbanne', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/facturation/clients/3', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/facturation/clients/3', 'PUT')[0]!.body).toEqual({
      emailFacturation: 'factures@ccas-villeurbanne.fr',
      numeroTva: null,
      adresseLigne1: '3 rue Jean-Jaurès',
      adresseLigne2: null,
      codePostal: '69100',
      ville: 'Villeurbanne',
    });
  });
});
