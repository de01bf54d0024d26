import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockFacturation } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { FacturePage } from './facture-page';

const PATH = '/dashboard/Factures/:id';
const card = (id: number) => `/dashboard/Factures/${id}`;

describe('Facture (card)', () => {
  it('shows the header, lines, VAT per rate, annex, payments, credit notes and history of an issued invoice', async () => {
    renderPage(<FacturePage />, { url: card(3), path: PATH });
    expect(await screen.findByText('FA-2026-000003')).toBeTruthy();
    expect(screen.getByText('Partiellement payée')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Lignes' })).toBeTruthy();
    const tva = screen.getByRole('table', { name: 'TVA par taux' });
    expect(within(tva).getByText(/155,00/)).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Annexe des séjours' })).getByText('DUPONT Marie'),
    ).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Paiements' })).getByText('CHQ 4471')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Avoirs liés' })).getByText('AV-2026-000001'),
    ).toBeTruthy();
    // 1 705,00 TTC − 572,00 credited − 500,00 paid.
    expect(screen.getByText(/633,00/)).toBeTruthy();
    // The history, from the audit trail: when, what, who.
    const history = (await screen.findAllByTestId('historique-entry')).map((entry) => entry.textContent);
    expect(history[0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d — Brouillon préparé \(Julien Bernard\)$/);
    expect(history).toContainEqual(expect.stringMatching(/— Émission FA-2026-000003 \(Camille Martin\)$/));
    expect(history).toContainEqual(
      expect.stringMatching(/— Paiement enregistré de 500,00\s€ \(Chèque, CHQ 4471\) \(Julien Bernard\)$/),
    );
    expect(history).toContainEqual(
      expect.stringMatching(/— Avoir émis AV-2026-000001 de 572,00\s€ TTC \(Camille Martin\)$/),
    );
  });

  it('shows an error in place of the history, the rest of the card still there', async () => {
    mockServer.use(
      http.get('*/api/facturation/factures/3/historique', () =>
        HttpResponse.json({ message: 'Service indisponible.' }, { status: 500 }),
      ),
    );
    renderPage(<FacturePage />, { url: card(3), path: PATH });
    expect(await screen.findByText('L’historique n’a pas pu être chargé.')).toBeTruthy();
    expect(screen.getByText('FA-2026-000003')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Paiements' })).toBeTruthy();
    expect(screen.queryAllByTestId('historique-entry')).toEqual([]);
  });

  it('issues a draft after the confirmation; settings missing → the 409 and a link to the settings', async () => {
    const { user } = renderPage(<FacturePage />, { url: card(5), path: PATH });
    // After renderPage, which resets the mocks.
    mockFacturation.parametresManquants = ['SIREN', 'numéro de TVA intracommunautaire'];
    await screen.findByText('Brouillon (numéroté à l’émission)');
    await user.click(openButton('Émettre'));
    const dialog = await findDialog('Émettre la facture');
    expect(within(dialog).getByText(/numéro définitif : elle ne pourra plus être modifiée/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    expect(
      await screen.findByText(/Paramètres de facturation incomplets : renseignez SIREN, numéro de TVA/),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ouvrir les paramètres de facturation' }).getAttribute('href'),
    ).toBe('/dashboard/ParametresFacturation');

    mockFacturation.parametresManquants = [];
    await user.click(openButton('Émettre'));
    const again = await findDialog('Émettre la facture');
    await user.click(within(again).getByRole('button', { name: 'Émettre' }));
    expect(await screen.findByText(/^FA-\d{4}-00000\d$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Voir le PDF/ })).toBeTruthy();
  });

  it('deletes a draft after a confirmation and goes back to the list', async () => {
    const { user, location } = renderPage(<FacturePage />, { url: card(6), path: '/dashboard/Factures/:id' });
    await screen.findByText('Brouillon (numéroté à l’émission)');
    await user.click(openButton('Supprimer'));
    const dialog = await findDialog('Supprimer le brouillon');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(location()).toBe('/dashboard/Factures'));
    expect(mockFacturation.factures.some((f) => f.id === 6)).toBe(false);
  });

  it('records a payment; an overpayment is refused inline with what is left', async () => {
    const { user, requestsTo } = renderPage(<FacturePage />, { url: card(4), path: PATH });
    await screen.findByText('FA-2026-000004');
    await user.click(openButton('Enregistrer un paiement'));
    const dialog = await findDialog('Enregistrer un paiement — FA-2026-000004');
    const amount = within(dialog).getByRole('textbox', { name: 'Montant (€)' });
    await user.clear(amount);
    await user.type(amount, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(
      await within(dialog).findByText(/Paiement refusé : il ne reste que 1002,40 € à payer/),
    ).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '400,50');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.getByText('Partiellement payée')).toBeTruthy());
    expect(await requestsTo('/api/facturation/factures/4/paiements', 'POST').at(-1)!.body).toMatchObject({
      montant: '400.50',
      moyen: 'virement',
    });
    expect(screen.getByText(/601,90/)).toBeTruthy();

    // Opened again, the dialog offers what is now left, not the amount typed the first time.
    await user.click(openButton('Enregistrer un paiement'));
    const again = await findDialog('Enregistrer un paiement — FA-2026-000004');
    expect(within(again).getByRole('textbox', { name: 'Montant (€)' })).toHaveProperty('value', '601,90');
  });

  it('credits chosen lines with a reason, after a confirmation, then opens the credit note', async () => {
    const { user, requestsTo, location } = renderPage(<FacturePage />, { url: card(4), path: PATH });
    await screen.findByText('FA-2026-000004');
    await user.click(openButton('Établir un avoir'));
    const dialog = await findDialog('Établir un avoir sur FA-2026-000004');
    await user.click(within(dialog).getByRole('radio', { name: 'Des lignes' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Créditer la ligne 1' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Nuitées contestées');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(
      within(dialog).getByText(/Un avoir sera émis pour 1 ligne\(s\) de la facture FA-2026-000004/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Émettre l’avoir' }));
    await waitFor(() => expect(location()).toMatch(/^\/dashboard\/Factures\/1\d\d$/));
    expect(await requestsTo('/api/facturation/factures/4/avoirs', 'POST')[0]!.body).toEqual({
      motif: 'Nuitées contestées',
      lignes: [1],
    });
  });

  it('a credit note dialog abandoned with « Annuler » opens afresh: no line or reason left chosen', async () => {
    const { user } = renderPage(<FacturePage />, { url: card(4), path: PATH });
    await screen.findByText('FA-2026-000004');
    await user.click(openButton('Établir un avoir'));
    let dialog = await findDialog('Établir un avoir sur FA-2026-000004');
    await user.click(within(dialog).getByRole('radio', { name: 'Des lignes' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Créditer la ligne 1' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Essai abandonné');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.click(openButton('Établir un avoir'));
    dialog = await findDialog('Établir un avoir sur FA-2026-000004');
    expect(within(dialog).getByRole('radio', { name: 'Des lignes' })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('textbox', { name: 'Motif' })).toHaveProperty('value', '');
  });

  it('the draft dialog abandoned with « Annuler » opens on the draft as it is, not on the abandoned edit', async () => {
    const { user } = renderPage(<FacturePage />, { url: card(5), path: PATH });
    await screen.findByText('Brouillon (numéroté à l’émission)');
    await user.click(openButton('Modifier'));
    let dialog = await findDialog('Modifier le brouillon');
    const notes = () => within(dialog).getByRole('textbox', { name: 'Notes' });
    const before = (notes() as HTMLTextAreaElement).value;
    await user.type(notes(), ' — essai abandonné');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.click(openButton('Modifier'));
    dialog = await findDialog('Modifier le brouillon');
    expect(notes()).toHaveProperty('value', before);
  });

  it('sends by e-mail after a confirmation naming the address; without one the 409 stays in the dialog', async () => {
    const { user } = renderPage(<FacturePage />, { url: card(4), path: PATH });
    await screen.findByText('FA-2026-000004');
    await user.click(openButton('Envoyer par e-mail'));
    const dialog = await findDialog('Envoyer la facture');
    expect(await within(dialog).findByText('aucune adresse e-mail connue')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await within(dialog).findByText(/Aucune adresse e-mail de facturation pour CCAS de Villeurbanne/),
    ).toBeTruthy();
  });

  it('cancels a payment (administrators) with a required reason', async () => {
    const { user, requestsTo } = renderPage(<FacturePage />, { url: card(3), path: PATH });
    await screen.findByText('FA-2026-000003');
    const payments = screen.getByRole('table', { name: 'Paiements' });
    await user.click(within(payments).getByRole('button', { name: 'Annuler' }));
    const dialog = await findDialog('Annuler le paiement');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Chèque rejeté');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler le paiement' }));
    expect(await within(payments).findByText('Annulé')).toBeTruthy();
    expect(await requestsTo('/api/facturation/paiements/2/annulation', 'POST')[0]!.body).toEqual({
      motif: 'Chèque rejeté',
    });
  });

  it('an agent sees no issue, credit note or payment cancellation button', async () => {
    renderPage(<FacturePage />, { url: card(3), path: PATH, role: 'agent' });
    await screen.findByText('FA-2026-000003');
    expect(screen.getByRole('button', { name: 'Enregistrer un paiement' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Établir un avoir' })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Paiements' })).queryByRole('button')).toBeNull();
  });

  it('an agent may edit, recompute and delete a draft, not issue it', async () => {
    renderPage(<FacturePage />, { url: card(5), path: PATH, role: 'agent' });
    await screen.findByText('Brouillon (numéroté à l’émission)');
    expect(screen.getByRole('button', { name: 'Recalculer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Émettre' })).toBeNull();
  });

  it('a credit note links back to its invoice and offers no payment', async () => {
    renderPage(<FacturePage />, { url: card(7), path: PATH });
    expect(await screen.findByText('AV-2026-000001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'FA-2026-000003' })).toBeTruthy();
    expect(screen.getByText('Nuitées facturées deux fois (séjour déplacé).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer un paiement' })).toBeNull();
  });

  it('says plainly when the invoice does not exist', async () => {
    renderPage(<FacturePage />, { url: card(999), path: PATH });
    expect(await screen.findByText('Facture introuvable')).toBeTruthy();
  });
});
