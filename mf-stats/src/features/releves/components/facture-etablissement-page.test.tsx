import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { RELEVES_MESSAGES } from 'shared/contract';
import { relevesStore } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { FactureEtablissementPage } from './facture-etablissement-page';

const PATH = '/dashboard/FacturesEtablissements/:id';
const card = (id: number, role: 'admin' | 'agent' = 'admin') =>
  renderPage(<FactureEtablissementPage />, {
    url: `/dashboard/FacturesEtablissements/${id}`,
    path: PATH,
    role,
  });
const section = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
const csv = (text: string, name = 'detail.csv') => new File([text], name, { type: 'text/csv' });

describe('FactureEtablissementPage', () => {
  it('compares the totals with the statement and groups the differences by kind, with their totals', async () => {
    card(1);
    expect(await screen.findByText('Facturée, non réservée (1)')).toBeTruthy();
    expect(screen.getByText('Période').closest('tr')!.textContent).toContain('novembre 2026');
    const totaux = within(section('Totaux comparés'));
    expect(totaux.getAllByText('Réservé (relevé de novembre 2026)').length).toBeGreaterThan(0);
    // Billed 2,147.00 against 2,085.00 booked: one night of 62.00 too many.
    expect(totaux.getByText(/2\s147,00\s€/)).toBeTruthy();
    expect(await totaux.findByText(/2\s085,00\s€/)).toBeTruthy();
    expect(totaux.getAllByText(/^62,00\s€$/).length).toBeGreaterThan(0);
    const ecarts = within(section('Écarts par type'));
    expect(ecarts.getByText('DUPONT Marie')).toBeTruthy();
    expect(ecarts.getByText('16/11/2026')).toBeTruthy();
    expect(ecarts.getByText(/Facturé 62,00\s€ · réservé 0,00\s€ · écart 62,00\s€/)).toBeTruthy();
  });

  it('shows a period that is not a whole month from its first to its last day', async () => {
    // The seed bills whole months: invoice 3 is made to bill 16–30 November, in the store as renderPage reset it
    // (a resolver that answers nothing hands the request on to the mock's).
    mockServer.use(
      http.get('*/api/factures-etablissements/3', () => {
        relevesStore.factures.find((facture) => facture.id === 3)!.periodeDebut = '2026-11-16';
      }),
    );
    card(3);
    expect(await screen.findByText('du 16/11/2026 au 30/11/2026')).toBeTruthy();
    expect(screen.getByText(/La période facturée n’est pas un mois entier/)).toBeTruthy();
    expect(screen.queryByText(/01\/12\/2026|exclu/)).toBeNull();
  });

  it('lets an administrator accept a difference with a reason, then shows who and the reconciled state', async () => {
    const { user, requestsTo } = card(1);
    await screen.findByText('Facturée, non réservée (1)');
    await user.click(screen.getByRole('button', { name: 'Accepter l’écart 11' }));
    const dialog = await findDialog('Accepter l’écart');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    expect(await within(dialog).findByText(RELEVES_MESSAGES.motif)).toBeTruthy();
    expect(requestsTo('/api/factures-etablissements/1/ecarts/acceptation', 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motif'), 'Nuit du 16 prolongée à la demande du CCAS');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    await waitFor(() =>
      expect(requestsTo('/api/factures-etablissements/1/ecarts/acceptation', 'POST')).toHaveLength(1),
    );
    expect(await requestsTo('/api/factures-etablissements/1/ecarts/acceptation', 'POST')[0]!.body).toEqual({
      version: 1,
      ecartIds: [11],
      motif: 'Nuit du 16 prolongée à la demande du CCAS',
    });
    expect(await screen.findByText(/par Camille Martin le/)).toBeTruthy();
    expect(screen.getByText('Motif : Nuit du 16 prolongée à la demande du CCAS')).toBeTruthy();
    expect(screen.getAllByText('Rapprochée').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Accepter l’écart 11' })).toBeNull();
  });

  it('shows an agent the differences without the accept buttons', async () => {
    card(1, 'agent');
    await screen.findByText('Facturée, non réservée (1)');
    expect(screen.getByText(/Seul un administrateur accepte un écart/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accepter/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Lancer|Relancer/ })).toBeTruthy();
  });

  it('runs the reconciliation of an invoice that bills what was booked: rapprochée, no difference', async () => {
    const { user, requestsTo } = card(3);
    await screen.findByText('Le rapprochement n’a pas encore été lancé.');
    await user.click(openButton('Lancer le rapprochement'));
    expect(await screen.findByText(RELEVES_MESSAGES.rapprochee)).toBeTruthy();
    expect(await requestsTo('/api/factures-etablissements/3/rapprochement', 'POST')[0]!.body).toEqual({
      version: 1,
    });
    expect(screen.getByText('Aucun écart : la facture correspond aux nuitées réservées.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /rapprochement/ })).toBeNull();
  });

  it('tells the size limit, refuses a file over it before sending, shows the API’s refusal, then loads a detail', async () => {
    const { user, requestsTo } = card(3);
    await screen.findByText('Le rapprochement n’a pas encore été lancé.');
    const detail = section('Détail de la facture');

    expect(within(detail).getByText(/2 Mo au plus/)).toBeTruthy();
    const input = () => within(detail).getByLabelText('Fichier de détail');

    await user.upload(input(), csv('x'.repeat(2 * 1024 * 1024 + 1)));
    expect(await within(detail).findByText(RELEVES_MESSAGES.fichierTropGros)).toBeTruthy();
    expect(requestsTo('/api/factures-etablissements/3/detail', 'PUT')).toHaveLength(0);

    await user.upload(input(), csv('Pensionnaire;Date nuit;Taux TVA\nMARTIN Lucas;10/11/2026;10\n'));
    expect(await within(detail).findByText(RELEVES_MESSAGES.colonneManquante('prixUnitaireHt'))).toBeTruthy();
    expect(requestsTo('/api/factures-etablissements/3/detail', 'PUT')).toHaveLength(1);

    await user.upload(
      input(),
      csv(
        'Pensionnaire;Date nuit;Prix unitaire HT;Taux TVA\nMARTIN Lucas;10/11/2026;55,00;10\nMARTIN Lucas;11/11/2026;55,00;10\n',
      ),
    );
    expect(await screen.findByText(RELEVES_MESSAGES.detailCharge(2))).toBeTruthy();
    const body = (await requestsTo('/api/factures-etablissements/3/detail', 'PUT')[1]!.body) as Record<
      string,
      unknown
    >;
    expect(body.version).toBe(1);
    expect(body.nomFichier).toBe('detail.csv');
    expect(atob(body.contenu as string)).toContain('Prix unitaire HT');
    expect(within(detail).getByRole('button', { name: /Remplacer le détail/ })).toBeTruthy();
  });

  it('downloads the difference report', async () => {
    const createObjectURL = vi.fn(() => 'blob:rapport');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    // happy-dom would follow the saved file's link: the page under test must stay.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());
    const { user, requestsTo } = card(1);
    await screen.findByText('Facturée, non réservée (1)');
    await user.click(screen.getByRole('button', { name: /Rapport PDF/ }));
    await waitFor(() => expect(requestsTo('/api/factures-etablissements/1/ecarts/pdf')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /Rapport Excel/ }));
    await waitFor(() => expect(requestsTo('/api/factures-etablissements/1/ecarts/xlsx')).toHaveLength(1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
  });
});
