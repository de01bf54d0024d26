import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMANDES_PATHS, type TraitementBody } from 'shared/contract';
import { MOCK_API, mockDemandes, resetMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it, vi } from 'vitest';
import { TraitementModal } from './traitement-modal';

/** A new-stay request of client 1 (CC-2026-CD94) with two residents, breakfast wished, no dinner. */
const twoResidents = () =>
  mockDemandes.find(
    (d) =>
      d.type === 'nouvelle' &&
      d.statut === 'a_traiter' &&
      d.client_id === 1 &&
      d.pensionnaires.length === 2 &&
      d.souhaits.petit_dejeuner &&
      !d.souhaits.dejeuner &&
      !d.souhaits.diner,
  )!;

/** Opens a select and clicks the option whose text contains `text` (events without antd's pointer check). */
async function choose(label: string, text: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  const option = await waitFor(() => {
    const dropdowns = document.querySelectorAll('.ant-select-dropdown');
    const found = [
      ...(dropdowns[dropdowns.length - 1]?.querySelectorAll('.ant-select-item-option') ?? []),
    ].find((element) => element.textContent?.includes(text));
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.click(option);
}

function open() {
  resetMocks();
  const demande = twoResidents();
  const onClose = vi.fn();
  const page = renderPage(<TraitementModal demande={demande} onClose={onClose} />, { url: '/traitement' });
  return { ...page, demande, onClose };
}

const reserver = () => screen.getByRole('button', { name: 'Réserver' });
/** The total line (formatMoney separates with narrow no-break spaces). */
const total = (content: string) =>
  screen.getByText(
    (_, element) => element?.tagName === 'STRONG' && element.textContent?.replace(/\s+/g, ' ') === content,
  );

describe('TraitementModal', () => {
  it('splits the residents across two numbered rooms, shows the prices per night and the total, then books', async () => {
    // Hôtel du Parc's Double (64,00 HT, par chambre) is priced the same over 2026–2027: no sub-period in the stay.
    const { demande, requestsTo, onClose } = open();
    const [first, second] = demande.pensionnaires;
    await choose('Établissement', 'Hôtel du Parc');
    await choose('Type de chambre', 'Double');
    // One Double for both: 64,00 + 2 × 6,50 (breakfast) a night, 7 nights.
    expect(await screen.findByText('77,00 €')).toBeTruthy();
    expect(total('Total HT : 539,00 €')).toBeTruthy();
    expect(screen.getByText('Chambres (1 chambre par nuit)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une chambre' }));
    await choose(`Chambre de ${second!.prenom} ${second!.nom}`, 'Chambre 2');
    // Without numbers the two Doubles are one room, as the API counts them.
    await waitFor(() => expect(screen.getByText('Chambres (1 chambre par nuit)')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Numéro de la chambre 1'), { target: { value: '101' } });
    fireEvent.change(screen.getByLabelText('Numéro de la chambre 2'), { target: { value: '102' } });
    // Two Doubles: 64,00 + 6,50 each a night.
    await waitFor(() => expect(screen.getAllByText('70,50 €')).toHaveLength(2));
    expect(total('Total HT : 987,00 €')).toBeTruthy();
    expect(screen.getByText('Chambres (2 chambres par nuit)')).toBeTruthy();

    await waitFor(() => expect(reserver().hasAttribute('disabled')).toBe(false));
    fireEvent.click(reserver());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = requestsTo(`/api/demande_hebergement/reservations/${demande.id}`, 'POST');
    const body = (await call!.body) as TraitementBody;
    expect(body.chambres).toEqual([
      { type_chambre_id: 2, pensionnaire_ids: [first!.id], chambre: '101' },
      { type_chambre_id: 2, pensionnaire_ids: [second!.id], chambre: '102' },
    ]);
    expect(body).toMatchObject({ petit_dejeuner: true, dejeuner: false, diner: false, confirmer: false });
    expect(mockDemandes.find((d) => d.id === demande.id)!.statut).toBe('traitee');
  });

  it('keeps « Réserver » off while a room is empty, and says why', async () => {
    open();
    await choose('Établissement', 'Hôtel du Parc');
    await choose('Type de chambre', 'Double');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une chambre' }));
    expect(await screen.findByText("La chambre 2 n'a aucun pensionnaire.")).toBeTruthy();
    expect(reserver().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Retirer' })[1]!);
    await waitFor(() => expect(screen.queryByText("La chambre 2 n'a aucun pensionnaire.")).toBeNull());
    expect(reserver().hasAttribute('disabled')).toBe(false);
  });

  it('says in French that the request was treated meanwhile (409), and stays open', async () => {
    const { demande, onClose } = open();
    await choose('Établissement', 'Hôtel du Parc');
    await choose('Type de chambre', 'Double');
    await waitFor(() => expect(reserver().hasAttribute('disabled')).toBe(false));
    mockDemandes.find((d) => d.id === demande.id)!.statut = 'traitee';
    fireEvent.click(reserver());
    expect(
      await screen.findByText(`La demande n° ${demande.id} est « traitée » : traitement impossible.`),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the API's allotment refusal (409) in the dialog", async () => {
    const { demande, onClose } = open();
    mockServer.use(
      http.post(`${MOCK_API}${DEMANDES_PATHS.reservations}/:id`, () =>
        HttpResponse.json(
          { message: 'Plus de chambre disponible pour le type Double le 30/11/2026.' },
          { status: 409 },
        ),
      ),
    );
    await choose('Établissement', 'Hôtel du Parc');
    await choose('Type de chambre', 'Double');
    await waitFor(() => expect(reserver().hasAttribute('disabled')).toBe(false));
    fireEvent.click(reserver());
    expect(
      await screen.findByText('Plus de chambre disponible pour le type Double le 30/11/2026.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(mockDemandes.find((d) => d.id === demande.id)!.statut).toBe('a_traiter');
  });
});
