import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { AvoirsPage } from './avoirs-page';

const PATH = '/dashboard/Avoirs';

describe('Avoirs', () => {
  it('lists the credit notes with a link to the invoice they correct; filters in the URL', async () => {
    const { user, requestsTo, location } = renderPage(<AvoirsPage />, { url: PATH, path: '/dashboard/*' });
    expect(await screen.findByText('1 avoir')).toBeTruthy();
    expect(requestsTo('/api/facturation/factures')[0]!.url.searchParams.get('type')).toBe('avoir');
    const row = screen.getByText('AV-2026-000001').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'FA-2026-000003' }).getAttribute('href')).toBe(
      '/dashboard/Factures/3',
    );
    expect(screen.queryByRole('checkbox', { name: 'En retard seulement' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Numéro' }), 'AV-2025{Enter}');
    await waitFor(() => expect(location()).toBe(`${PATH}?numero=AV-2025`));
    expect(await screen.findByText('Aucun résultat pour ces filtres')).toBeTruthy();
  });

  it('opens a credit note on the invoice card route', async () => {
    const { user, location } = renderPage(<AvoirsPage />, { url: PATH, path: '/dashboard/*' });
    await user.click(await screen.findByText('AV-2026-000001'));
    await waitFor(() => expect(location()).toBe('/dashboard/Factures/7'));
  });
});
