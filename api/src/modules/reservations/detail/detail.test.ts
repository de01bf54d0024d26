import type { FastifyInstance } from 'fastify';
import { RESERVATIONS_PATHS as PATHS, type ReservationDetail } from 'shared/contract';
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

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  ({ s, priced } = await insertPricedScenario(app));
});
afterAll(() => app.close());

function get<T>(url: string): Promise<T> {
  return getOk<T>(app, token, url);
}

describe('GET /reservations/:id', () => {
  it('answers the stay, its nights and totals with VAT rounded per rate', async () => {
    const { data } = await get<{ data: ReservationDetail }>(`${PATHS.one}/${priced.id}`);
    expect(data).toMatchObject({
      id: priced.id,
      statut: 'confirmee',
      nombre_nuits: 4,
      contrat_client: { id: s.a.contratClientId },
      contrat_etablissement: { id: s.a.contratEtablissementId },
      type_chambre_capacite: 2,
      demande_id: null,
      annulee_at: null,
      created_by: null,
    });
    expect(data.nuitees).toHaveLength(4);
    expect(data.nuitees[0]).toMatchObject({
      date_nuit: addDays(today, 20),
      prix_vente_ht: '33.35',
      taux_tva_repas: '5.50',
      petit_dejeuner: 1,
      presence: 'non_pointe',
      montant_paf: '3.00',
      annulee: false,
    });
    expect(data.nuitees[3]?.annulee).toBe(true);
    // Sale: 10 % base 3 × 33.35 = 100.05 → 10.005 → 10.01 (per line it would be 3 × 3.34 = 10.02);
    // 5.5 % base 6.50 → 0.3575 → 0.36. Purchase: 60.00 → 6.00, 4.00 → 0.22. The cancelled night counts nowhere.
    expect(data.totaux).toEqual({
      nuitees: 3,
      nuitees_annulees: 1,
      vente: { ht: '106.55', tva: '10.37', ttc: '116.92' },
      achat: { ht: '64.00', tva: '6.22', ttc: '70.22' },
      marge_ht: '42.55',
      montant_paf: '9.00',
      montant_caf: '0.00',
      petit_dejeuner: 1,
      dejeuner: 0,
      diner: 0,
    });
    expect(data.chaine).toEqual([
      {
        id: priced.id,
        type_resa: 'initiale',
        statut: 'confirmee',
        date_debut: addDays(today, 20),
        date_fin: addDays(today, 24),
      },
    ]);
    // Confirmed, not started, ends in the future, not extended.
    expect(data.actions).toEqual({
      confirmer: false,
      annuler: true,
      prolonger: true,
      modifier: true,
      pointer: false,
      retablir: false,
    });
  });

  it('answers the chain from the initial stay, and the actions per state', async () => {
    const fromExtension = await get<{ data: ReservationDetail }>(`${PATHS.one}/${s.s6.id}`);
    expect(fromExtension.data.chaine.map((link) => [link.id, link.type_resa])).toEqual([
      [s.s5.id, 'initiale'],
      [s.s6.id, 'prolongation'],
    ]);
    expect(fromExtension.data.actions).toEqual({
      confirmer: true,
      annuler: true,
      prolonger: true,
      modifier: true,
      pointer: true,
      retablir: false,
    });
    const extended = (await get<{ data: ReservationDetail }>(`${PATHS.one}/${s.s5.id}`)).data;
    expect(extended.chaine.map((link) => link.id)).toEqual([s.s5.id, s.s6.id]);
    expect(extended.prolongee_par_id).toBe(s.s6.id);
    expect(extended.actions.prolonger).toBe(false);
    const cancelled = (await get<{ data: ReservationDetail }>(`${PATHS.one}/${s.s7.id}`)).data;
    expect(cancelled.annulee_at).not.toBeNull();
    expect(cancelled.actions).toEqual({
      confirmer: false,
      annuler: false,
      prolonger: false,
      modifier: false,
      pointer: false,
      retablir: false,
    });
    const finished = (await get<{ data: ReservationDetail }>(`${PATHS.one}/${s.s2.id}`)).data;
    expect(finished.actions).toEqual({
      confirmer: false,
      annuler: false,
      prolonger: false,
      modifier: false,
      pointer: true,
      retablir: false,
    });
  });

  it('answers 404 for an unknown stay and 400 for a bad id', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: `/api${PATHS.one}/999999`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Réservation introuvable.' });
    const bad = await app.inject({ method: 'GET', url: `/api${PATHS.one}/abc`, headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });
});
