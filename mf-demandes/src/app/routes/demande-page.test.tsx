import { fireEvent, screen, waitFor } from '@testing-library/react';
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

describe('DemandePage « Traiter »', () => {
  it('books the request through the assistant: contract, hotel with rooms left, room type, then « Traitée »', async () => {
    const demande = mockDemandes.find(
      (d) => d.type === 'nouvelle' && d.statut === 'a_traiter' && d.client_id === 1,
    )!;
    const { user, requestsTo } = renderPage(<DemandePage />, {
      url: `/dashboard/demande-hebergement/${demande.id}`,
      path: PATH,
    });
    await user.click(await screen.findByRole('button', { name: 'Traiter' }));
    await screen.findByText(`Traitement de la demande n° ${demande.id}`);
    // The modal's opening animation leaves `pointer-events: none` on it for a moment: events without that check.
    const pick = async (name: string) => {
      fireEvent.mouseDown(await screen.findByRole('combobox', { name }));
      const option = await waitFor(() => {
        const dropdowns = document.querySelectorAll('.ant-select-dropdown');
        const found = dropdowns[dropdowns.length - 1]?.querySelector('.ant-select-item-option');
        expect(found).toBeTruthy();
        return found!;
      });
      fireEvent.click(option);
    };
    await waitFor(() =>
      expect(requestsTo('/api/contrat_client/available', 'POST').length).toBeGreaterThan(0),
    );
    await pick('Établissement');
    await pick('Type de chambre');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Réserver' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Réserver' }));
    await waitFor(() =>
      expect(requestsTo(`/api/demande_hebergement/reservations/${demande.id}`, 'POST')).toHaveLength(1),
    );
    const body = (await requestsTo(`/api/demande_hebergement/reservations/${demande.id}`, 'POST')[0]!
      .body) as {
      chambres: { pensionnaire_ids: number[] }[];
    };
    expect(body.chambres[0]!.pensionnaire_ids).toEqual(demande.pensionnaires.map((p) => p.id));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Traiter' })).toBeNull());
    expect(screen.getAllByText('Traitée').length).toBeGreaterThan(0);
  });
});
