import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RELEVES_MESSAGES } from 'shared/contract';
import { relevesStore } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { PERIODE_MESSAGE, TTC_MESSAGE } from '../model/facture-form';
import { FacturesEtablissementsPage } from './factures-etablissements-page';

type User = ReturnType<typeof renderPage>['user'];
const PATH = '/dashboard/FacturesEtablissements';

const fill = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const typeDate = async (user: User, scope: HTMLElement, label: string, value: string) => {
  await user.click(within(scope).getByLabelText(label));
  await user.type(within(scope).getByLabelText(label), value);
  await user.tab();
};

async function fillInvoice(user: User, dialog: HTMLElement, numero: string, ttc: string) {
  await user.click(within(dialog).getByLabelText('Établissement'));
  await user.click(await screen.findByTitle('Hôtel du Parc'));
  fill(dialog, 'Numéro de facture', numero);
  await typeDate(user, dialog, 'Date de facture', '02/12/2026');
  await typeDate(user, dialog, 'Début de période', '01/11/2026');
  await typeDate(user, dialog, 'Fin de période', '30/11/2026');
  fill(dialog, 'Total HT', '2 147,00');
  fill(dialog, 'TVA', '214,70');
  fill(dialog, 'Total TTC', ttc);
}

describe('FacturesEtablissementsPage', () => {
  it('shows each period as the hotel’s invoice reads: a whole month by its name, any other with its last day', async () => {
    // The seed bills whole months: Résidence Les Tilleuls's invoice is made to bill the first half of November,
    // in the store as renderPage reset it (a resolver that answers nothing hands the request on to the mock's).
    mockServer.use(
      http.get('*/api/factures-etablissements', () => {
        relevesStore.factures.find((facture) => facture.id === 2)!.periodeFin = '2026-11-16';
      }),
    );
    renderPage(<FacturesEtablissementsPage />, { url: PATH });
    const row = (numero: string) => within(screen.getByText(numero).closest('tr')!);
    expect(await screen.findByText('HP-2026-1187')).toBeTruthy();
    expect(row('HP-2026-1187').getByText('novembre 2026')).toBeTruthy();
    expect(row('RLT-0458').getByText('du 01/11/2026 au 15/11/2026')).toBeTruthy();
    expect(screen.queryByText(/01\/12\/2026|16\/11\/2026/)).toBeNull();
  });

  it('filters by state, hotel and number in the URL, as the dashboard’s counter links it', async () => {
    const { user, requestsTo, location } = renderPage(<FacturesEtablissementsPage />, {
      url: `${PATH}?etat=ecart`,
      path: PATH,
    });
    expect(await screen.findByText('HP-2026-1187')).toBeTruthy();
    expect(screen.queryByText('RLT-0458')).toBeNull();
    expect(requestsTo('/api/factures-etablissements').at(-1)?.url.searchParams.get('etat')).toBe('ecart');
    expect(screen.getByText('1 / 1')).toBeTruthy();

    await user.click(openButton('Réinitialiser les filtres'));
    expect(await screen.findByText('RLT-0458')).toBeTruthy();
    await user.click(screen.getByLabelText('Établissement'));
    await user.click(await screen.findByTitle('Résidence Les Tilleuls'));
    await waitFor(() => expect(location()).toBe(`${PATH}?etablissementId=2`));
    await waitFor(() => expect(screen.queryByText('HP-2026-1187')).toBeNull());

    await user.type(screen.getByLabelText('Numéro de facture'), '458{Enter}');
    await waitFor(() => expect(location()).toBe(`${PATH}?etablissementId=2&numero=458`));
    const last = requestsTo('/api/factures-etablissements').at(-1)!.url.searchParams;
    expect([last.get('etablissementId'), last.get('numero')]).toEqual(['2', '458']);
    expect(screen.getByText('RLT-0458')).toBeTruthy();
  });

  it(
    'checks the entry form in French: required fields, amounts, TTC = HT + TVA, the period’s order',
    { timeout: 90_000 },
    async () => {
      const { user, requestsTo } = renderPage(<FacturesEtablissementsPage />, { url: PATH });
      await screen.findByText('HP-2026-1187');
      await user.click(screen.getByRole('button', { name: /Saisir une facture/ }));
      const dialog = await findDialog('Saisir une facture d’établissement');
      // Every field is required, and each label says so (antd's mark).
      expect(
        [...dialog.querySelectorAll('label.ant-form-item-required')].map((label) => label.textContent),
      ).toEqual([
        'Établissement',
        'Numéro de facture',
        'Date de facture',
        'Début de période',
        'Fin de période',
        'Total HT',
        'TVA',
        'Total TTC',
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
      for (const label of ['Établissement', 'Numéro de facture', 'Date de facture', 'Total HT', 'Total TTC'])
        expect(await within(dialog).findByText(`Le champ ${label} est obligatoire`)).toBeTruthy();

      fill(dialog, 'Total HT', '2 147,00');
      fill(dialog, 'TVA', '214,7x');
      fill(dialog, 'Total TTC', '2 361,71');
      expect(await within(dialog).findByText(/Montant invalide/)).toBeTruthy();
      fill(dialog, 'TVA', '214,70');
      expect(await within(dialog).findByText(TTC_MESSAGE)).toBeTruthy();
      fill(dialog, 'Total TTC', '2361,70');
      await waitFor(() => expect(within(dialog).queryByText(TTC_MESSAGE)).toBeNull());

      // The last day may not come before the first; one day (first = last) is a period.
      await typeDate(user, dialog, 'Début de période', '05/11/2026');
      await typeDate(user, dialog, 'Fin de période', '04/11/2026');
      expect(await within(dialog).findByText(PERIODE_MESSAGE)).toBeTruthy();
      await user.clear(within(dialog).getByLabelText('Fin de période'));
      await typeDate(user, dialog, 'Fin de période', '05/11/2026');
      expect((within(dialog).getByLabelText('Fin de période') as HTMLInputElement).value).toBe('05/11/2026');
      await waitFor(() => expect(within(dialog).queryByText(PERIODE_MESSAGE)).toBeNull());
      expect(requestsTo('/api/factures-etablissements', 'POST')).toHaveLength(0);
    },
  );

  // Typing three dates in antd's pickers is slow under happy-dom on a loaded machine: a ceiling, not a measure.
  it(
    'sends the amounts as strings, the day after the last as the period’s end, and opens the new invoice',
    { timeout: 90_000 },
    async () => {
      const { user, requestsTo, location } = renderPage(<FacturesEtablissementsPage />, { url: PATH });
      await screen.findByText('HP-2026-1187');
      await user.click(screen.getByRole('button', { name: /Saisir une facture/ }));
      const dialog = await findDialog('Saisir une facture d’établissement');
      await fillInvoice(user, dialog, 'HP-2026-1201', '2361,70');
      await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
      await waitFor(() => expect(requestsTo('/api/factures-etablissements', 'POST')).toHaveLength(1));
      expect(await requestsTo('/api/factures-etablissements', 'POST')[0]!.body).toEqual({
        etablissementId: 1,
        numero: 'HP-2026-1201',
        dateFacture: '2026-12-02',
        periodeDebut: '2026-11-01',
        periodeFin: '2026-12-01',
        totalHt: '2147.00',
        totalTva: '214.70',
        totalTtc: '2361.70',
      });
      await waitFor(() => expect(location()).toMatch(/^\/dashboard\/FacturesEtablissements\/\d+$/));
    },
  );

  it(
    'shows the API’s 409 when the hotel’s invoice number is already entered',
    { timeout: 90_000 },
    async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user, requestsTo } = renderPage(<FacturesEtablissementsPage />, { url: PATH });
      await screen.findByText('HP-2026-1187');
      await user.click(screen.getByRole('button', { name: /Saisir une facture/ }));
      const dialog = await findDialog('Saisir une facture d’établissement');
      await fillInvoice(user, dialog, 'HP-2026-1187', '2361,70');
      await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
      expect(await within(dialog).findByText(RELEVES_MESSAGES.doublon('HP-2026-1187'))).toBeTruthy();
      expect(requestsTo('/api/factures-etablissements', 'POST')).toHaveLength(1);
      warn.mockRestore();
    },
  );
});
