import type { FastifyInstance } from 'fastify';
import {
  RESERVATIONS_PATHS as PATHS,
  type RecapAnswer,
  type ReservationIntegraleDetail,
  type ReservationIntegraleListAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  insertPricedScenario,
  today,
  type Scenario,
  getOk,
} from '../../../../test/fixtures/reservations-read';
import { bearer, buildTestApp, userToken } from '../../../../test/helper';

let app: FastifyInstance;
let token: string;
let s: Scenario;
let priced: { id: number; mereId: number };
let mate: { id: number; mereId: number };

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  ({ s, priced, mate } = await insertPricedScenario(app));
});
afterAll(() => app.close());

function get<T>(url: string): Promise<T> {
  return getOk<T>(app, token, url);
}

describe('full reservations', () => {
  it('lists parents with counts, filters and a total', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${PATHS.integrales}`,
      headers: bearer(token),
      payload: { client_id: s.a.clientId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ReservationIntegraleListAnswer>();
    // s1, s2, s4, s7 and the two-resident parent: 5 parents, newest start first.
    expect(answer.total).toBe(5);
    expect(answer.reservations_integrales[0]).toMatchObject({
      id: priced.mereId,
      client_nom: s.a.clientNom,
      etablissement_nom: s.a.etablissementNom,
      contrat_client: { id: s.a.contratClientId },
      nombre_reservations: 2,
      nombre_pensionnaires: 2,
      statuts: { confirmee: 1, en_attente: 1 },
    });
    const search = async (payload: Record<string, unknown>) => {
      const found = await app.inject({
        method: 'POST',
        url: `/api${PATHS.integrales}`,
        headers: bearer(token),
        payload,
      });
      expect(found.statusCode, found.body).toBe(200);
      return found.json<ReservationIntegraleListAnswer>().reservations_integrales.map((row) => row.id);
    };
    expect(await search({ pensionnaire: 'zoé' })).toEqual([priced.mereId]);
    expect((await search({ pensionnaire: 'bx-200' })).sort((x, y) => x - y)).toEqual(
      [s.s3.mereId, s.s5.mereId].sort((x, y) => x - y),
    );
    expect(await search({ statut: 'annulee' })).toEqual([s.s7.mereId]);
    expect(await search({ etablissement: 'rivage', start_date: addDays(today, 6) })).toEqual([s.s3.mereId]);
    expect(await search({ client: 'bravo', sort: 'id', order: 'asc', pageSize: 1, page: 2 })).toEqual([
      Math.max(s.s3.mereId, s.s5.mereId),
    ]);
    const bad = await app.inject({
      method: 'POST',
      url: `/api${PATHS.integrales}`,
      headers: bearer(token),
      payload: { jours: 'a_prolonger' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers one parent with its stays, totals over all of them and actions', async () => {
    const { data } = await get<{ data: ReservationIntegraleDetail }>(`${PATHS.integrales}/${priced.mereId}`);
    expect(data.reservations.map((row) => row.id)).toEqual([mate.id, priced.id]); // Bernard, then Diallo
    // priced (above) + mate: 2 × 75.00 at 10 % → sale 10 % base 250.05 → 25.01 (25.005), 5.5 % 0.36.
    expect(data.totaux).toMatchObject({
      nuitees: 5,
      nuitees_annulees: 1,
      vente: { ht: '256.55', tva: '25.37', ttc: '281.92' },
      achat: { ht: '184.00', tva: '18.22', ttc: '202.22' },
      marge_ht: '72.55',
    });
    expect(data.actions).toEqual({ confirmer: true, annuler: true, prolonger: true, ajouter: true });
    const extended = await get<{ data: ReservationIntegraleDetail }>(`${PATHS.integrales}/${s.s7.mereId}`);
    // s7's only stay is cancelled: nothing to do, not even a newcomer.
    expect(extended.data.actions).toEqual({
      confirmer: false,
      annuler: false,
      prolonger: false,
      ajouter: false,
    });
    const missing = await app.inject({
      method: 'GET',
      url: `/api${PATHS.integrales}/999999`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('recaps one row per resident, the chain summed', async () => {
    const { reservations } = await get<RecapAnswer>(`${PATHS.integraleRecap}/${s.s5.mereId}`);
    expect(reservations).toHaveLength(1);
    expect(reservations[0]).toMatchObject({
      pensionnaire_id: s.durand.id,
      pensionnaire_nom: 'Durand',
      numero_dossier: 'BX-2001',
      date_debut: addDays(today, -3),
      date_fin: addDays(today, 2),
      reservation_ids: [s.s5.id, s.s6.id],
      derniere_reservation_id: s.s6.id,
      statut: 'en_attente',
      totaux: { nuitees: 5, vente: { ht: '375.00', tva: '37.50', ttc: '412.50' } },
    });
    const two = await get<RecapAnswer>(`${PATHS.integraleRecap}/${priced.mereId}`);
    expect(two.reservations.map((row) => [row.pensionnaire_nom, row.totaux.nuitees])).toEqual([
      ['Bernard', 2],
      ['Diallo', 3],
    ]);
    const cancelled = await get<RecapAnswer>(`${PATHS.integraleRecap}/${s.s7.mereId}`);
    expect(cancelled.reservations[0]).toMatchObject({ statut: 'annulee', derniere_reservation_id: null });
    const missing = await app.inject({
      method: 'GET',
      url: `/api${PATHS.integraleRecap}/999999`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });
});
