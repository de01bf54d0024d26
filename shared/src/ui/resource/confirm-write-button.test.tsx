import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { renderWithProviders } from '../../testing';
import { ConfirmWriteButton } from './confirm-write-button';

// happy-dom never ends antd's leave animations: a closed dialog stays in the DOM with a `*-leave` class.
const openDialog = () =>
  screen.queryAllByRole('dialog').find((dialog) => dialog.closest('[class*="-leave"]') === null) ?? null;

describe('ConfirmWriteButton', () => {
  it('says what the write will do before it runs; the primary button names the action', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <ConfirmWriteButton
        title="Prolonger la demande n° 4"
        description="2 séjours prolongés jusqu'au 31/12/2026."
        okText="Prolonger"
        onConfirm={onConfirm}
      >
        Prolonger
      </ConfirmWriteButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Prolonger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prolonger la demande n° 4' });
    expect(within(dialog).getByText("2 séjours prolongés jusqu'au 31/12/2026.")).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Prolonger' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(undefined);
    await waitFor(() => expect(openDialog()).toBeNull());
  });

  it('asks a reason when told to: blank is refused with the message, the reason is handed over trimmed', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <ConfirmWriteButton
        title="Confirmer l'annulation"
        description="1 séjour annulé à partir du 12/12/2026."
        okText="Confirmer l'annulation"
        danger
        reason={{
          label: "Motif de l'annulation",
          requiredMessage: 'Le motif est obligatoire.',
          maxLength: 500,
        }}
        onConfirm={onConfirm}
      >
        Confirmer l&apos;annulation
      </ConfirmWriteButton>,
    );
    await user.click(screen.getByRole('button', { name: "Confirmer l'annulation" }));
    const dialog = await screen.findByRole('dialog', { name: "Confirmer l'annulation" });
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), '  ');
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'annulation" }));
    expect(await within(dialog).findByText('Le motif est obligatoire.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), 'Relogé par le 115 ');
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledExactlyOnceWith('Relogé par le 115'));
  });

  it('an optional reason: blank is accepted and handed over as undefined', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <ConfirmWriteButton
        title="Revenir en arrière"
        description="mf-stats revient à la version précédente."
        okText="Revenir en arrière"
        reason={{ label: 'Motif (facultatif)', optional: true, maxLength: 500 }}
        onConfirm={onConfirm}
      >
        Revenir en arrière
      </ConfirmWriteButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Revenir en arrière' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revenir en arrière' });
    await user.type(within(dialog).getByLabelText('Motif (facultatif)'), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Revenir en arrière' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledExactlyOnceWith(undefined));
  });

  it('stays open with the reason of a refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(() =>
      Promise.reject(new ApiError('Le serveur de messagerie ne répond pas.', 409, null)),
    );
    renderWithProviders(
      <ConfirmWriteButton
        title="Envoyer le document"
        description="Envoi à a@b.fr."
        okText="Envoyer"
        onConfirm={onConfirm}
      >
        Envoyer
      </ConfirmWriteButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le document' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Le serveur de messagerie ne répond pas.',
    );
    expect(openDialog()).toBe(dialog);
  });
});
