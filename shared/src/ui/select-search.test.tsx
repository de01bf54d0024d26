import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from 'antd';
import { describe, expect, it } from 'vitest';
import { labelSearch } from './select-search';

const OPTIONS = [
  { value: 1, label: 'Côté Cœur' },
  { value: 2, label: 'Élodie Moreau' },
  { value: 3, label: 'Martin Paul' },
];

describe('labelSearch', () => {
  it('offers the options whose label holds the text, case and accents aside', () => {
    const offered = (text: string) =>
      OPTIONS.filter((option) => labelSearch.filterOption(text, option)).map((option) => option.value);
    expect(offered('cote coeur')).toEqual([1]);
    expect(offered('ELODIE')).toEqual([2]);
    expect(offered('moréau')).toEqual([2]);
    expect(offered('zzz')).toEqual([]);
    expect(labelSearch.filterOption('a', { label: undefined })).toBe(false);
  });

  it('filters an antd Select as the user types', async () => {
    const user = userEvent.setup();
    render(<Select aria-label="Client" showSearch={labelSearch} options={OPTIONS} style={{ width: 200 }} />);
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'elodie');
    await screen.findByTitle('Élodie Moreau');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((item) => item.textContent);
    expect(offered).toEqual(['Élodie Moreau']);
  });
});
