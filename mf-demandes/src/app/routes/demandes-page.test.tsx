import { screen, waitFor, within } from '@testing-library/react';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { beforeEach, describe, expect, it } from 'vitest';
import { DemandesPage } from './demandes-page';

const URL_LIST = '/dashboard/Demande-Hebergement';
const open = (type: string) =>
  mockDemandes.filter((d) => d.type === type && (d.statut === 'a_traiter' || d.statut === 'en_cours')).length;

beforeEach(() => resetMocks());

describe('DemandesPage', () => {
  it('lists every request with its count', async () => {
    const { requestsTo } = renderPage(<DemandesPage />, { url: URL_LIST });
    expect(await screen.findByText(`${mockDemandes.length} demandes`)).toBeTruthy();
    expect(await requestsTo('/api/demandes_hebergement', 'POST')[0]!.body).toEqual({ page: 1, pageSize: 20 });
  });

  it('reads the top bar action preset from the URL (?action=annulation) and sends it in the body', async () => {
    const { requestsTo } = renderPage(<DemandesPage />, { url: `${URL_LIST}?action=annulation` });
    expect(await screen.findByText(`${open('annulation')} demandes`)).toBeTruthy();
    expect(await requestsTo('/api/demandes_hebergement', 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 20,
      action: 'annulation',
    });
  });

  it('syncs the selected requests and shows a report per request', async () => {
    const { user } = renderPage(<DemandesPage />, { url: `${URL_LIST}?action=traitement` });
    await screen.findByText(`${open('nouvelle')} demandes`);
    const [, first] = screen.getAllByRole('checkbox');
    await user.click(first!);
    await user.click(screen.getByRole('button', { name: /Synchroniser \(1\)/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Synchronisée')).toBeTruthy());
  });
});
