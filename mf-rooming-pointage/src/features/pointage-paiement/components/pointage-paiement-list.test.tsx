import { screen, waitFor, within } from '@testing-library/react';
import { extrasOf, mockDay, mockReservations } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { PointagePaiementList } from './pointage-paiement-list';

const LIST = '/api/reservations/pointage_nuitees';
const nameOf = (row: (typeof mockReservations)[number]) =>
  `${row.pensionnaire_nom.toLocaleUpperCase('fr')} ${row.pensionnaire_prenom}`;
const toVerify = () =>
  mockReservations
    .filter((row) => row.status_paf && row.etat_payment_paf === 'a_verifier')
    .filter((row) => row.date_debut < mockDay(-1))
    .sort((a, b) => a.pensionnaire_nom.localeCompare(b.pensionnaire_nom, 'fr') || a.id - b.id);

/** The nights of a stay the list counts for a check: those of its window (the 31 days up to today) before today. */
const listedPastNights = (row: (typeof mockReservations)[number]) =>
  extrasOf(row)
    .nuitees.filter(
      (night) => !night.annulee && night.date_nuit >= mockDay(-30) && night.date_nuit < mockDay(0),
    )
    .map((night) => night.date_nuit);
/**
 * The nights a whole-stay check writes in the mocks, by date: every night up to today (the API's stops before
 * today; the mocks keep tonight's, as their stay summary counts it).
 */
const pastNights = (row: (typeof mockReservations)[number]) =>
  extrasOf(row)
    .nuitees.filter((night) => !night.annulee && night.date_nuit <= mockDay(0))
    .sort((a, b) => a.date_nuit.localeCompare(b.date_nuit));

