import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing';
import { SearchOnEnter } from './search-on-enter';

/** A list's filters in small: the applied search, and a reset that clears it. */
function Filters({ onSearch }: { onSearch: (value: string) => void }) {
  const [applied, setApplied] = useState('');
  return (
    <>
      <SearchOnEnter
        aria-label="Numéro"
        placeholder="Numéro"
        value={applied}
        onSearch={(value) => {
          onSearch(value);
          setApplied(value);
        }}
      />
      <button type="button" onClick={() => setApplied('')}>
        Réinitialiser
      </button>
    </>
  );
}

const field = () => screen.getByRole('searchbox', { name: 'Numéro' }) as HTMLInputElement;

describe('SearchOnEnter', () => {
  it('applies the trimmed text on Enter only, and empties when the applied search is reset', async () => {
    const user = userEvent.setup({ delay: null });
    const onSearch = vi.fn();
    renderWithProviders(<Filters onSearch={onSearch} />);
    await user.type(field(), '  FA-2026 ');
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('FA-2026');
    expect(field().value).toBe('FA-2026');

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(field().value).toBe('');
  });
});
