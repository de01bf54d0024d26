import { screen, waitFor, within } from '@testing-library/react';
import { mockDay, mockDemandes, resetMocks } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { DemandeFiche } from './demande-fiche';

/**
 * The card's actions on extension and cancellation requests, over the mocks' state machine
 * (shared/src/mocks/demandes/stays.ts): per-stay results, partial success, 409 with the reasons, refusal.
 */

const french = (day: string) => day.split('-').reverse().join('/');

/** An open request of `type`; `cancelled`: one of its targeted stays was cancelled since. */
function openRequest(type: 'prolongation' | 'annulation', residents: number | null, cancelled: boolean) {
  resetMocks();
  return mockDemandes.find(
    (d) =>
      d.type === type &&
      d.statut === 'a_traiter' &&
      (residents === null || d.pensionnaires.length === residents) &&
      d.cibles.some((c) => c.statut === 'annulee') === cancelled,
  )!;
}

const show = (id: number) => renderPage(<DemandeFiche id={id} />, { url: '/fiche' });
const linkedStays = () => screen.getByText('Réservations liées').closest('.ant-card') as HTMLElement;

describe('DemandeFiche « Prolonger »', () => {
  it('extends every targeted stay to the requested date: per-stay results, « Prolongée », the extensions linked', async () => {
    const d = openRequest('prolongation', null, false);
    const { user, requestsTo } = show(d.id);
    await user.click(await screen.findByRole('button', { name: 'Prolonger' }));
    await waitFor(() =>
      expect(requestsTo(`/api/demande_hebergement/reservations_prolongation/${d.id}`, 'POST')).toHaveLength(
        1,
      ),
    );
    for (const target of d.cibles)
      expect(
        await screen.findByText(
          new RegExp(`Réservation n° ${target.id} : Prolongée jusqu'au ${french(d.date_fin)}`),
        ),
      ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Prolonger' })).toBeNull());
    expect(screen.getAllByText('Prolongée').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(linkedStays()).getAllByText('Créée')).toHaveLength(d.pensionnaires.length),
    );
  });

  it('extends in part when a targeted stay was cancelled since: « En cours », the failure named, « Prolonger » kept', async () => {
    const d = openRequest('prolongation', 2, true);
    const [cancelled] = d.cibles;
    const { user } = show(d.id);
    await user.click(await screen.findByRole('button', { name: 'Prolonger' }));
    // In the toast (the client's, for a success) and in the card's report.
    expect(
      (await screen.findAllByText(`Demande n° ${d.id} : 1 réservation prolongée, 1 en échec.`)).length,
    ).toBeGreaterThan(0);
    expect(
      screen.getByText(
        `Réservation n° ${cancelled!.id} : La réservation n° ${cancelled!.id} est annulée : prolongation impossible.`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('En cours').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Prolonger' })).toBeTruthy();
  });

  it('says why nothing was extended (409, which the client does not toast), and changes nothing', async () => {
    const d = openRequest('prolongation', 1, true);
    const [cancelled] = d.cibles;
    const { user } = show(d.id);
    await user.click(await screen.findByRole('button', { name: 'Prolonger' }));
    expect(
      await screen.findByText('Aucune réservation prolongée : 0 réservation prolongée, 1 en échec.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        `Réservation n° ${cancelled!.id} : La réservation n° ${cancelled!.id} est annulée : prolongation impossible.`,
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('À prolonger').length).toBeGreaterThan(0);
    expect(within(linkedStays()).queryByText('Créée')).toBeNull();
  });
});

describe("DemandeFiche « Confirmer l'annulation »", () => {
  it('ends the targeted stays on the cancellation date: « Annulation confirmée », the new departures shown', async () => {
    const d = openRequest('annulation', 2, false);
    const { user, requestsTo } = show(d.id);
    await user.click(await screen.findByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() =>
      expect(requestsTo(`/api/demande_hebergement/annulations/${d.id}`, 'PUT')).toHaveLength(1),
    );
    for (const target of d.cibles)
      expect(
        await screen.findByText(
          `Réservation n° ${target.id} : Réservation n° ${target.id} écourtée : départ le ${french(mockDay(2))}.`,
        ),
      ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Annulation confirmée').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: "Confirmer l'annulation" })).toBeNull();
    expect(within(linkedStays()).getAllByText(new RegExp(`→ ${french(mockDay(2))}`))).toHaveLength(2);
  });
});

describe('DemandeFiche « Refuser »', () => {
  it('requires a reason, then refuses the extension request with a refusal letter', async () => {
    const d = openRequest('prolongation', null, false);
    const { user, requestsTo } = show(d.id);
    await user.click(await screen.findByRole('button', { name: 'Refuser' }));
    const dialog = (await screen.findByText('Refuser la demande')).closest('.ant-modal') as HTMLElement;
    const confirm = within(dialog).getByRole('button', { name: 'Refuser' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Motif du refus'), 'Hors délai');
    await user.click(confirm);
    await waitFor(() => expect(screen.getByText('Motif du refus : Hors délai')).toBeTruthy());
    expect(await requestsTo(`/api/demande_hebergement/${d.id}/refuser`, 'PUT')[0]!.body).toEqual({
      motif: 'Hors délai',
    });
    expect(screen.getAllByText('Refusée').length).toBeGreaterThan(0);
    expect(await screen.findByText('Lettre de refus')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Prolonger' })).toBeNull();
  });
});
