/** Test data and calls of the invoicing tests: a world with stays in a past month, the settings, the API calls. */
import type { FastifyInstance } from 'fastify';
import type { FacturationParametresBody, FactureDetail, FactureWritten } from 'shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, userToken } from '../../../test/helper';
import { rowsOf } from '../../db/raw';
import {
  insertReservation,
  insertResident,
  insertWorld,
  type World,
} from '../../../test/fixtures/reservations-read';
import { bearer } from '../../../test/helper';

/** A past month: its nights are all billable, whatever today is. */
export const MOIS = '2026-03';

export const SETTINGS: FacturationParametresBody = {
  raisonSociale: 'Centrale Hébergement Solidaire',
  formeJuridique: 'SAS au capital de 10 000 €',
  adresseLigne1: '10 rue de la République',
  adresseLigne2: null,
  codePostal: '69001',
  ville: 'Lyon',
  pays: 'FR',
  siren: '123456789',
  siret: '12345678900017',
  numeroTva: 'FR32123456789',
  email: 'facturation@centrale.test',
  telephone: null,
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  delaiPaiementJours: 30,
  tauxPenalites: '12.15',
  indemniteRecouvrement: '40',
  mentionExoneration: null,
};

export function caller(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

export async function saveSettings(app: FastifyInstance, admin: string) {
  const response = await caller(app)('PUT', '/facturation/parametres', admin, SETTINGS);
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A client with two residents in March: Awa 2026-03-02 → 03-06 (4 nights, 75.00 at 10 %), Moussa 2026-03-28 →
 * 04-03 (4 nights in March, 2 in April) with a breakfast each night (7.50 at 5.5 %).
 */
export async function marchWorld(app: FastifyInstance, name: string): Promise<World & { stays: number[] }> {
  const world = await insertWorld(app, {
    client: `${name} ${Date.now()}`,
    hotel: `Hôtel ${name} ${Date.now()}`,
  });
  const awa = await insertResident(app, world.clientId, { nom: 'Koné', prenom: 'Awa' });
  const moussa = await insertResident(app, world.clientId, { nom: 'Traoré', prenom: 'Moussa' });
  const a = await insertReservation(app, world, {
    pensionnaireId: awa.id,
    dateDebut: '2026-03-02',
    dateFin: '2026-03-06',
    statut: 'terminee',
  });
  const m = await insertReservation(app, world, {
    pensionnaireId: moussa.id,
    dateDebut: '2026-03-28',
    dateFin: '2026-04-03',
    statut: 'terminee',
    night: { petitDejeuner: 1, prixPetitDejeunerHt: '7.50', tauxTvaRepas: '5.50' },
  });
  return { ...world, stays: [a.id, m.id] };
}

export async function draft(
  app: FastifyInstance,
  token: string,
  clientId: number,
  mois = MOIS,
): Promise<FactureDetail> {
  const response = await caller(app)('POST', '/facturation/factures', token, { clientId, mois });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FactureWritten>().data;
}

export async function issue(app: FastifyInstance, admin: string, id: number): Promise<FactureDetail> {
  const response = await caller(app)('POST', `/facturation/factures/${id}/emission`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FactureWritten>().data;
}

/** « Préparer les factures du mois » through its task: queued (202), then run; the drafts' ids. */
export async function prepareMonthTask(app: FastifyInstance, admin: string, mois = MOIS): Promise<number[]> {
  const response = await caller(app)('POST', '/facturation/preparation', admin, { mois });
  expect(response.statusCode, response.body).toBe(202);
  const taskId = response.json<{ task_id: number }>().task_id;
  // Tests run the queued tasks themselves (TasksPluginOptions.run is off).
  await app.tasks.drain();
  const [task] = await rowsOf<{
    statut: string;
    erreur: string | null;
    resultat: { details?: { factureIds: number[] } };
  }>(app.db, sql`select statut, erreur, resultat from tasks where id = ${taskId}`);
  expect(task?.statut, task?.erreur ?? '').toBe('terminee');
  return task?.resultat.details?.factureIds ?? [];
}

/** The app of an invoicing test file, an administrator's and an agent's sessions, and the call helper. */
export interface FacturationSuite {
  app: FastifyInstance;
  admin: string;
  agent: string;
  call: ReturnType<typeof caller>;
}

/**
 * Builds the app of an invoicing test file before its tests (with an administrator's and an agent's sessions and the
 * call helper; the seller's settings saved too `withSettings`) and closes it after them. The fields are set from
 * the file's `beforeAll` on.
 */
export function facturationSuite(options: { withSettings?: boolean } = {}): FacturationSuite {
  const suite = {} as FacturationSuite;
  beforeAll(async () => {
    const app = await buildTestApp();
    const admin = (await userToken(app, 'admin')).token;
    const agent = (await userToken(app, 'agent')).token;
    Object.assign(suite, { app, admin, agent, call: caller(app) });
    if (options.withSettings) await saveSettings(app, admin);
  });
  afterAll(() => suite.app?.close());
  return suite;
}
