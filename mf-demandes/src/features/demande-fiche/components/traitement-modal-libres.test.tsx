import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it, vi } from 'vitest';
import { TraitementModal } from './traitement-modal';

/** The options of the select labelled `label`, once its list is open. */
async function optionsOf(label: string): Promise<string[]> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  return waitFor(() => {
    const dropdowns = document.querySelectorAll('.ant-select-dropdown');
    const options = [...(dropdowns[dropdowns.length - 1]?.querySelectorAll('.ant-select-item-option') ?? [])];
    expect(options.length).toBeGreaterThan(0);
    return options.map((option) => option.textContent ?? '');
  });
}

describe('TraitementModal free rooms', () => {
  it('lists each hotel with the rooms left per room type over the request’s nights', async () => {
    resetMocks();
    const demande = mockDemandes.find((d) => d.type === 'nouvelle' && d.statut === 'a_traiter')!;
    renderPage(<TraitementModal demande={demande} onClose={vi.fn()} />, { url: '/traitement' });
    const parc = (await optionsOf('Établissement')).find((text) => text.startsWith('Hôtel du Parc'));
    // Hôtel du Parc's mock contract: an allotment of 10 Simple rooms a night, Doubles without limit.
    expect(parc).toMatch(/— contrat CE-2026-PARC — .*Simple : \d+ chambres? libres?/);
    expect(parc).toContain('Double : sans limite');
  });
});
