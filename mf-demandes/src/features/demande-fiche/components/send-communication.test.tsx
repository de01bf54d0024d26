import { screen, waitFor, within } from '@testing-library/react';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { DemandeFiche } from './demande-fiche';

/**
 * Issue 35 on the request card: « Envoyer » a document opens the send dialog. A voucher for a hotel without an
 * e-mail address is sent to the address the agent types (no dead end), and a message the API only kept in the
 * local outbox is told as such — never as a green « envoyé ».
 */

/** A treated request whose voucher has no recipient: its hotel has no e-mail address. */
function requestWithVoucherWithoutAddress() {
  resetMocks();
  const d = mockDemandes.find((demande) =>
    demande.communications.some((c) => c.type_document === 'bon_hebergement' && c.destinataires.length === 0),
  )!;
  return { d, voucher: d.communications.find((c) => c.type_document === 'bon_hebergement')! };
}

describe('DemandeFiche « Envoyer » a communication', () => {
  it('asks for the recipient of a voucher for a hotel without address, sends to it, says it was only kept', async () => {
    const { d, voucher } = requestWithVoucherWithoutAddress();
    const { user, requestsTo } = renderPage(<DemandeFiche id={d.id} />, { url: '/fiche' });
    const row = (await screen.findByText("Bon d'hébergement (établissement)")).closest('tr')!;
    expect(within(row).getByText('Aucune adresse')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Envoyer' }));

    const dialog = await findDialog("Envoyer « Bon d'hébergement (établissement) »");
    expect(
      within(dialog).getByText(
        "Cet établissement n'a pas d'adresse e-mail : indiquez à qui envoyer le message.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(voucher.objet)).toBeTruthy();
    const field = within(dialog).getByLabelText('Destinataires');
    expect(field).toHaveProperty('value', '');
    await user.type(field, 'reception@hotel-bellevue');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await within(dialog).findByText("« reception@hotel-bellevue » n'est pas une adresse e-mail valide."),
    ).toBeTruthy();
    expect(requestsTo(`/api/communication/send/${voucher.id}`, 'POST')).toHaveLength(0);

    await user.type(field, '.fr, direction@hotel-bellevue.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(requestsTo(`/api/communication/send/${voucher.id}`, 'POST')).toHaveLength(1));
    expect(await requestsTo(`/api/communication/send/${voucher.id}`, 'POST')[0]!.body).toEqual({
      destinataires: ['reception@hotel-bellevue.fr', 'direction@hotel-bellevue.fr'],
    });

    const kept = `Courriel « ${voucher.objet} » conservé dans la boîte d'envoi, non transmis : aucun serveur SMTP configuré.`;
    const toast = (await screen.findByText(kept)).closest('.ant-notification-notice')!;
    expect(toast.className).toContain('ant-notification-notice-info');
    expect(toast.className).not.toContain('success');
    await waitFor(() =>
      expect(within(row).getByText('reception@hotel-bellevue.fr, direction@hotel-bellevue.fr')).toBeTruthy(),
    );
    expect(within(row).getByText('Non transmise')).toBeTruthy();
  });

  it('starts with the known address of a document, which the agent may correct', async () => {
    const { d } = requestWithVoucherWithoutAddress();
    const confirmation = d.communications.find((c) => c.type_document === 'confirmation')!;
    const { user, requestsTo } = renderPage(<DemandeFiche id={d.id} />, { url: '/fiche' });
    const row = (await screen.findByText('Confirmation au client')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Envoyer' }));
    const dialog = await findDialog('Envoyer « Confirmation au client »');
    const field = within(dialog).getByLabelText('Destinataires');
    expect(field).toHaveProperty('value', confirmation.destinataires.join(', '));
    await user.clear(field);
    await user.type(field, 'referente@asso.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(requestsTo(`/api/communication/send/${confirmation.id}`, 'POST')).toHaveLength(1),
    );
    expect(await requestsTo(`/api/communication/send/${confirmation.id}`, 'POST')[0]!.body).toEqual({
      destinataires: ['referente@asso.fr'],
    });
  });
});
