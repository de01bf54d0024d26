import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { findDialog, renderPage } from 'shared/testing/render-page';
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

  it('lists the communications with « Voir » opening /view-pdf with the request id and the document', async () => {
    const demande = mockDemandes.find((d) => d.communications.length > 0)!;
    renderPage(<DemandePage />, { url: `/dashboard/demande-hebergement/${demande.id}`, path: PATH });
    const [voir] = await screen.findAllByRole('link', { name: 'Voir' });
    expect(voir!.getAttribute('href')).toBe(
      `/view-pdf?id=${demande.id}&communication=${demande.communications[0]!.id}`,
    );
  });

  it('confirming a cancellation lists the hotel notice beside the letter to the client', async () => {
    const demande = mockDemandes.find(
      (d) =>
        d.type === 'annulation' && d.statut === 'a_traiter' && d.cibles.every((c) => c.statut !== 'annulee'),
    )!;
    const { user } = renderPage(<DemandePage />, {
      url: `/dashboard/demande-hebergement/${demande.id}`,
      path: PATH,
    });
    await user.click(await screen.findByRole('button', { name: "Confirmer l'annulation" }));
    const dialog = await findDialog(`Confirmer l'annulation de la demande n° ${demande.id}`);
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), 'Relogés par le 115');
    await user.click(
      within(dialog)
        .getAllByRole('button')
        .find((button) => button.textContent?.trim() === "Confirmer l'annulation")!,
    );
    const notice = (await screen.findByText('Avis de libération (établissement)')).closest('tr')!;
    expect(within(notice).getByText('contact@hotelduparc-lyon.fr')).toBeTruthy();
    const id = mockDemandes.find((d) => d.id === demande.id)!.communications[1]!.id;
    expect(within(notice).getByRole('link', { name: 'Voir' }).getAttribute('href')).toBe(
      `/view-pdf?id=${demande.id}&communication=${id}`,
    );
    expect(screen.getByText("Confirmation d'annulation")).toBeTruthy();
  });
});

describe('DemandePage linked stays', () => {
  it('shows a linked stay’s status as the French tag, not the raw value', async () => {
    const demande = structuredClone(mockDemandes[0]!);
    demande.reservations = [
      {
        id: 901,
        role: 'produite',
        id_reservation_mere: 901,
        type_resa: 'initiale',
        statut: 'terminee',
        pensionnaire_id: 1,
        pensionnaire_nom: 'Dupont',
        pensionnaire_prenom: 'Marie',
        etablissement_id: 1,
        etablissement_nom: 'Hôtel du Parc',
        type_chambre_libelle: 'Double',
        chambre: null,
        date_debut: '2025-06-02',
        date_fin: '2025-06-30',
        prolongee_par_id: null,
      },
    ];
    mockServer.use(http.get('*/api/demande_hebergement/:id', () => HttpResponse.json({ data: demande })));
    renderPage(<DemandePage />, { url: `/dashboard/demande-hebergement/${demande.id}`, path: PATH });
    const row = (await screen.findByRole('link', { name: 'n° 901' }, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('Terminée')).toBeTruthy();
    expect(within(row).queryByText('terminee')).toBeNull();
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
