import { screen, waitFor, within } from '@testing-library/react';
import { COMMUNICATION_TYPE_LABELS } from 'shared/contract';
import { mockDay, mockDemandes, resetMocks } from 'shared/mocks';
import { findDialog, openButton, renderPage } from 'shared/testing/render-page';
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

/** The dialog's button showing exactly this text. */
const dialogButton = (dialog: HTMLElement, text: string) =>
  within(dialog)
    .getAllByRole('button')
    .find((button) => button.textContent?.trim() === text)!;

// happy-dom never ends antd's leave animations: a closed dialog's buttons stay in the DOM, inside a `*-leave`.
const buttonsShown = (text: string) =>
  screen
    .queryAllByRole('button')
    .filter((button) => button.textContent?.trim() === text && !button.closest('[class*="-leave"]')).length;

/** « Prolonger » on the card, then in its confirmation (which says what it will do): the dialog. */
async function confirmExtension(user: ReturnType<typeof show>['user'], id: number, said: string) {
  await screen.findAllByRole('button', { name: 'Prolonger' });
  await user.click(openButton('Prolonger'));
  const dialog = await findDialog(`Prolonger la demande n° ${id}`);
  expect(within(dialog).getByText(new RegExp(said.replace(/[.()]/g, '\\$&')))).toBeTruthy();
  await user.click(dialogButton(dialog, 'Prolonger'));
  return dialog;
}
const linkedStays = () => screen.getByText('Réservations liées').closest('.ant-card') as HTMLElement;

describe('DemandeFiche « Prolonger »', () => {
  it('extends every targeted stay to the requested date: per-stay results, « Prolongée », the extensions linked', async () => {
    const d = openRequest('prolongation', null, false);
    const { user, requestsTo } = show(d.id);
    // One click does nothing but ask: the dialog says what the extension will do.
    await user.click(await screen.findByRole('button', { name: 'Prolonger' }));
    const dialog = await findDialog(`Prolonger la demande n° ${d.id}`);
    const n = d.cibles.length;
    expect(
      within(dialog).getByText(
        new RegExp(`^${n} séjours? prolongés? jusqu'au ${french(d.date_fin)}\\. Une prolongation crée`),
      ),
    ).toBeTruthy();
    expect(requestsTo(`/api/demande_hebergement/reservations_prolongation/${d.id}`, 'POST')).toHaveLength(0);
    await user.click(dialogButton(dialog, 'Prolonger'));
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
    await waitFor(() => expect(buttonsShown('Prolonger')).toBe(0));
    expect(screen.getAllByText('Prolongée').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(linkedStays()).getAllByText('Créée')).toHaveLength(d.pensionnaires.length),
    );
  });

  it('extends in part when a targeted stay was cancelled since: « En cours », the failure named, « Prolonger » kept', async () => {
    const d = openRequest('prolongation', 2, true);
    const [cancelled] = d.cibles;
    const { user } = show(d.id);
    await confirmExtension(
      user,
      d.id,
      `1 séjour prolongé jusqu'au ${french(d.date_fin)}. 1 séjour annulé : pas de prolongation.`,
    );
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
    expect(buttonsShown('Prolonger')).toBe(1);
  });

  it('says why nothing was extended (409, which the client does not toast), and changes nothing', async () => {
    const d = openRequest('prolongation', 1, true);
    const [cancelled] = d.cibles;
    const { user } = show(d.id);
    await confirmExtension(user, d.id, '1 séjour annulé : pas de prolongation.');
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
    const dialog = await findDialog(`Confirmer l'annulation de la demande n° ${d.id}`);
    expect(
      within(dialog).getByText(
        new RegExp(
          `^2 séjours annulés à partir du ${french(mockDay(2))} ; les nuitées passées restent dues\\.`,
        ),
      ),
    ).toBeTruthy();
    // The reason is required: nothing is sent without it.
    await user.click(dialogButton(dialog, "Confirmer l'annulation"));
    expect(await within(dialog).findByText("Le motif de l'annulation est obligatoire.")).toBeTruthy();
    expect(requestsTo(`/api/demande_hebergement/annulations/${d.id}`, 'PUT')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), 'Relogés par le 115');
    await user.click(dialogButton(dialog, "Confirmer l'annulation"));
    await waitFor(() =>
      expect(requestsTo(`/api/demande_hebergement/annulations/${d.id}`, 'PUT')).toHaveLength(1),
    );
    expect(await requestsTo(`/api/demande_hebergement/annulations/${d.id}`, 'PUT')[0]!.body).toEqual({
      motif: 'Relogés par le 115',
    });
    for (const target of d.cibles)
      expect(
        await screen.findByText(
          `Réservation n° ${target.id} : Réservation n° ${target.id} écourtée : départ le ${french(mockDay(2))}.`,
        ),
      ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Annulation confirmée').length).toBeGreaterThan(0));
    expect(buttonsShown("Confirmer l'annulation")).toBe(0);
    expect(within(linkedStays()).getAllByText(new RegExp(`→ ${french(mockDay(2))}`))).toHaveLength(2);
  });
});

