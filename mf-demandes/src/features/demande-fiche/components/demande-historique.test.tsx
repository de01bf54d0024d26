import { screen, waitFor, within } from '@testing-library/react';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { DemandeFiche } from './demande-fiche';

/**
 * The card's « Historique » reads every event in French: the request's own moves and its documents' preparation and
 * sending (the API's audit actions, labelled by shared/contract AUDIT_ACTION_LABELS; an unlabelled 'preparation'
 * once showed as « Preparation »).
 */
describe('DemandeFiche « Historique »', () => {
  it("names a refusal and its letter's preparation in French", async () => {
    resetMocks();
    const d = mockDemandes.find((r) => r.type === 'nouvelle' && r.statut === 'a_traiter')!;
    const { user } = renderPage(<DemandeFiche id={d.id} />, { url: '/fiche' });
    await user.click(await screen.findByRole('button', { name: 'Refuser' }));
    const dialog = (await screen.findByText('Refuser la demande')).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByLabelText('Motif du refus'), 'Plus de place');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(screen.getByText('Motif du refus : Plus de place')).toBeTruthy());

    const historique = screen.getByText('Historique').closest('.ant-card') as HTMLElement;
    const entries = () =>
      within(historique)
        .getAllByText(/ — /)
        .map((entry) => entry.textContent?.replace(/^.* — /, ''));
    await waitFor(() =>
      expect(entries()).toEqual(['Préparation d’un document (Agent Démo)', 'Refus (Agent Démo)']),
    );
    expect(within(historique).queryByText(/Preparation/)).toBeNull();
  });
});
