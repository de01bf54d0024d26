import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  book,
  buildWorld,
  day,
  residents,
  runningStay,
  stayOf,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { buildTestApp } from '../../../../test/helper';
import { oneOf } from '../../../db/raw';
import { tasksPlugin } from '../../taches/tasks-plugin';
import { advanceStatuses, statusTaskPlugin } from './status-task';

let w: World;

const maintained = async () =>
  (await oneOf<{ rows: number; total: number; counted: number }>(
    w.app.db,
    sql`select count(*)::int as rows, coalesce(sum(variation), 0)::int as total,
      (select count(*)::int from reservations) as counted from reservations_total`,
  )) ?? { rows: 0, total: 0, counted: 0 };

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

describe('advanceStatuses', () => {
  it('moves confirmed stays to en_cours and finished ones to terminee, idempotently, audited', async () => {
    const running = await runningStay(w);
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
  it('runs the task when the app is ready (scheduled, through the task runner) and stops on close', async () => {
    const running = await runningStay(w, { type_chambre_id: w.simple.id });
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
    await host.register(tasksPlugin, { run: true, schedules: true, runner: { pollMs: 50 } });
    await host.register(statusTaskPlugin);
    await host.ready();
    for (let i = 0; i < 50 && (await stayOf(w, running))?.statut !== 'en_cours'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // The same task compacts the maintained number of stays (migration 0013) to one row, the exact count.
    for (let i = 0; i < 50 && (await maintained()).rows !== 1; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await host.close();
    expect((await stayOf(w, running))?.statut).toBe('en_cours');
    const { rows, total, counted } = await maintained();
    expect(rows).toBe(1);
    expect(total).toBe(counted);
  });
});
