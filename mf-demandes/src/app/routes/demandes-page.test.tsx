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

  it('reads client, period and resident filters from the URL and sends them in the body', async () => {
    const client = mockDemandes[0]!.client_id;
    const { requestsTo } = renderPage(<DemandesPage />, {
      url: `${URL_LIST}?client_id=${client}&start_date=2026-01-01&end_date=2030-01-01&recherche=Leroy&foyer_id=x`,
    });
    const expected = mockDemandes.filter((d) => d.client_id === client).length;
    expect(await screen.findByText(`${expected} demandes`)).toBeTruthy();
    expect(await requestsTo('/api/demandes_hebergement', 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 20,
      client_id: client,
      start_date: '2026-01-01',
      end_date: '2030-01-01',
      recherche: 'Leroy',
    });
    expect(
      (screen.getByRole('searchbox', { name: 'Pensionnaire ou référent' }) as HTMLInputElement).value,
    ).toBe('Leroy');
  });

  it('searches a resident or referent from the filter bar (in the URL, back to the body)', async () => {
    const resident = mockDemandes[0]!.pensionnaires[0]!;
    const { user, requestsTo } = renderPage(<DemandesPage />, { url: URL_LIST });
    await screen.findByText(`${mockDemandes.length} demandes`);
    await user.type(
      screen.getByRole('searchbox', { name: 'Pensionnaire ou référent' }),
      `${resident.nom}{Enter}`,
    );
    await waitFor(async () =>
      expect(await requestsTo('/api/demandes_hebergement', 'POST').at(-1)!.body).toMatchObject({
        recherche: resident.nom,
      }),
    );
    const expected = mockDemandes.filter((d) =>
      d.pensionnaires.some((p) => `${p.prenom} ${p.nom} ${p.numero_dossier}`.includes(resident.nom)),
    ).length;
    expect(await screen.findByText(`${expected} demande${expected > 1 ? 's' : ''}`)).toBeTruthy();
  });

  it('opens the outbox (?boite=envoi) and sends a failed e-mail again with « Renvoyer »', async () => {
    const { user, requests } = renderPage(<DemandesPage />, { url: `${URL_LIST}?boite=envoi` });
    const title = await screen.findByText("Boîte d'envoi des courriels");
    const drawer = title.closest<HTMLElement>('.ant-drawer-section')!;
    const failed = (await within(drawer).findAllByText('Échec')).length;
    expect(failed).toBeGreaterThan(0);
    expect(within(drawer).getAllByText(/serveur SMTP injoignable/).length).toBe(failed);
    const [resend] = within(drawer).getAllByRole('button', { name: /Renvoyer/ });
    await user.click(resend!);
    await waitFor(() =>
      expect(
        requests.filter(
          (r) => r.method === 'POST' && /^\/api\/courriels\/\d+\/renvoyer$/.test(r.url.pathname),
        ),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(within(drawer).getAllByText('Échec')).toHaveLength(failed - 1));
    expect(within(drawer).getAllByText('Non transmis').length).toBeGreaterThan(0);
  });

  it('syncs the selected requests and shows a report per request', async () => {
    const { user } = renderPage(<DemandesPage />, { url: `${URL_LIST}?action=traitement` });
    await screen.findByText(`${open('nouvelle')} demandes`);
    const [, first] = screen.getAllByRole('checkbox');
    await user.click(first!);
    await user.click(screen.getByRole('button', { name: /Synchroniser \(1\)/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByText('Déjà à jour', { selector: '.ant-tag' })).toBeTruthy(),
    );
  });

  it('names a request gone meanwhile instead of counting it as synchronised, in the toast and the report', async () => {
    const { user } = renderPage(<DemandesPage />, { url: `${URL_LIST}?action=traitement` });
    await screen.findByText(`${open('nouvelle')} demandes`);
    const rows = screen.getAllByRole('checkbox').slice(1, 5);
    for (const row of rows) await user.click(row);
    const ids = rows.map((row) => Number(row.closest('tr')!.getAttribute('data-row-key')));
    // Deleted by someone else after the list was read.
    mockDemandes.splice(
      mockDemandes.findIndex((d) => d.id === ids[2]),
      1,
    );
    await user.click(screen.getByRole('button', { name: /Synchroniser \(4\)/ }));
    const message = `3 demandes synchronisées sur 4 : 0 mise à jour, 0 à vérifier. Demande introuvable : n° ${ids[2]}.`;
    // The client's success toast and the report's summary.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    const dialog = screen.getByRole('dialog');
    const unknown = within(dialog).getByText(`Demande n° ${ids[2]} introuvable.`).closest('tr')!;
    expect(within(unknown).getByText('Introuvable')).toBeTruthy();
    expect(within(dialog).getAllByText('Déjà à jour', { selector: '.ant-tag' })).toHaveLength(3);
  });
});
