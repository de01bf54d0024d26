import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing';
import { DateInput } from './date-input';

// One sequence: the picker's module, once fetched, serves every later field of the page.
describe('DateInput fetches the picker when it is needed (issue 37 §5)', () => {
  it('a filter field (deferPicker) shows its value without the picker; Tab to it gives it the picker', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const { container } = renderWithProviders(
      <>
        <button type="button">Avant</button>
        <DateInput
          deferPicker
          aria-label="Début de période"
          value={dayjs('2027-01-10')}
          onChange={onChange}
        />
      </>,
    );
    const field = screen.getByLabelText('Début de période') as HTMLInputElement;
    expect(field.value).toBe('10/01/2027');
    expect(field.readOnly).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.ant-picker')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Avant' }));
    await user.tab();
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull());
    const picker = screen.getByLabelText('Début de période') as HTMLInputElement;
    expect(picker.readOnly).toBe(false);
    expect(picker.value).toBe('10/01/2027');
    await waitFor(() => expect(document.activeElement).toBe(picker));

    // The keyboard keeps working once the picker is there: a day typed, then Tab.
    await user.clear(picker);
    await user.type(picker, '11/01/2027');
    await user.tab();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect((onChange.mock.calls.at(-1)?.[0] as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2027-01-11');
  });

  it('a dialog’s field (the default) is the picker once mounted, without any gesture', async () => {
    const { container } = renderWithProviders(<DateInput aria-label="Arrivée" />);
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull());
    expect((screen.getByLabelText('Arrivée') as HTMLInputElement).readOnly).toBe(false);
  });
});