describe('DemandeFiche « Refuser »', () => {
  it('requires a reason, then refuses the extension request with a refusal letter', async () => {
    const d = openRequest('prolongation', null, false);
    const { user, requestsTo } = show(d.id);
    await user.click(await screen.findByRole('button', { name: 'Refuser' }));
    const dialog = await findDialog('Refuser la demande');
    expect(within(dialog).getByText(new RegExp(`La demande n° ${d.id} passera à « Refusée »`))).toBeTruthy();
    await user.click(dialogButton(dialog, 'Refuser'));
    expect(await within(dialog).findByText('Le motif du refus est obligatoire.')).toBeTruthy();
    expect(requestsTo(`/api/demande_hebergement/${d.id}/refuser`, 'PUT')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motif du refus'), 'Hors délai');
    await user.click(dialogButton(dialog, 'Refuser'));
    await waitFor(() => expect(screen.getByText('Motif du refus : Hors délai')).toBeTruthy());
    expect(await requestsTo(`/api/demande_hebergement/${d.id}/refuser`, 'PUT')[0]!.body).toEqual({
      motif: 'Hors délai',
    });
    expect(screen.getAllByText('Refusée').length).toBeGreaterThan(0);
    expect(await screen.findByText('Lettre de refus')).toBeTruthy();
    expect(buttonsShown('Prolonger')).toBe(0);
  });
});

describe('DemandeFiche « Envoyer » and « Synchroniser »', () => {
  it('asks before sending a document, naming its recipients, and before a sync; then does it', async () => {
    resetMocks();
    const d = mockDemandes.find((row) => row.type === 'nouvelle' && row.statut === 'traitee')!;
    const document = d.communications.find((c) => c.statut === 'preparee')!;
    const label = COMMUNICATION_TYPE_LABELS[document.type_document];
    const { user, requestsTo } = show(d.id);
    const row = within((await screen.findByRole('cell', { name: label })).closest('tr')!);
    await user.click(row.getByRole('button', { name: 'Envoyer' }));
    const dialog = await findDialog(`Envoyer « ${label} »`);
    expect(within(dialog).getByLabelText('Destinataires')).toHaveProperty(
      'value',
      document.destinataires.join(', '),
    );
    expect(requestsTo(`/api/communication/send/${document.id}`, 'POST')).toHaveLength(0);
    await user.click(dialogButton(dialog, 'Envoyer'));
    await waitFor(() => expect(requestsTo(`/api/communication/send/${document.id}`, 'POST')).toHaveLength(1));

    await user.click(openButton('Synchroniser'));
    const sync = await findDialog(`Synchroniser la demande n° ${d.id}`);
    expect(within(sync).getByText(/Ces changements ne se défont pas\./)).toBeTruthy();
    expect(requestsTo('/api/demande_hebergement/sync', 'POST')).toHaveLength(0);
    await user.click(dialogButton(sync, 'Synchroniser'));
    await waitFor(() => expect(requestsTo('/api/demande_hebergement/sync', 'POST')).toHaveLength(1));
  });
});
