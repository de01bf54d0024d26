import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { etablissementKeys } from 'shared';
import { REFERENTIEL_PATHS } from 'shared/contract';
import { renderWithProviders } from 'shared/testing';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { ContratsEtablissementPage } from '../features/contrats/components/contrat-pages';
import { EtablissementsPage } from '../features/etablissements/components/etablissements-page';

const CONTRACTS_URL = '/dashboard/contract-etablissement';
const HOTELS_URL = '/dashboard/etablissement';

/** The hotels offered by the purchase contract form, once its « Établissement » Select is open. */
async function openHotelChoices(user: ReturnType<typeof renderPage>['user']) {
  await user.click(screen.getByRole('button', { name: /Créer un contrat/ }));
  const dialog = await findDialog('Nouveau contrat établissement');
  await user.click(within(dialog).getByLabelText('Établissement'));
  await screen.findByTitle('Hôtel Lafayette');
}

// The screens of two features over one cache, as the host renders them one after the other.
describe('server state across the screens of mf-referentiel', () => {
  it('creating a hotel refreshes the hotel list and the hotels lookup every hotel Select reads; the rest stays cached', async () => {
    const { user, requestsTo, queryClient } = renderPage(<ContratsEtablissementPage />, {
      url: CONTRACTS_URL,
    });
    await screen.findByText('CE-2025-PARC');
    await openHotelChoices(user);
    expect(screen.queryByTitle('Hôtel Bon Accueil')).toBeNull();
    const lookupCalls = () =>
      requestsTo('/api/etablissements').filter(
        (request) => request.url.searchParams.get('pageSize') === '200',
      );
    expect(lookupCalls()).toHaveLength(1);
    cleanup();

    renderWithProviders(<EtablissementsPage />, { url: HOTELS_URL, path: HOTELS_URL, queryClient });
    await screen.findByText('Hôtel du Parc');
    await user.click(screen.getByRole('button', { name: /Créer un établissement/ }));
    const dialog = await findDialog('Nouvel établissement');
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Nom', 'Hôtel Bon Accueil');
    fill('Adresse', '3 rue Vaubecour');
    fill('Code postal', '69002');
    fill('Ville', 'Lyon');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/etablissements', 'POST')).toHaveLength(1));
    expect(await screen.findByText('Hôtel Bon Accueil')).toBeTruthy();
    expect(screen.getByText('Total : 9')).toBeTruthy();
    const lookup = etablissementKeys.lookup(REFERENTIEL_PATHS.etablissements);
    expect(queryClient.getQueryState(lookup)?.isInvalidated).toBe(true);
    cleanup();

    const contractLists = requestsTo('/api/contrats-etablissement').length;
    renderWithProviders(<ContratsEtablissementPage />, {
      url: CONTRACTS_URL,
      path: CONTRACTS_URL,
      queryClient,
    });
    // The contracts did not change: their list comes from the cache, at once and without a request.
    expect(screen.getByText('CE-2025-PARC')).toBeTruthy();
    await openHotelChoices(user);
    expect(await screen.findByTitle('Hôtel Bon Accueil')).toBeTruthy();
    expect(lookupCalls()).toHaveLength(2);
    expect(requestsTo('/api/contrats-etablissement')).toHaveLength(contractLists);
  });
});
