/**
 * A large export is a task (202) whose request slot is given back once queued: the user's export tasks waiting or
 * running count against the per-user cap, or a looping client queues exports without end (plugins/export-slots.ts).
 */
import type { FastifyInstance } from 'fastify';
import { RESERVATION_EXPORTS } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReservation, insertResident, insertWorld } from '../../test/fixtures/reservations-read';
import { bearer, buildTestApp, userToken } from '../../test/helper';
import { DEFAULT_EXPORT_LIMITS, EXPORT_MESSAGES, EXPORT_RETRY_AFTER_SECONDS } from './export-slots';

let app: FastifyInstance;
let agent: string;
let admin: string;

beforeAll(async () => {
  // 3 rows are "large" here; the runner is not started: queued tasks wait until drain().
  app = await buildTestApp({ exportTaskThreshold: 3 });
  agent = (await userToken(app, 'agent')).token;
  admin = (await userToken(app, 'admin')).token;
  const world = await insertWorld(app, { client: 'Client File' });
  for (let index = 0; index < 5; index += 1) {
    const resident = (await insertResident(app, world.clientId, { nom: `File${index}`, prenom: 'Test' })).id;
    await insertReservation(app, world, {
      pensionnaireId: resident,
      dateDebut: '2026-03-01',
      dateFin: '2026-03-04',
    });
  }
});
afterAll(() => app.close());

const exportAs = (token: string) =>
  app.inject({
    method: 'POST',
    url: `/api${RESERVATION_EXPORTS.excelResaAll.path}`,
    headers: bearer(token),
    payload: { client: 'Client File' },
  });

describe('export tasks and the per-user cap', () => {
  it('refuses a user a new export task while the cap’s worth of theirs wait or run, then takes it once done', async () => {
    for (let index = 0; index < DEFAULT_EXPORT_LIMITS.perUser; index += 1)
      expect((await exportAs(agent)).statusCode).toBe(202);
    const refused = await exportAs(agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(
      EXPORT_MESSAGES.queued(DEFAULT_EXPORT_LIMITS.perUser),
    );
    expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    // Another user is not held back by them.
    expect((await exportAs(admin)).statusCode).toBe(202);
    // The refused request gave its slot back: nothing left held in memory.
    expect(app.exportSlots.running).toBe(0);

    await app.tasks.drain();
    expect((await exportAs(agent)).statusCode).toBe(202);
    await app.tasks.drain();
  });
});
