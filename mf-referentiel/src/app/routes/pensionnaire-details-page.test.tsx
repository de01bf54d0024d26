import { screen } from '@testing-library/react';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { PensionnaireDetailsPage } from './pensionnaire-details-page';

const card = (id: number) =>
  ({ url: `/dashboard/pensionnaires/${id}`, path: '/dashboard/pensionnaires/:id', role: 'agent' }) as const;

describe('PensionnaireDetailsPage', () => {
  it('links the resident card to its household, with its name and size', async () => {
    renderPage(<PensionnaireDetailsPage />, card(3));
    const link = await screen.findByRole('link', { name: 'Famille Nguyen (2 membres)' });
    expect(link.getAttribute('href')).toBe('/dashboard/foyers/2');
  });

  it('says « Aucun » for a resident without a household', async () => {
    renderPage(<PensionnaireDetailsPage />, card(4));
    await screen.findByText('RS-24-022');
    expect(screen.getByText('Foyer')).toBeTruthy();
    expect(screen.getByText('Aucun')).toBeTruthy();
  });
});