describe('PointagePaiementList', () => {
  it('shows its total count, and pins no column over the dates, the state and the amount', async () => {
    renderPage(<PointagePaiementList flux="paf" />, {
      url: '/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier',
    });
    const stays = mockReservations.filter((row) => row.status_paf && row.etat_payment_paf === 'a_verifier');
    expect(await screen.findByText(`Total : ${stays.length}`)).toBeTruthy();
    expect(await screen.findByRole('button', { name: `PAF payée : ${nameOf(toVerify()[0]!)}` })).toBeTruthy();
    expect(
      document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-start, .ant-table-cell-fix-end'),
    ).toBeNull();
  });

  it("lists the PAF stays à vérifier (the badge's filter) and marks a whole stay payé with its version", async () => {
    const { user, requestsTo } = renderPage(<PointagePaiementList flux="paf" />, {
      url: '/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier',
    });
    const stay = toVerify()[0]!;
    expect(stay).toBeDefined();
    const version = stay.version;
    await user.click(await screen.findByRole('button', { name: `PAF payée : ${nameOf(stay)}` }));
    await waitFor(() =>
      expect(requestsTo(`/api/reservations/pointage_paf_caf/${stay.id}`, 'PUT')).toHaveLength(1),
    );
    // The whole stay: the API's default, every night before today.
    expect(await requestsTo(`/api/reservations/pointage_paf_caf/${stay.id}`, 'PUT')[0]!.body).toEqual({
      type: 'paf',
      etat: 'paye',
      version,
    });
    expect(await requestsTo(LIST, 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 50,
      status_paf: true,
      etat_payment_paf: 'a_verifier',
    });
    // Paid in full, the stay leaves the list of stays to verify.
    await waitFor(() => expect(screen.queryByText(nameOf(stay))).toBeNull());
  });

  it('picks single nights with the running total and marks them non payé by their dates', async () => {
    const { user, requestsTo } = renderPage(<PointagePaiementList flux="caf" />, {
      url: '/dashboard/pointage-caf',
    });
    const stay = mockReservations
      .filter(
        (row) => row.status_caf && row.etat_payment_caf === 'a_verifier' && row.date_debut < mockDay(-2),
      )
      .sort((a, b) => a.pensionnaire_nom.localeCompare(b.pensionnaire_nom, 'fr') || a.id - b.id)[0]!;
    expect(stay).toBeDefined();
    const row = (await screen.findByText(nameOf(stay))).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Développer|Expand/i }));
    const nights = await screen.findByRole('list', { name: `Nuits de ${nameOf(stay)}` });
    const boxes = within(nights).getAllByRole('checkbox');
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    expect(screen.getByRole('status', { name: 'Totaux' }).textContent).toMatch(
      /0 séjour entier, 2 nuits — \d/,
    );
    await user.click(screen.getByRole('button', { name: /Marquer non payé/ }));
    await waitFor(() =>
      expect(requestsTo(`/api/reservations/pointage_paf_caf/${stay.id}`, 'PUT')).toHaveLength(1),
    );
    const body = (await requestsTo(`/api/reservations/pointage_paf_caf/${stay.id}`, 'PUT')[0]!.body) as {
      dates: string[];
    };
    expect(body).toMatchObject({ type: 'caf', etat: 'non_paye' });
    expect(body.dates).toHaveLength(2);
  });

  it('a bulk check: one toast with the nights the API wrote, and « Annuler » puts exactly those nights back', async () => {
    const { user, requestsTo } = renderPage(<PointagePaiementList flux="paf" />, {
      url: '/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier',
    });
    const [first, second] = toVerify();
    expect(second).toBeDefined();
    const before = [first!, second!].map((stay) =>
      pastNights(stay).map((night) => ({ date_nuit: night.date_nuit, etat: night.etat_paf })),
    );
    const written = before[0]!.length + before[1]!.length;
    const listed = listedPastNights(first!).length + listedPastNights(second!).length;
    const versions = [first!.version, second!.version];
    for (const stay of [first!, second!]) {
      const row = (await screen.findByText(nameOf(stay))).closest('tr')!;
      await user.click(within(row).getByRole('checkbox'));
    }
    // The selection counts the listed nights before today (tonight's is not paid yet).
    expect(screen.getByRole('status', { name: 'Totaux' }).textContent).toContain(
      `2 séjours entiers, ${listed} nuit${listed > 1 ? 's' : ''}`,
    );
    await user.click(screen.getByRole('button', { name: /Marquer payé/ }));
    // One toast, the sum of what the two calls wrote.
    expect(await screen.findByText(`PAF pointée sur ${written} nuits (2 séjours) : payé.`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(nameOf(first!))).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(requestsTo(`/api/reservations/pointage_paf_caf/${second!.id}`, 'PUT')).toHaveLength(2),
    );
    const undo = await Promise.all(
      [first!, second!].map(
        async (stay) =>
          (await requestsTo(`/api/reservations/pointage_paf_caf/${stay.id}`, 'PUT')[1]!.body) as object,
      ),
    );
    expect(undo).toEqual([
      // Each stay under the version the check's answer gave it.
      { type: 'paf', nuits: before[0], version: versions[0]! + 1 },
      { type: 'paf', nuits: before[1], version: versions[1]! + 1 },
    ]);
    expect(
      [first!, second!].map((stay) =>
        pastNights(stay).map((night) => ({ date_nuit: night.date_nuit, etat: night.etat_paf })),
      ),
    ).toEqual(before);
    expect(
      await screen.findByText(`PAF rétablie sur ${written} nuits (2 séjours) : ${undoDetail(before)}.`),
    ).toBeTruthy();
    // Back in the list of stays to verify.
    expect(await screen.findByText(nameOf(first!))).toBeTruthy();
  });
});

/** « 3 payé, 2 à vérifier » as the API words the states put back. */
function undoDetail(before: { etat: string }[][]) {
  const states = before.flat().map((night) => night.etat);
  const labels = { paye: 'payé', non_paye: 'non payé', a_verifier: 'à vérifier' } as const;
  const present = (['paye', 'non_paye', 'a_verifier'] as const).filter((etat) => states.includes(etat));
  return present.length === 1
    ? labels[present[0]!]
    : present.map((etat) => `${states.filter((s) => s === etat).length} ${labels[etat]}`).join(', ');
}
