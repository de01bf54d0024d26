import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing';
import { dateFormItemProps, INVALID_DATE_MESSAGE } from './date-field';
import { DateInput } from './date-picker-input';

const field = () => screen.getByLabelText('Arrivée') as HTMLInputElement;

/** Types `text` in the date field, then leaves it. */
async function typeAndLeave(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(field());
  await user.clear(field());
  await user.type(field(), text);
  await user.tab();
}

describe('DateInput with a date typed wrong', () => {
  it('explains « Date invalide : JJ/MM/AAAA » beside the field and keeps the text (31/02/2027, 12-04-2027)', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderWithProviders(<DateInput aria-label="Arrivée" onChange={onChange} />);
    expect(INVALID_DATE_MESSAGE).toBe('Date invalide : JJ/MM/AAAA');
    for (const typed of ['31/02/2027', '12-04-2027']) {
      await typeAndLeave(user, typed);
      expect((await screen.findByRole('alert')).textContent).toBe('Date invalide : JJ/MM/AAAA');
      expect(field().value).toBe(typed);
      expect(field().getAttribute('aria-invalid')).toBe('true');
    }
    expect(onChange).not.toHaveBeenCalled();

    await typeAndLeave(user, '28/02/2027');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((onChange.mock.calls.at(-1)?.[0] as Dayjs).format('YYYY-MM-DD')).toBe('2027-02-28');
  });

  it('in a form: the message under the field once, the form not submitted, the text kept', async () => {
    const user = userEvent.setup({ delay: null });
    const onFinish = vi.fn();
    renderWithProviders(
      <Form onFinish={onFinish} initialValues={{ arrivee: '2027-01-10' }}>
        <Form.Item label="Arrivée" name="arrivee" {...dateFormItemProps([{ required: true }])}>
          <DateInput />
        </Form.Item>
        <Button htmlType="submit">Valider</Button>
      </Form>,
    );
    expect(field().value).toBe('10/01/2027');
    await typeAndLeave(user, '31/02/2027');
    expect(await screen.findByText('Date invalide : JJ/MM/AAAA')).toBeTruthy();
    expect(field().value).toBe('31/02/2027');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(screen.getAllByText('Date invalide : JJ/MM/AAAA')).toHaveLength(1));
    expect(onFinish).not.toHaveBeenCalled();

    await typeAndLeave(user, '01/03/2027');
    await waitFor(() => expect(screen.queryByText('Date invalide : JJ/MM/AAAA')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ arrivee: '2027-03-01' }));
  });

  it('in a form, clearing the typed text empties the field (a required one then says so)', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Form initialValues={{ arrivee: null }}>
        <Form.Item label="Arrivée" name="arrivee" {...dateFormItemProps([{ required: true }])}>
          <DateInput />
        </Form.Item>
      </Form>,
    );
    await typeAndLeave(user, '99/99/9999');
    expect(await screen.findByText('Date invalide : JJ/MM/AAAA')).toBeTruthy();
    await user.click(field());
    await user.clear(field());
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Date invalide : JJ/MM/AAAA')).toBeNull());
    expect(await screen.findByText('Le champ Arrivée est obligatoire')).toBeTruthy();
  });
});
