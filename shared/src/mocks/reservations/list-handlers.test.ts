import { beforeEach, describe, expect, it } from 'vitest';
import {
  DASHBOARD_RESERVATION_FILTERS,
  RESERVATION_EXPORTS,
  RESERVATION_STATUTS,
  type ReservationItem,
} from '../../contract';
import { mockToken } from '../common/users';
import { mockReservations, resetReservationMocks } from './store';
import { freshReservations, freshReservationsIntegrales, mockDay } from './list-fixtures';

const TOKEN = mockToken();

async function call(method: 'POST' | 'PUT', path: string, body: unknown, token: string | null = TOKEN) {
  const response = await fetch(`${window.location.origin}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('Content-Type') ?? '';
  return {
    status: response.status,
    type,
    body: type.includes('json')
      ? ((await response.json()) as Record<string, unknown>)
      : await response.blob(),
  };
}

const rowsOf = (body: unknown) => (body as { reservations: ReservationItem[] }).reservations;

beforeEach(() => resetReservationMocks());

describe('reservation fixtures', () => {
  it('hold 40 stays over 6 parents, every status, both types, some extendable', () => {
    const rows = freshReservations();
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.id_reservation_mere)).size).toBe(6);
    for (const statut of RESERVATION_STATUTS) expect(rows.some((r) => r.statut === statut)).toBe(true);
    expect(rows.some((r) => r.type_resa === 'prolongation')).toBe(true);
    expect(rows.filter((r) => r.prolongable).length).toBeGreaterThan(3);
    expect(freshReservationsIntegrales(rows).reduce((n, p) => n + p.nombre_reservations, 0)).toBe(40);
  });
});

describe('reservation list mocks', () => {
  it('POST /reservations pages, sorts (default date_debut desc) and filters like the API', async () => {
    const first = await call('POST', '/reservations', { page: 1, pageSize: 10 });
    expect(first.status).toBe(200);
    const body = first.body as { reservations: ReservationItem[]; total: number };
    expect(body.total).toBe(40);
    expect(body.reservations).toHaveLength(10);
    const starts = body.reservations.map((r) => r.date_debut);
    expect(starts).toEqual([...starts].sort().reverse());
    const filtered = await call('POST', '/reservations', {
      page: 1,
      pageSize: 50,
      statut: ['annulee', 'en_attente'],
      client_id: 2,
      pensionnaire: 'ROUX',
    });
    expect(rowsOf(filtered.body).map((r) => r.id)).toEqual([36]);
    const sorted = await call('POST', '/reservations', {
      page: 1,
      pageSize: 3,
      sort: 'pensionnaire',
      order: 'asc',
    });
    expect(rowsOf(sorted.body)[0]!.pensionnaire_nom).toBe('Benali');
  });

  it('searches case and accents aside, a resident by name and first name in either order', async () => {
    const ids = async (filters: Record<string, unknown>) =>
      rowsOf((await call('POST', '/reservations', { page: 1, pageSize: 50, ...filters })).body).map(
        (r) => r.id,
      );
    const moreau = mockReservations.filter((r) => r.pensionnaire_nom === 'Moreau').map((r) => r.id);
    expect(moreau.length).toBeGreaterThan(0);
    for (const pensionnaire of ['moreau elodie', 'ÉLODIE MOREAU', 'élôdie'])
      expect((await ids({ pensionnaire })).sort(), pensionnaire).toEqual([...moreau].sort());
    const parc = mockReservations.filter((r) => r.etablissement_nom === 'Hôtel du Parc').length;
    expect(parc).toBeGreaterThan(0);
    expect(await ids({ etablissement: 'HOTEL DU PARC' })).toHaveLength(parc);
    const departement = mockReservations.filter((r) => r.client_id === 1).length;
    expect(await ids({ client: 'departemental' })).toHaveLength(departement);
    expect(await ids({ pensionnaire: 'moreau_' })).toEqual([]);
  });

  it('applies the derived filters etat=prolongable, jours=a_prolonger and jours=commence_h', async () => {
    const prolonger = await call('POST', '/reservations', {
      page: 1,
      pageSize: 50,
      etat: 'prolongable',
      jours: 'a_prolonger',
    });
    const rows = rowsOf(prolonger.body);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.prolongable && [mockDay(0), mockDay(1)].includes(r.date_fin))).toBe(true);
    const hier = await call('POST', '/reservations', { page: 1, pageSize: 50, jours: 'commence_h' });
    expect(rowsOf(hier.body).every((r) => r.date_debut === mockDay(-1))).toBe(true);
    expect(rowsOf(hier.body).length).toBe(4);
  });

  it('rejects unknown fields and bad values with a French 400, and needs a token', async () => {
    expect((await call('POST', '/reservations', { page: 1, pageSize: 10, couleur: 'bleu' })).status).toBe(
      400,
    );
    const bad = await call('POST', '/reservations', { page: 1, pageSize: 10, statut: 'perdue' });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining('statut') } });
    expect((await call('POST', '/reservations', { page: 1, pageSize: 10 }, null)).status).toBe(401);
  });

  it('counts the dashboard filters with POST /reservationsNumber', async () => {
    for (const filters of Object.values(DASHBOARD_RESERVATION_FILTERS)) {
      const answer = await call('POST', '/reservationsNumber', filters);
      expect(answer.status).toBe(200);
      expect((answer.body as { total: number }).total).toBeGreaterThan(0);
    }
  });

  it('lists full reservations with their summary and filters', async () => {
    const all = await call('POST', '/reservations_integrales', { page: 1, pageSize: 20 });
    const body = all.body as { reservations_integrales: { id: number }[]; total: number };
    expect(body.total).toBe(6);
    const ccas = await call('POST', '/reservations_integrales', { page: 1, pageSize: 20, client: 'ccas' });
    expect(ccas.body).toMatchObject({
      total: 1,
      reservations_integrales: [{ id: 3, statuts: { terminee: 4, annulee: 2 }, nombre_pensionnaires: 3 }],
    });
    const moreau = await call('POST', '/reservations_integrales', {
      page: 1,
      pageSize: 20,
      pensionnaire: 'moreau',
    });
    expect((moreau.body as typeof body).reservations_integrales.map((p) => p.id).sort()).toEqual([1, 4]);
  });
});

describe('extension mocks', () => {
  it('prolongation_multiple is all or nothing: 409 with msg and per-row reasons, nothing created', async () => {
    const answer = await call('POST', '/reservations/prolongation_multiple', {
      reservation_ids: [3, 16],
      end_date: mockDay(10),
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      msg: expect.stringContaining('aucune'),
      resultats: [{ reservation_id: 16, ok: false }],
    });
    expect(mockReservations).toHaveLength(40);
  });

  it('prolongation_multiple partiel extends what can be and reports the rest', async () => {
    const answer = await call('POST', '/reservations/prolongation_multiple', {
      reservation_ids: [3, 16],
      end_date: mockDay(10),
      partiel: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      resultats: [
        { reservation_id: 3, ok: true, prolongation_id: 41 },
        { reservation_id: 16, ok: false, prolongation_id: null },
      ],
    });
    expect(mockReservations.find((r) => r.id === 41)).toMatchObject({
      type_resa: 'prolongation',
      prolongation_de_id: 3,
      date_debut: mockDay(1),
      date_fin: mockDay(10),
      nombre_nuits: 9,
    });
    expect(mockReservations.find((r) => r.id === 3)).toMatchObject({
      prolongee_par_id: 41,
      prolongable: false,
    });
  });

  it('PUT prolongation/:id extends one stay, or every resident of the parent; 409 when not possible', async () => {
    const one = await call('PUT', '/reservations/prolongation/6', { end_date: mockDay(9) });
    expect(one).toMatchObject({ status: 200, body: { id_reservation_mere: 1, reservation_ids: [41] } });
    expect((await call('PUT', '/reservations/prolongation/6', { end_date: mockDay(12) })).status).toBe(409);
    const all = await call('PUT', '/reservations/prolongation/9', {
      end_date: mockDay(30),
      applyToAllPr: true,
    });
    expect(all.status).toBe(200);
    expect((all.body as { reservation_ids: number[] }).reservation_ids).toHaveLength(6);
    expect((await call('PUT', '/reservations/prolongation/999', { end_date: mockDay(30) })).status).toBe(404);
  });

  it('exports answer a file of the right type', async () => {
    const pdf = await call('POST', RESERVATION_EXPORTS.pdfResa.path, { etat: 'prolongable' });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const xlsx = await call('POST', RESERVATION_EXPORTS.excelProlonger.path, {});
    expect(xlsx.type).toContain('spreadsheetml');
    expect((await call('POST', RESERVATION_EXPORTS.excelResaAll.path, { foo: 1 })).status).toBe(400);
  });
});
