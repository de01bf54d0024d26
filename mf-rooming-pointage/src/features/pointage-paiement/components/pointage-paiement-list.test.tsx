import { screen, waitFor, within } from '@testing-library/react';
import { mockDay, mockReservations } from 'shared/mocks';
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

describe('PointagePaiementList', () => {
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
});
