import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { TypesChambrePage } from './types-chambre-page';

describe('TypesChambrePage', () => {
  it('lists the room types and edits a capacity within 1–12 (PUT with every field)', async () => {
    const { user, requestsTo } = renderPage(<TypesChambrePage />, { url: '/dashboard/type-chambre' });
    const row = within((await screen.findByText('Familiale')).closest('tr')!);
    expect(row.getByText('4 pers.')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Modifier « Familiale »' }));
    const dialog = await findDialog('Modifier « Familiale »');
    const capacite = within(dialog).getByLabelText('Capacité');
    fireEvent.change(capacite, { target: { value: '13' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText('La valeur du champ Capacité doit être comprise entre 1 et 12'),
    ).toBeTruthy();
    expect(requestsTo('/api/types-chambre/3', 'PUT')).toHaveLength(0);
    fireEvent.change(capacite, { target: { value: '5' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/types-chambre/3', 'PUT')).toHaveLength(1));
    expect(await requestsTo('/api/types-chambre/3', 'PUT')[0]!.body).toEqual({
      libelle: 'Familiale',
      capacite: 5,
      description: "Un lit double et deux lits simples, salle d'eau privative.",
    });
    expect(await row.findByText('5 pers.')).toBeTruthy();
  });
});
