import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { setNotifier } from '../../api/notifier';
import { mockServer } from '../../mocks/node';
import { renderWithProviders } from '../../testing';
import { ConfirmArchiveButton, ConfirmRestoreButton } from './confirm-action-button';
import { dateFormItemProps } from './date-field';
import { DateInput } from './date-input';
import { ResourceFormModal } from './resource-form-modal';

const notify = { success: vi.fn(), info: vi.fn(), error: vi.fn() };
beforeEach(() => vi.clearAllMocks());
afterEach(() => setNotifier(null));

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// happy-dom never ends antd's leave animations: a closed popup stays in the DOM with a `*-leave` class.
const leaving = (element: Element) => element.closest('[class*="-leave"]') !== null;

/** Whether a popconfirm or modal showing this text is open. */
function shown(text: string): boolean {
  return screen.queryAllByText(text).some((element) => !leaving(element));
}

/** The one button with this name in an open popup or page. */
function openButton(name: string): HTMLElement {
  const buttons = screen.getAllByRole('button', { name }).filter((button) => !leaving(button));
  expect(buttons).toHaveLength(1);
  return buttons[0]!;
}

describe('ConfirmArchiveButton', () => {
  it('asks « Archiver « label » ? » first, then calls onConfirm, loading until it settles', async () => {
    const user = userEvent.setup({ delay: null });
    const write = deferred();
    const onConfirm = vi.fn(() => write.promise);
    renderWithProviders(<ConfirmArchiveButton label="Hôtel du Parc" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Archiver « Hôtel du Parc »' }));
    expect(await screen.findByText('Archiver « Hôtel du Parc » ?')).toBeTruthy();
    expect(
      screen.getByText("Il n'apparaîtra plus dans les listes ; son historique est conservé."),
    ).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Archiver' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Archiver$/ }).className).toContain('ant-btn-loading'),
    );
    expect(shown('Archiver « Hôtel du Parc » ?')).toBe(true);
    write.resolve();
    await waitFor(() => expect(shown('Archiver « Hôtel du Parc » ?')).toBe(false));
  });

  it('does nothing when the question is cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(() => Promise.resolve());
    renderWithProviders(<ConfirmArchiveButton label="Ibis" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Archiver « Ibis »' }));
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open and says why when the write fails (a 409 is not toasted)', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(() => Promise.reject(new ApiError('« Ibis » est déjà archivé.', 409)));
    renderWithProviders(<ConfirmArchiveButton label="Ibis" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Archiver « Ibis »' }));
    await user.click(await screen.findByRole('button', { name: 'Archiver' }));
    expect((await screen.findByRole('alert')).textContent).toBe('« Ibis » est déjà archivé.');
    expect(shown('Archiver « Ibis » ?')).toBe(true);
  });
});

describe('ConfirmRestoreButton', () => {
  it('asks « Restaurer « label » ? » then calls onConfirm', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(() => Promise.resolve());
    renderWithProviders(<ConfirmRestoreButton label="Ancien Parc" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Restaurer « Ancien Parc »' }));
    expect(await screen.findByText('Restaurer « Ancien Parc » ?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restaurer' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

interface Etablissement {
  nom: string;
  ouverture?: string | null;
}

function Harness({
  onSubmit,
  onSaved = () => undefined,
  initialValues = {},
}: {
  onSubmit: (values: Etablissement) => Promise<unknown>;
  onSaved?: (result: unknown) => void;
  initialValues?: Partial<Etablissement>;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <output data-testid="state">{open ? 'ouvert' : 'fermé'}</output>
      <ResourceFormModal<Etablissement>
        open={open}
        title="Nouvel établissement"
        initialValues={initialValues}
        onSubmit={onSubmit}
        onSaved={onSaved}
        onClose={() => setOpen(false)}
      >
        <Form.Item label="Nom" name="nom" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Ouverture" name="ouverture" {...dateFormItemProps()}>
          <DateInput />
        </Form.Item>
      </ResourceFormModal>
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('ResourceFormModal', () => {
  it('shows the French required message and does not submit', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    expect(screen.getByRole('dialog', { name: 'Nouvel établissement' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le champ Nom est obligatoire')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables the form while saving, then calls onSaved and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const save = deferred<{ id: number }>();
    const onSubmit = vi.fn(() => save.promise);
    const onSaved = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Nom'), 'Hôtel du Lac{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ nom: 'Hôtel du Lac' }));
    expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(true);
    expect(state()).toBe('ouvert');
    save.resolve({ id: 7 });
    await waitFor(() => expect(state()).toBe('fermé'));
    expect(onSaved).toHaveBeenCalledExactlyOnceWith({ id: 7 });
  });

  it('keeps the modal open and shows a 409 message inline (the client only logs it)', async () => {
    const user = userEvent.setup({ delay: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockServer.use(
      http.post('/api/etablissements', () =>
        HttpResponse.json({ message: 'Un établissement porte déjà ce nom.' }, { status: 409 }),
      ),
    );
    const onSaved = vi.fn();
    renderWithProviders(
      <Harness onSubmit={(values) => apiClient.post('/etablissements', values)} onSaved={onSaved} />,
    );
    // After AppProviders has plugged antd's toasts in, on mount.
    setNotifier(notify);
    await user.type(screen.getByLabelText('Nom'), 'Ibis');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Un établissement porte déjà ce nom.');
    expect(notify.error).not.toHaveBeenCalled();
    expect(state()).toBe('ouvert');
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(false);
    warn.mockRestore();
  });

  it('shows an error beside the field the API names (`champ`), above the form when it names none on screen', async () => {
    const user = userEvent.setup({ delay: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers = [
      { message: 'Un établissement porte déjà ce nom.', champ: 'nom' },
      { message: 'Ce groupe est archivé.', champ: 'groupeId' },
    ];
    mockServer.use(
      http.post('/api/etablissements', () => HttpResponse.json(answers.shift(), { status: 409 })),
    );
    renderWithProviders(<Harness onSubmit={(values) => apiClient.post('/etablissements', values)} />);
    await user.type(screen.getByLabelText('Nom'), 'Ibis');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const beside = await screen.findByText('Un établissement porte déjà ce nom.');
    expect(
      beside.closest('.ant-form-item')?.querySelector('#' + screen.getByLabelText('Nom').id),
    ).toBeTruthy();
    expect(document.querySelector('.ant-alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const above = await screen.findByText('Ce groupe est archivé.');
    expect(above.closest('.ant-alert')).toBeTruthy();
    expect(state()).toBe('ouvert');
    warn.mockRestore();
  });

  it('closes at once when nothing was typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onSubmit={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(state()).toBe('fermé');
    expect(screen.queryByText('Abandonner les modifications ?')).toBeNull();
  });

  it('asks « Abandonner les modifications ? » before dropping typed values (Escape or Annuler)', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onSubmit={() => Promise.resolve()} />);
    await user.type(screen.getByLabelText('Nom'), 'Brouillon');
    await user.keyboard('{Escape}');
    // antd's confirm repeats its title for screen readers: the text appears twice.
    expect((await screen.findAllByText('Abandonner les modifications ?')).length).toBeGreaterThan(0);
    expect(screen.getByText('Les modifications non enregistrées seront perdues.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuer la saisie' }));
    expect(state()).toBe('ouvert');
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Brouillon');
    expect(shown('Abandonner les modifications ?')).toBe(false);
    await user.click(openButton('Annuler'));
    await waitFor(() => expect(shown('Abandonner les modifications ?')).toBe(true));
    await user.click(openButton('Abandonner'));
    expect(state()).toBe('fermé');
  });

  it('shows YYYY-MM-DD dates as DD/MM/YYYY and submits them unchanged', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <Harness onSubmit={onSubmit} initialValues={{ nom: 'Ibis', ouverture: '2024-03-05' }} />,
    );
    expect((screen.getByLabelText('Ouverture') as HTMLInputElement).value).toBe('05/03/2024');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ nom: 'Ibis', ouverture: '2024-03-05' }),
    );
  });
});

describe('dateFormItemProps', () => {
  const { getValueProps, normalize } = dateFormItemProps();

  it('turns the picked dayjs into YYYY-MM-DD, and a cleared date into null', () => {
    expect(normalize?.(dayjs('2024-04-12T15:30:00'), undefined, {})).toBe('2024-04-12');
    expect(normalize?.(null, '2024-04-12', {})).toBeNull();
  });

  it('gives the picker a dayjs for a valid string and nothing for an empty or invalid one', () => {
    const value = getValueProps?.('2024-12-31').value as dayjs.Dayjs;
    expect(value.format('DD/MM/YYYY')).toBe('31/12/2024');
    expect(getValueProps?.('').value).toBeUndefined();
    expect(getValueProps?.('31/12/2024').value).toBeUndefined();
    expect(getValueProps?.(null).value).toBeUndefined();
  });
});
