import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { advanceStatuses, statusTaskPlugin } from './status-task';
import {
  auditActions,
  book,
  buildWorld,
  call,
  day,
  nightsOf,
  residents,
  stayOf,
  type World,
} from './write-fixtures';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

async function runningStay(options: Record<string, unknown> = {}) {
  const [id = 0] = await residents(w, 1);
  const { reservation_ids } = await book(w, [id], {
    start_date: day(-3),
    end_date: day(2),
    confirmer: true,
    ...options,
  });
  return reservation_ids[0] ?? 0;
}

describe('PUT /reservations/update_pointage/:id', () => {
  it("marks yesterday's night by default, or the given past nights; 400 for future or foreign dates", async () => {
    const stay = await runningStay();
    const response = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, { presence: 'present' });
    expect(response.statusCode, response.body).toBe(200);
    let nights = await nightsOf(w, stay);
    expect(nights.map((n) => n.presence)).toEqual([
      'non_pointe',
      'non_pointe',
      'present',
      'non_pointe',
      'non_pointe',
    ]);
    const two = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'absent',
      dates: [day(-3), day(-2), day(0)],
    });
    expect(two.statusCode, two.body).toBe(200);
    nights = await nightsOf(w, stay);
    expect(nights.map((n) => n.presence)).toEqual(['absent', 'absent', 'present', 'absent', 'non_pointe']);
    const future = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'present',
      dates: [day(1)],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/pas encore passée/);
    const foreign = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'present',
      dates: [day(-10)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (await call(w, 'PUT', `/reservations/update_pointage/${stay}`, { presence: 'peut-être' })).statusCode,
    ).toBe(400);
    expect(
      (await call(w, 'PUT', '/reservations/update_pointage/999999', { presence: 'present' })).statusCode,
    ).toBe(404);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'pointage', 'pointage']);
  });
});

describe('PUT /reservations/apec/:id', () => {
  it('sets the flag, audited', async () => {
    const stay = await runningStay();
    const response = await call(w, 'PUT', `/reservations/apec/${stay}`, { apec: true });
    expect(response.statusCode).toBe(200);
    expect((await stayOf(w, stay))?.apec).toBe(true);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'apec']);
    expect((await call(w, 'PUT', `/reservations/apec/${stay}`, {})).statusCode).toBe(400);
  });
});

describe('PUT /reservations/pointage_paf_caf/:id', () => {
  it('sets the state of past nights and the summary; 409 when the stream does not apply', async () => {
    const stay = await runningStay({ status_paf: true });
    const caf = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, { type: 'caf', etat: 'paye' });
    expect(caf.statusCode).toBe(409);
    expect(caf.json().message).toBe(`Le flux CAF ne s'applique pas à la réservation n° ${stay}.`);
    const paid = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await nightsOf(w, stay)).map((n) => n.etat_paf)).toEqual([
      'paye',
      'paye',
      'paye',
      'a_verifier',
      'a_verifier',
    ]);
    expect((await stayOf(w, stay))?.etat_payment_paf).toBe('paye');
    const unpaid = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'non_paye',
      start_date: day(-3),
      end_date: day(-2),
    });
    expect(unpaid.statusCode).toBe(200);
    expect((await stayOf(w, stay))?.etat_payment_paf).toBe('non_paye');
    const reversed = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
      start_date: day(-2),
      end_date: day(-3),
    });
    expect(reversed.statusCode).toBe(400);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'pointage_paf', 'pointage_paf']);
  });
});

describe('advanceStatuses', () => {
  it('moves confirmed stays to en_cours and finished ones to terminee, idempotently, audited', async () => {
    const running = await runningStay();
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], {
      start_date: day(-5),
      end_date: day(0),
      confirmer: true,
    });
    const finished = reservation_ids[0] ?? 0;
    const first = await advanceStatuses(w.app.db);
    expect(first.en_cours).toBeGreaterThanOrEqual(1);
    expect(first.terminee).toBeGreaterThanOrEqual(1);
    expect((await stayOf(w, running))?.statut).toBe('en_cours');
    expect((await stayOf(w, finished))?.statut).toBe('terminee');
    expect(await advanceStatuses(w.app.db)).toEqual({ en_cours: 0, terminee: 0 });
    expect(await auditActions(w, 'reservation', finished)).toEqual(['creation', 'statut_auto']);
  });
});

describe('statusTaskPlugin', () => {
  it('runs the task when the app is ready and stops on close', async () => {
    const running = await runningStay({ type_chambre_id: w.simple.id });
    const host = Fastify();
    await host.register(
      fp(
        async (app) => {
          app.decorate('db', w.app.db);
          app.decorate('dbInfo', w.app.dbInfo);
        },
        { name: 'db' },
      ),
    );
    await host.register(statusTaskPlugin);
    await host.ready();
    for (let i = 0; i < 50 && (await stayOf(w, running))?.statut !== 'en_cours'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await host.close();
    expect((await stayOf(w, running))?.statut).toBe('en_cours');
  });
});
