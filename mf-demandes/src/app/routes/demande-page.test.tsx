import { screen, waitFor } from '@testing-library/react';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { beforeEach, describe, expect, it } from 'vitest';
import { DemandePage } from './demande-page';

const PATH = '/dashboard/demande-hebergement/:id';

beforeEach(() => resetMocks());

describe('DemandePage', () => {
  it('shows the request and refuses it with a reason; the card then offers no action but sync', async () => {
    const demande = mockDemandes.find((d) => d.type === 'nouvelle' && d.statut === 'a_traiter')!;
    const { user, requestsTo } = renderPage(<DemandePage />, {
      url: `/dashboard/demande-hebergement/${demande.id}`,
      path: PATH,
    });
    expect(await screen.findByText(`Nouvel hébergement n° ${demande.id}`)).toBeTruthy();
    expect(screen.getByText(demande.client_nom)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    await user.type(await screen.findByLabelText('Motif du refus'), 'Complet');
    const buttons = screen.getAllByRole('button', { name: 'Refuser' });
    await user.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(screen.getByText('Motif du refus : Complet')).toBeTruthy());
    expect(await requestsTo(`/api/demande_hebergement/${demande.id}/refuser`, 'PUT')[0]!.body).toEqual({
      motif: 'Complet',
    });
    expect(screen.queryByRole('button', { name: 'Refuser' })).toBeNull();
  });

  it('lists the communications with « Voir » opening /view-pdf?id=', async () => {
    const demande = mockDemandes.find((d) => d.communications.length > 0)!;
    renderPage(<DemandePage />, { url: `/dashboard/demande-hebergement/${demande.id}`, path: PATH });
    const [voir] = await screen.findAllByRole('link', { name: 'Voir' });
    expect(voir!.getAttribute('href')).toBe(`/view-pdf?id=${demande.communications[0]!.id}`);
  });
});
