import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockDay, mockReservations, resetReservationMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { atLateUtcEvening, LATE_UTC_EVENING } from 'shared/testing/paris-clock';
import { renderPage } from 'shared/testing/render-page';
import { beforeEach, describe, expect, it } from 'vitest';
import { PointagePresenceList } from './pointage-presence-list';

const LIST = '/api/reservations/pointage_nuitees';
const nameOf = (row: (typeof mockReservations)[number]) =>
  `${row.pensionnaire_nom.toLocaleUpperCase('fr')} ${row.pensionnaire_prenom}`;
/** Yesterday's arrivals of the mocks, in the list's order. */
const arrivals = () =>
  mockReservations
    .filter((row) => row.date_debut === mockDay(-1) && row.statut !== 'annulee')
    .sort((a, b) => a.pensionnaire_nom.localeCompare(b.pensionnaire_nom, 'fr') || a.id - b.id);

beforeEach(() => resetReservationMocks());

describe('PointagePresenceList', () => {
  it('shows its total count, and pins no column over the night and its dates', async () => {
    renderPage(<PointagePresenceList />, { url: '/dashboard/pointage-presence' });
    expect(await screen.findByText(`Total : ${arrivals().length}`)).toBeTruthy();
    expect(await screen.findByRole('button', { name: `Présent : ${nameOf(arrivals()[0]!)}` })).toBeTruthy();
    expect(
      document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-start, .ant-table-cell-fix-end'),
    ).toBeNull();
  });

  it("lists yesterday's arrivals (date_arrivee) and points one present with the stay's version", async () => {
    const [first] = arrivals();
    expect(first).toBeDefined();
    const { user, requestsTo } = renderPage(<PointagePresenceList />, {
      url: '/dashboard/pointage-presence',
    });
    await user.click(await screen.findByRole('button', { name: `Présent : ${nameOf(first!)}` }));
    await waitFor(() =>
      expect(requestsTo(`/api/reservations/update_pointage/${first!.id}`, 'PUT')).toHaveLength(1),
    );
    expect(await requestsTo(`/api/reservations/update_pointage/${first!.id}`, 'PUT')[0]!.body).toEqual({
      presence: 'present',
      dates: [mockDay(-1)],
      version: first!.version,
    });
    expect(await requestsTo(LIST, 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 50,
      date_arrivee: mockDay(-1),
      start_date: mockDay(-1),
      end_date: mockDay(1),
    });
    const row = screen.getByText(nameOf(first!)).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Présent', { selector: '.ant-tag' })).toBeTruthy());
  });

  it('keeps the pointed arrivals listed and counts those left to check, as the dashboard badge does', async () => {
    const rows = arrivals();
    expect(rows.length).toBeGreaterThan(1);
    const { user, requestsTo } = renderPage(<PointagePresenceList />, {
      url: '/dashboard/pointage-presence?jours=commence_h',
    });
    const status = () => screen.getByText(/ séjours · /, { selector: '[role="status"]' }).textContent ?? '';
    await waitFor(() => expect(status()).toContain(`${rows.length} séjours · ${rows.length} à pointer ·`));
    expect(await requestsTo('/api/reservationsNumber', 'POST')[0]!.body).toEqual({ jours: 'commence_h' });
    await user.click(screen.getByRole('button', { name: `Présent : ${nameOf(rows[0]!)}` }));
    await waitFor(() =>
      expect(status()).toContain(`${rows.length} séjours · ${rows.length - 1} à pointer ·`),
    );
    const row = screen.getByText(nameOf(rows[0]!)).closest('tr')!;
    expect(within(row).getByText('Présent', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('an absent first night is a no-show: by default only the absence is recorded, the rest of the stay kept', async () => {
    const stay = arrivals().find((row) => row.date_fin > mockDay(0))!;
    const { user, requestsTo } = renderPage(<PointagePresenceList />, {
      url: '/dashboard/pointage-presence',
    });
    await user.click(await screen.findByRole('button', { name: `Absent : ${nameOf(stay)}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox')).toHaveProperty('checked', false);
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'absence" }));
    await waitFor(() =>
      expect(requestsTo(`/api/reservations/update_pointage/${stay.id}`, 'PUT')).toHaveLength(1),
    );
    expect(await requestsTo(`/api/reservations/update_pointage/${stay.id}`, 'PUT')[0]!.body).toEqual({
      presence: 'absent',
      dates: [mockDay(-1)],
      version: stay.version,
    });
    expect(mockReservations.find((row) => row.id === stay.id)!.date_fin).toBe(stay.date_fin);
  });

  it('an absent first night is a no-show: ticked, the dialog cancels the remaining nights in the same call', async () => {
    const stay = arrivals().find((row) => row.date_fin > mockDay(0))!;
    expect(stay).toBeDefined();
    const version = stay.version;
    const { user, requestsTo } = renderPage(<PointagePresenceList />, {
      url: '/dashboard/pointage-presence',
    });
    await user.click(await screen.findByRole('button', { name: `Absent : ${nameOf(stay)}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Arrivée non présentée')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'absence et annuler la suite" }));
    await waitFor(() =>
      expect(requestsTo(`/api/reservations/update_pointage/${stay.id}`, 'PUT')).toHaveLength(1),
    );
    expect(await requestsTo(`/api/reservations/update_pointage/${stay.id}`, 'PUT')[0]!.body).toEqual({
      presence: 'absent',
      dates: [mockDay(-1)],
      version,
      annuler_suite: true,
    });
    await waitFor(() =>
      expect(mockReservations.find((row) => row.id === stay.id)!.date_fin).toBe(mockDay(0)),
    );
  });

  it('« Tout présent » points every selected stay, one call each', async () => {
    const rows = arrivals().slice(0, 2);
    expect(rows).toHaveLength(2);
    const { user, requestsTo } = renderPage(<PointagePresenceList />, {
      url: '/dashboard/pointage-presence',
    });
    await screen.findByText(nameOf(rows[0]!));
    expect(screen.getByRole('button', { name: /Tout présent/ })).toHaveProperty('disabled', true);
    // In French, not antd's « Select all » / « Select row N ».
    expect(screen.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' })).toBeTruthy();
    for (const row of rows)
      await user.click(screen.getByRole('checkbox', { name: `Sélectionner ${nameOf(row)}` }));
    await user.click(screen.getByRole('button', { name: /Tout présent \(2\)/ }));
    for (const row of rows)
      await waitFor(() =>
        expect(requestsTo(`/api/reservations/update_pointage/${row.id}`, 'PUT')).toHaveLength(1),
      );
  });

  it('a 409 shows the French message and reloads the list', async () => {
    const [first] = arrivals();
    mockServer.use(
      http.put(`/api/reservations/update_pointage/${first!.id}`, () =>
        HttpResponse.json({ message: 'La réservation a été modifiée entre-temps.' }, { status: 409 }),
      ),
    );
    const { user, requestsTo } = renderPage(<PointagePresenceList />, {
      url: '/dashboard/pointage-presence',
    });
    await user.click(await screen.findByRole('button', { name: `Présent : ${nameOf(first!)}` }));
    expect(await screen.findByText('La réservation a été modifiée entre-temps.')).toBeTruthy();
    expect(screen.getByText(/La liste a été rechargée/)).toBeTruthy();
    await waitFor(() => expect(requestsTo(LIST, 'POST').length).toBeGreaterThanOrEqual(2));
  });

  it('from the keyboard: ↓ moves to the next stay, P points it, the focus stays on it', async () => {
    const rows = arrivals().slice(0, 2);
    const { requestsTo } = renderPage(<PointagePresenceList />, { url: '/dashboard/pointage-presence' });
    const firstRow = (await screen.findByText(nameOf(rows[0]!))).closest('tr')!;
    firstRow.focus();
    fireEvent.keyDown(firstRow, { key: 'ArrowDown' });
    const secondRow = screen.getByText(nameOf(rows[1]!)).closest('tr')!;
    expect(document.activeElement).toBe(secondRow);
    fireEvent.keyDown(secondRow, { key: 'p' });
    await waitFor(() =>
      expect(requestsTo(`/api/reservations/update_pointage/${rows[1]!.id}`, 'PUT')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(within(secondRow).getByText('Présent', { selector: '.ant-tag' })).toBeTruthy(),
    );
    expect(document.activeElement?.getAttribute('data-row-key')).toBe(String(rows[1]!.id));
  });

  it('another day lists the arrivals of that day (date_arrivee) from the URL', async () => {
    const day = mockDay(-3);
    const { requestsTo } = renderPage(<PointagePresenceList />, {
      url: `/dashboard/pointage-presence?jour=${day}`,
    });
    await waitFor(() => expect(requestsTo(LIST, 'POST')).toHaveLength(1));
    expect(await requestsTo(LIST, 'POST')[0]!.body).toEqual({
      page: 1,
      pageSize: 50,
      date_arrivee: day,
      start_date: day,
      end_date: mockDay(1),
    });
  });
});

describe('PointagePresenceList at 23:30 UTC, Paris already on the next day', () => {
  atLateUtcEvening();
  beforeEach(() => resetReservationMocks());

  it("lists Paris's yesterday's arrivals, up to Paris's tomorrow, and offers the no-show's rest from Paris's today", async () => {
    const { user, requestsTo } = renderPage(<PointagePresenceList />, {
      url: '/dashboard/pointage-presence',
    });
    await waitFor(() => expect(requestsTo(LIST, 'POST')).toHaveLength(1));
    // Paris is on 1 January 2027: yesterday is the 31st (the browser's today), tomorrow the 2nd.
    expect(await requestsTo(LIST, 'POST')[0]!.body).toMatchObject({
      date_arrivee: LATE_UTC_EVENING.browserToday,
      start_date: LATE_UTC_EVENING.browserToday,
      end_date: '2027-01-02',
    });
    const stay = arrivals().find((row) => row.date_fin > mockDay(0))!;
    await user.click(await screen.findByRole('button', { name: `Absent : ${nameOf(stay)}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Annuler les nuits restantes/).textContent).toContain('du 01/01/2027');
  });
});
