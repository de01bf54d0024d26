import type { FastifyInstance } from 'fastify';
import {
  RESERVATIONS_PATHS as PATHS,
  type HistoriquesAnswer,
  type RecapAnswer,
  type ReservationDetail,
  type ReservationIntegraleDetail,
  type ReservationIntegraleListAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { recordAudit, SYSTEM_ACTOR } from '../../db/audit';
import { diff, libelleOf } from './historiques-service';
import {
  addDays,
  insertReservation,
  insertResident,
  insertScenario,
  today,
  type Scenario,
} from './read-fixtures';

let app: FastifyInstance;
let token: string;
let agent: { id: number; nom: string; prenom: string };
let s: Scenario;
let priced: { id: number; mereId: number };
let mate: { id: number; mereId: number };

beforeAll(async () => {
  app = await buildTestApp();
  const login = await userToken(app, 'agent');
  token = login.token;
  agent = login.user;
  s = await insertScenario(app);
  // 4 nights from T+20 at 33.35 HT (10 %), breakfast on the first (6.50 HT, 5.5 %), the last night cancelled.
  const start = addDays(today, 20);
  priced = await insertReservation(app, s.a, {
    pensionnaireId: s.diallo.id,
    dateDebut: start,
    dateFin: addDays(start, 4),
    statusPaf: true,
    night: {
      prixVenteHt: '33.35',
      prixAchatHt: '20.00',
      tauxTvaNuitee: '10.00',
      tauxTvaRepas: '5.50',
      montantPaf: '3.00',
    },
    nights: {
      [start]: { petitDejeuner: 1, prixPetitDejeunerHt: '6.50', prixAchatPetitDejeunerHt: '4.00' },
      [addDays(start, 3)]: { annulee: true },
    },
  });
  // A second resident in the same parent (2 nights at 75.00 / 60.00, 10 %).
  const other = await insertResident(app, s.a.clientId, { nom: 'Bernard', prenom: 'Zoé' });
  mate = await insertReservation(app, s.a, {
    pensionnaireId: other.id,
    dateDebut: start,
    dateFin: addDays(start, 2),
    statut: 'en_attente',
    mereId: priced.mereId,
  });
});
afterAll(() => app.close());

async function get<T>(url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
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
    });
    const finished = (await get<{ data: ReservationDetail }>(`${PATHS.one}/${s.s2.id}`)).data;
    expect(finished.actions).toEqual({
      confirmer: false,
      annuler: false,
      prolonger: false,
      modifier: false,
      pointer: true,
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
    expect(data.actions).toEqual({ confirmer: true, annuler: true, prolonger: true });
    const extended = await get<{ data: ReservationIntegraleDetail }>(`${PATHS.integrales}/${s.s7.mereId}`);
    expect(extended.data.actions).toEqual({ confirmer: false, annuler: false, prolonger: false });
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

describe('GET /reservations/historiques/:id', () => {
  it('answers the audit rows of the stay, its parent and its extension, newest first', async () => {
    const user = { kind: 'user' as const, userId: agent.id };
    await recordAudit(app.db, {
      entity: 'reservation_mere',
      entityId: s.s5.mereId,
      action: 'creation',
      after: { dateDebut: addDays(today, -3) },
      actor: user,
    });
    await recordAudit(app.db, {
      entity: 'reservation',
      entityId: s.s5.id,
      action: 'confirmation',
      before: { statut: 'en_attente', version: 1, updatedAt: 'x' },
      after: { statut: 'confirmee', version: 2, updatedAt: 'y' },
      actor: user,
    });
    await recordAudit(app.db, {
      entity: 'reservation',
      entityId: s.s5.id,
      action: 'statut_auto',
      before: { statut: 'confirmee' },
      after: { statut: 'en_cours' },
      actor: SYSTEM_ACTOR,
    });
    await recordAudit(app.db, {
      entity: 'reservation',
      entityId: s.s6.id,
      action: 'creation',
      after: { prolongationDeId: s.s5.id },
      actor: user,
    });
    // Another stay's row: not shown.
    await recordAudit(app.db, { entity: 'reservation', entityId: s.s1.id, action: 'apec', actor: user });

    const { historiques } = await get<HistoriquesAnswer>(`${PATHS.historiques}/${s.s5.id}`);
    expect(historiques.map((row) => [row.entite, row.action, row.libelle])).toEqual([
      ['reservation', 'creation', 'Création'],
      ['reservation', 'statut_auto', 'Changement de statut automatique'],
      ['reservation', 'confirmation', 'Confirmation'],
      ['reservation_mere', 'creation', 'Création'],
    ]);
    expect(historiques[1]?.acteur).toEqual({ type: 'system', id: null, nom: 'Système' });
    expect(historiques[2]?.acteur).toEqual({
      type: 'user',
      id: agent.id,
      nom: `${agent.prenom} ${agent.nom}`,
    });
    expect(historiques[2]?.changements).toEqual([
      { champ: 'statut', avant: 'en_attente', apres: 'confirmee' },
    ]);
    expect(historiques[2]?.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    const missing = await app.inject({
      method: 'GET',
      url: `/api${PATHS.historiques}/999999`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('labels actions in French and diffs before / after', () => {
    expect(libelleOf('depart_anticipe')).toBe('Départ anticipé');
    expect(libelleOf('pointage_paf')).toBe('Pointage PAF');
    expect(libelleOf('nouvelle_action')).toBe('Nouvelle action');
    expect(diff(null, { chambre: '12' })).toEqual([{ champ: 'chambre', avant: null, apres: '12' }]);
    expect(diff({ a: 1, b: [1] }, { a: 1, b: [2] })).toEqual([{ champ: 'b', avant: [1], apres: [2] }]);
    // A stay's reading order, whatever order jsonb kept; bookkeeping fields left out.
    expect(
      diff(
        { version: 1 },
        { inconnu: 1, diner: true, version: 2, date_fin: '2026-12-02', statut: 'confirmee' },
      ).map((change) => change.champ),
    ).toEqual(['statut', 'date_fin', 'diner', 'inconnu']);
  });
});
