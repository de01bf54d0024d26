import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContratEtablissementAvailableBody } from 'shared/contract';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it, vi } from 'vitest';
import { TraitementModal } from './traitement-modal';

/**
 * « Traiter » offers the requested city's hotels, and lets the agent widen to nearby (the département) or to every
 * hotel under contract, the scope said in words, the city's hotels first. The mocks' active contracts: Hôtel du Parc
 * (Lyon, 69006), Hôtel de la Gare de l'Est (Paris, 75010), Hôtel Saint-Charles (Marseille, 13001).
 */
function open(ville: string) {
  resetMocks();
  const request = mockDemandes.find(
    (d) => d.type === 'nouvelle' && d.statut === 'a_traiter' && d.client_id === 1,
  )!;
  const demande = { ...request, souhaits: { ...request.souhaits, ville, etablissement: null } };
  return renderPage(<TraitementModal demande={demande} onClose={vi.fn()} />, { url: '/traitement' });
}

const summary = () => screen.getByTestId('perimetre-resume').textContent;

/** The hotels the « Établissement » select offers, in order (without their free rooms, the label's last part). */
async function offered() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Établissement' }));
  const dropdowns = document.querySelectorAll('.ant-select-dropdown');
  const options = [
    ...(dropdowns[dropdowns.length - 1]?.querySelectorAll('.ant-select-item-option') ?? []),
  ].map((option) => option.textContent?.split(' — ').slice(0, 2).join(' — '));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Établissement' }));
  return options;
}

const PARC = 'Hôtel du Parc (Lyon, 69006) — contrat CE-2026-PARC';
const GARE = "Hôtel de la Gare de l'Est (Paris, 75010) — contrat CE-2026-GARE-EST";
const SAINT_CHARLES = 'Hôtel Saint-Charles (Marseille, 13001) — contrat CE-2025-SAINT-CHARLES';

describe('TraitementModal: where to look for a hotel', () => {
  it('starts with the requested city, then widens to its département and to every hotel, saying which', async () => {
    const { requestsTo } = open('Villeurbanne');
    await waitFor(() =>
      expect(summary()).toBe(
        'Aucun établissement disponible à Villeurbanne sur ces dates : élargissez le périmètre.',
      ),
    );
    expect(await offered()).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'À proximité' }));
    await waitFor(() =>
      expect(summary()).toBe(
        '1 établissement disponible à Villeurbanne et alentour (département 69), ceux de Villeurbanne en premier.',
      ),
    );
    expect(await offered()).toEqual([PARC]);

    fireEvent.click(screen.getByRole('radio', { name: 'Tous les établissements' }));
    await waitFor(() =>
      expect(summary()).toBe('3 établissements disponibles, toutes villes, ceux de Villeurbanne en premier.'),
    );
    // By name in French order: « de la Gare » before « du Parc ».
    expect(await offered()).toEqual([GARE, PARC, SAINT_CHARLES]);

    const bodies = await Promise.all(
      requestsTo('/api/contrat_etablissement/available', 'POST').map(
        (request) => request.body as Promise<ContratEtablissementAvailableBody>,
      ),
    );
    expect(bodies.map((body) => [body.ville, body.perimetre])).toEqual([
      ['Villeurbanne', 'ville'],
      ['Villeurbanne', 'proximite'],
      ['Villeurbanne', 'tous'],
    ]);
  });

  it("puts the requested city's hotels first and keeps the hotel chosen while the scope widens", async () => {
    open('Lyon');
    await waitFor(() => expect(summary()).toBe('1 établissement disponible à Lyon.'));
    expect(screen.getByRole('radio', { name: 'Ville demandée (Lyon)' })).toHaveProperty('checked', true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Établissement' }));
    fireEvent.click(await screen.findByTitle((title) => title.startsWith(`${PARC} — `)));

    fireEvent.click(screen.getByRole('radio', { name: 'Tous les établissements' }));
    await waitFor(() =>
      expect(summary()).toBe('3 établissements disponibles, toutes villes, ceux de Lyon en premier.'),
    );
    expect(await offered()).toEqual([PARC, GARE, SAINT_CHARLES]);
    const select = screen.getByRole('combobox', { name: 'Établissement' }).closest('.ant-select');
    expect(select?.textContent).toContain('Hôtel du Parc');
    expect(await screen.findByRole('combobox', { name: 'Type de chambre' })).toBeTruthy();
  });
});
