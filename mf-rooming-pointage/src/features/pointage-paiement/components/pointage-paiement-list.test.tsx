import { screen, waitFor, within } from '@testing-library/react';
import { formatDate, formatMoney, fromCents, toCents } from 'shared';
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

/**
 * The nights due of a stay, by date: every non-cancelled night before today, in the list's window (the 31 days up to
 * today) or older — what a whole-stay check writes, as the API does.
 */
const pastNights = (row: (typeof mockReservations)[number]) =>
  extrasOf(row)
    .nuitees.filter((night) => !night.annulee && night.date_nuit < mockDay(0))
    .sort((a, b) => a.date_nuit.localeCompare(b.date_nuit));
/** The badge's stays: PAF à vérifier with a night already due (docs/domain.md « PAF / CAF à vérifier »). */
const badgeStays = () =>
  mockReservations.filter(
    (row) => row.status_paf && row.etat_payment_paf === 'a_verifier' && pastNights(row).length > 0,
  );

describe('PointagePaiementList', () => {
  it('shows its total count, and pins no column over the dates, the state and the amount', async () => {
    renderPage(<PointagePaiementList flux="paf" />, {
      url: '/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier',
    });
    expect(await screen.findByText(`Total : ${badgeStays().length}`)).toBeTruthy();
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

  it('a stay whose due nights are older than the window: its row, details, selection and toast count them', async () => {
    const { user } = renderPage(<PointagePaiementList flux="paf" />, {
      url: '/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier',
    });
    // Left in the list « à vérifier » with none of its nights in the window (the last 31 days).
    const stay = badgeStays().find((row) => row.date_fin <= mockDay(-30))!;
    expect(stay).toBeDefined();
    const due = pastNights(stay);
    const amount = due.reduce((sum, night) => sum + toCents(night.montant_paf), 0);
    expect(due.length).toBeGreaterThan(1);
    expect(amount).toBeGreaterThan(0);
    const since = formatDate(mockDay(-30));
    const row = (await screen.findByText(nameOf(stay))).closest('tr')!;
    expect(row.textContent).toContain(
      `${due.length} nuits${formatMoney(fromCents(amount))}dont ${due.length} avant le ${since}`,
    );
    // The page's totals are over whole stays too.
    const toVerifyCents = badgeStays()
      .flatMap(pastNights)
      .filter((night) => night.etat_paf === 'a_verifier')
      .reduce((sum, night) => sum + toCents(night.montant_paf), 0);
    const totals = screen.getByRole('status', { name: 'Totaux' });
    expect(totals.textContent).toContain(`Cette page : à vérifier ${formatMoney(fromCents(toVerifyCents))}`);
    await user.click(within(row).getByRole('button', { name: /Développer|Expand/i }));
    expect(
      await screen.findByText(
        `${due.length} nuits dues avant le ${since} ne sont pas listées ici : « Payé » ou « Non payé » sur le séjour entier les pointe aussi.`,
      ),
    ).toBeTruthy();
    await user.click(within(row).getAllByRole('checkbox')[0]!);
    expect(totals.textContent).toContain(
      `1 séjour entier, ${due.length} nuits — ${formatMoney(fromCents(amount))} (dont ${due.length} avant le ${since})`,
    );
    await user.click(screen.getByRole('button', { name: /Marquer payé/ }));
    // What the API wrote is what the row announced.
    expect(await screen.findByText(`PAF pointée sur ${due.length} nuits : payé.`)).toBeTruthy();
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
    const versions = [first!.version, second!.version];
    for (const stay of [first!, second!]) {
      const row = (await screen.findByText(nameOf(stay))).closest('tr')!;
      await user.click(within(row).getByRole('checkbox'));
    }
    // The selection counts the nights due of the whole stays (tonight's is not paid yet): what the toast will say.
    expect(screen.getByRole('status', { name: 'Totaux' }).textContent).toContain(
      `2 séjours entiers, ${written} nuits`,
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
