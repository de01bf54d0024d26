import type { FastifyInstance } from 'fastify';
import { auditActionLabel, RESERVATIONS_PATHS as PATHS, type HistoriquesAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  insertScenario,
  today,
  type Scenario,
  getOk,
} from '../../../../test/fixtures/reservations-read';
import { bearer, buildTestApp, userToken } from '../../../../test/helper';
import { recordAudit, SYSTEM_ACTOR } from '../../../db/audit';
import { diff } from './historiques-service';

let app: FastifyInstance;
let token: string;
let agent: { id: number; nom: string; prenom: string };
let s: Scenario;

beforeAll(async () => {
  app = await buildTestApp();
  const login = await userToken(app, 'agent');
  token = login.token;
  agent = login.user;
  s = await insertScenario(app);
});
afterAll(() => app.close());

function get<T>(url: string): Promise<T> {
  return getOk<T>(app, token, url);
}

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
      // The scenario's extension s6 widened the parent when it was inserted (migration 0029).
      ['reservation_mere', 'periode_recalculee', 'Période de la réservation intégrale recalculée'],
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
    expect(auditActionLabel('depart_anticipe')).toBe('Départ anticipé');
    expect(auditActionLabel('pointage_paf')).toBe('Pointage PAF');
    // An action this version does not know (a row from another version) is named, not passed off as French.
    expect(auditActionLabel('nouvelle_action')).toBe('Action « nouvelle_action »');
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
