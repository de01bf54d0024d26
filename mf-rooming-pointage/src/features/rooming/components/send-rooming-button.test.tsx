import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { RoomingList } from './rooming-list';

/**
 * Issue 35: « Envoyer à l'établissement » for a hotel without an e-mail address (Hôtel Bellevue, n° 4 of the
 * mocks) is no dead end: the send dialog takes the recipients typed; an administrator may save the address as the
 * hotel's. What became of the e-mail is told as it is: kept in the outbox, not transmitted.
 */

const month = dayjs().startOf('month');
const MOIS = month.format('YYYY-MM');
const URL_BELLEVUE = `/dashboard/rooming-etab?start_date=${month.format('YYYY-MM-DD')}&end_date=${month
  .add(1, 'month')
  .format('YYYY-MM-DD')}&etablissement_id=4`;
const TITLE = `Envoyer le rooming de ${month.format('MM/YYYY')} à Hôtel Bellevue`;
const SEND_PATH = `/api/reservations/send_Pdf_Rooming/4/${MOIS}`;

describe('SendRoomingButton', () => {
  it('sends to the recipient typed for a hotel without address, and says the message was only kept', async () => {
    const { user, requestsTo } = renderPage(<RoomingList kind="etab" />, {
      url: URL_BELLEVUE,
      role: 'agent',
    });
    const button = await screen.findByRole('button', { name: /Envoyer à l'établissement/ });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    const dialog = await findDialog(TITLE);
    expect(
      within(dialog).getByText(
        "Cet établissement n'a pas d'adresse e-mail : indiquez à qui envoyer le message.",
      ),
    ).toBeTruthy();
    // Saving an address is an administrator's: an agent is not offered it.
    expect(within(dialog).queryByText("Enregistrer cette adresse pour l'établissement")).toBeNull();
    const field = within(dialog).getByLabelText('Destinataires');
    expect(field).toHaveProperty('value', '');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Indiquez au moins une adresse e-mail.')).toBeTruthy();
    expect(requestsTo(SEND_PATH, 'POST')).toHaveLength(0);

    await user.type(field, 'reception@hotel-bellevue.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(requestsTo(SEND_PATH, 'POST')).toHaveLength(1));
    expect(await requestsTo(SEND_PATH, 'POST')[0]!.body).toEqual({
      destinataires: ['reception@hotel-bellevue.fr'],
    });
    const outcome = await screen.findByText(
      `Rooming de ${month.format('MM/YYYY')} : conservé dans la boîte d'envoi, non transmis (reception@hotel-bellevue.fr)`,
    );
    expect(outcome.closest('.ant-alert')!.className).toContain('ant-alert-warning');
    expect(screen.getByRole('link', { name: "Voir la boîte d'envoi" }).getAttribute('href')).toBe(
      '/dashboard/Demande-Hebergement?boite=envoi',
    );
    // The toast is rendered by antd's notification portal after the alert: waited for, not read at once.
    const toast = (
      await screen.findAllByText(
        /conservé dans la boîte d'envoi, non transmis : aucun serveur SMTP configuré\.$/,
      )
    )
      .map((text) => text.closest('.ant-notification-notice'))
      .find(Boolean)!;
    expect(toast.className).toContain('ant-notification-notice-info');
  });

  it('lets an administrator save the address typed as the hotel’s: the next sending starts with it', async () => {
    const { user, requestsTo } = renderPage(<RoomingList kind="etab" />, { url: URL_BELLEVUE });
    const button = await screen.findByRole('button', { name: /Envoyer à l'établissement/ });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    let dialog = await findDialog(TITLE);
    await user.type(
      within(dialog).getByLabelText('Destinataires'),
      'a@hotel-bellevue.fr, b@hotel-bellevue.fr',
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: "Enregistrer cette adresse pour l'établissement" }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await within(dialog).findByText(
        "Indiquez une seule adresse pour l'enregistrer comme adresse de l'établissement.",
      ),
    ).toBeTruthy();
    expect(requestsTo(SEND_PATH, 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Destinataires'));
    await user.type(within(dialog).getByLabelText('Destinataires'), 'accueil@hotel-bellevue.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(requestsTo(SEND_PATH, 'POST')).toHaveLength(1));
    expect(await requestsTo(SEND_PATH, 'POST')[0]!.body).toEqual({
      destinataires: ['accueil@hotel-bellevue.fr'],
      enregistrer_adresse: true,
    });
    await waitFor(() => expect(requestsTo('/api/etablissements').length).toBeGreaterThan(1));

    await user.click(screen.getByRole('button', { name: /Envoyer à l'établissement/ }));
    dialog = await findDialog(TITLE);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Destinataires')).toHaveProperty(
        'value',
        'accueil@hotel-bellevue.fr',
      ),
    );
  });
});
