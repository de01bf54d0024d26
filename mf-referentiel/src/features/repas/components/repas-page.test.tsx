import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { RepasPage } from './repas-page';

describe('RepasPage', () => {
  it('lists the three meals with code, label and order, and offers no write button', async () => {
    const { requestsTo } = renderPage(<RepasPage />, { url: '/dashboard/repas' });
    const row = async (text: string) => within((await screen.findByText(text)).closest('tr')!);
    expect((await row('Petit-déjeuner')).getByText('petit_dejeuner')).toBeTruthy();
    expect((await row('Déjeuner')).getByText('dejeuner')).toBeTruthy();
    expect((await row('Dîner')).getByText('3')).toBeTruthy();
    expect(screen.getByText('Total : 3')).toBeTruthy();
    expect(requestsTo('/api/repas')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Créer|Ajouter|Modifier/ })).toBeNull();
  });
});
