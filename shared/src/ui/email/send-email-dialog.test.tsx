import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { renderWithProviders } from '../../testing';
import { SendEmailDialog } from './send-email-dialog';

function renderDialog(
  recipients: string[],
  onSend = vi.fn((_destinataires: string[]) => Promise.resolve('ok')),
) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  renderWithProviders(
    <SendEmailDialog
      open
      title="Envoyer le bon d'hébergement"
      recipients={recipients}
      noAddressNotice="Cet établissement n'a pas d'adresse e-mail"
      onSend={onSend}
      onDone={onDone}
      onClose={onClose}
    />,
  );
  return { onSend, onClose, onDone, user: userEvent.setup({ delay: null }) };
}

describe('SendEmailDialog', () => {
  it('starts with the known addresses and sends to them', async () => {
    const { onSend, onDone, onClose, user } = renderDialog(['contact@hotel.fr', 'compta@hotel.fr']);
    const dialog = await screen.findByRole('dialog', { name: "Envoyer le bon d'hébergement" });
    expect(within(dialog).getByLabelText('Destinataires')).toHaveProperty(
      'value',
      'contact@hotel.fr, compta@hotel.fr',
    );
    expect(within(dialog).queryByText(/n'a pas d'adresse e-mail/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]?.[0]).toEqual(['contact@hotel.fr', 'compta@hotel.fr']);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onDone).toHaveBeenCalledWith('ok');
  });

  it('for a recipient without an address, says so and sends to the address typed, checked first', async () => {
    const { onSend, user } = renderDialog([]);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "Cet établissement n'a pas d'adresse e-mail : indiquez à qui envoyer le message.",
      ),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('Destinataires');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Indiquez au moins une adresse e-mail.')).toBeTruthy();
    await user.type(field, 'reception@hotel, ');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await within(dialog).findByText("« reception@hotel » n'est pas une adresse e-mail valide."),
    ).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'reception@hotel.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]?.[0]).toEqual(['reception@hotel.fr']);
  });

  it('stays open and says why when the API refuses', async () => {
    const onSend = vi.fn(() =>
      Promise.reject(new ApiError("Échec de l'envoi : serveur SMTP injoignable.", 502)),
    );
    const { onClose, user } = renderDialog(['contact@hotel.fr'], onSend);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      "Échec de l'envoi : serveur SMTP injoignable.",
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
