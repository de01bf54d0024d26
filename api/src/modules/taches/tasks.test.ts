import { TASK_ROUTE_MESSAGES } from 'shared/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Task, TaskListAnswer, TaskQueuedAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  FAST_SCRYPT,
  userToken,
  type TestDatabase,
} from '../../../test/helper';
import { buildApp } from '../../app';
import { oneOf, rowsOf } from '../../db/raw';
import { BadRequestError } from '../../errors';
import { TASK_MESSAGES } from './task-runner';
import { dailyFrom, hourly, runIfDue } from './task-schedules';

const list = async (app: FastifyInstance, token: string, query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/tasks${query}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json<TaskListAnswer & { message?: string }>() };
};

const stateOf = (app: FastifyInstance, id: number) =>
  oneOf<{ statut: string; erreur: string | null; progression: number }>(
    app.db,
    sql`select statut, erreur, progression from tasks where id = ${id}`,
  );

describe('tasks: lifecycle, visibility, « Relancer »', () => {
  let app: FastifyInstance;
  let agent: { user: { id: number }; token: string };
  let other: { user: { id: number }; token: string };
  let admin: { user: { id: number }; token: string };
  let failOnce = true;

  beforeAll(async () => {
    app = await buildTestApp();
    app.tasks.define('test_fichier', {
      run: async ({ progress, parametres }) => {
        await progress(40);
        await progress(80);
        return {
          message: `Fichier prêt (${String(parametres.lignes)} lignes).`,
          fichier: { nom: 'test.csv', typeContenu: 'text/csv', contenu: Buffer.from('a;b\n1;2\n') },
        };
      },
    });
    app.tasks.define('test_echec', {
      run: async () => {
        if (failOnce) {
          failOnce = false;
          throw new BadRequestError('Le fichier source est introuvable.');
        }
        return { message: 'Réussie à la relance.' };
      },
    });
    app.tasks.define('test_plantage', {
      run: async () => {
        throw new TypeError('cannot read properties of undefined (internal detail)');
      },
    });
    agent = await userToken(app, 'agent');
    other = await userToken(app, 'agent');
    admin = await userToken(app, 'admin');
  });
  afterAll(() => app.close());

  it('queues, runs with progress, finishes with a result and a file to download', async () => {
    const id = await app.tasks.enqueue(app.db, 'test_fichier', {
      parametres: { lignes: 2 },
      createdBy: agent.user.id,
    });
    const queued = await list(app, agent.token);
    expect(queued.status).toBe(200);
    expect(queued.body.data.find((t) => t.id === id)).toMatchObject({
      statut: 'en_attente',
      progression: 0,
      resultat: null,
      started_at: null,
      demandeur: { id: agent.user.id },
    });

    expect(await app.tasks.drain()).toContain(id);
    const done = (await list(app, agent.token)).body.data.find((t) => t.id === id);
    expect(done).toMatchObject({
      statut: 'terminee',
      progression: 100,
      erreur: null,
      resultat: { message: 'Fichier prêt (2 lignes).', lien: `/tasks/${id}/fichier`, fichier: 'test.csv' },
    });
    expect(done?.started_at).not.toBeNull();
    expect(done?.finished_at).not.toBeNull();

    const file = await app.inject({
      method: 'GET',
      url: `/api${done?.resultat?.lien}`,
      headers: bearer(agent.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('test.csv');
    expect(file.body).toBe('a;b\n1;2\n');
  });

  it('fails with the French reason of a domain error, hides an unexpected one, and relaunches once', async () => {
    const id = await app.tasks.enqueue(app.db, 'test_echec', { createdBy: agent.user.id });
    const crash = await app.tasks.enqueue(app.db, 'test_plantage', { createdBy: agent.user.id });
    await app.tasks.drain();
    expect(await stateOf(app, id)).toMatchObject({
      statut: 'echec',
      erreur: 'Le fichier source est introuvable.',
    });
    expect(await stateOf(app, crash)).toMatchObject({ statut: 'echec', erreur: TASK_MESSAGES.unexpected });

    const retry = await app.inject({
      method: 'POST',
      url: `/api/tasks/${id}/retry`,
      headers: bearer(agent.token),
    });
    expect(retry.statusCode).toBe(202);
    const { task_id: relaunched, message } = retry.json<TaskQueuedAnswer>();
    expect(message).toBe(TASK_ROUTE_MESSAGES.relaunched(relaunched));
    const again = await app.inject({
      method: 'POST',
      url: `/api/tasks/${id}/retry`,
      headers: bearer(agent.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: TASK_ROUTE_MESSAGES.alreadyRetried(relaunched) });

    await app.tasks.drain();
    const rows = (await list(app, agent.token)).body.data;
    expect(rows.find((t) => t.id === relaunched)).toMatchObject({
      statut: 'terminee',
      relance_de: id,
      demandeur: { id: agent.user.id },
      resultat: { message: 'Réussie à la relance.', lien: null },
    });
    expect(rows.find((t) => t.id === id)).toMatchObject({ statut: 'echec', relancee_par: relaunched });

    const notFailed = await app.inject({
      method: 'POST',
      url: `/api/tasks/${relaunched}/retry`,
      headers: bearer(agent.token),
    });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({ message: TASK_ROUTE_MESSAGES.notFailed });
  });

  it('shows an agent their own tasks only, an administrator all; 401, 403, 404', async () => {
    const mine = await app.tasks.enqueue(app.db, 'test_echec', { createdBy: other.user.id });
    const system = await app.tasks.enqueue(app.db, 'test_fichier', { createdBy: null });

    const agents = (await list(app, agent.token)).body;
    expect(agents.data.every((t: Task) => t.demandeur?.id === agent.user.id)).toBe(true);
    expect(agents.total).toBe(agents.data.length);
    const others = (await list(app, other.token)).body;
    expect(others.data.map((t) => t.id)).toEqual([mine]);

    const all = (await list(app, admin.token, '?page=1&pageSize=200')).body;
    expect(all.data.map((t) => t.id)).toEqual(expect.arrayContaining([mine, system]));
    expect(all.data.find((t) => t.id === system)?.demandeur).toBeNull();
    expect(
      (await list(app, admin.token, `?utilisateur=${other.user.id}`)).body.data.map((t) => t.id),
    ).toEqual([mine]);
    const paged = (await list(app, admin.token, '?page=2&pageSize=1')).body;
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBe(all.total);

    expect((await app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
    const forbidden = await list(app, agent.token, `?utilisateur=${other.user.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: TASK_ROUTE_MESSAGES.othersForbidden });

    for (const [method, url] of [
      ['POST', `/api/tasks/${mine}/retry`],
      ['GET', `/api/tasks/${mine}/fichier`],
      ['POST', `/api/tasks/${system}/retry`],
    ] as const) {
      const response = await app.inject({ method, url, headers: bearer(agent.token) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(/^Tâche n° \d+ introuvable\.$/);
    }
    const bad = await list(app, agent.token, '?pageSize=0');
    expect(bad.status).toBe(400);
  });
});

describe('tasks across two API processes on one database', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildApp({
      database: database.options,
      passwordHashing: FAST_SCRYPT,
      tasks: { runner: { heartbeatMs: 60_000 } },
    });
    b = await buildApp({
      database: database.options,
      passwordHashing: FAST_SCRYPT,
      tasks: { runner: { staleMs: 300 } },
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('never gives one task to two runners', async () => {
    const taken: { runner: string; id: number }[] = [];
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const)
      app.tasks.define('test_compte', {
        run: async ({ id }) => {
          taken.push({ runner: name, id });
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { message: 'ok' };
        },
      });
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await a.tasks.enqueue(a.db, 'test_compte', {}));
    const [ranA, ranB] = await Promise.all([a.tasks.drain(), b.tasks.drain()]);
    expect([...ranA, ...ranB].sort((x, y) => x - y)).toEqual(ids);
    expect(taken.map((t) => t.id).sort((x, y) => x - y)).toEqual(ids);
    const states = await rowsOf<{ statut: string }>(
      a.db,
      sql`select statut from tasks where type = 'test_compte'`,
    );
    expect(states.every((s) => s.statut === 'terminee')).toBe(true);
  });

  it('fails with a French reason a task whose process stopped beating (killed), and the dead run cannot overwrite it', async () => {
    let release: () => void = () => undefined;
    a.tasks.define('test_bloque', {
      run: () =>
        new Promise((resolve) => {
          release = () => resolve({ message: 'trop tard' });
        }),
    });
    b.tasks.define('test_bloque', { run: async () => ({ message: 'jamais' }) });
    const id = await a.tasks.enqueue(a.db, 'test_bloque', {});
    const running = a.tasks.drain();
    for (let i = 0; i < 100 && (await stateOf(a, id))?.statut !== 'en_cours'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await stateOf(a, id))?.statut).toBe('en_cours');

    // A's heartbeat (60 s) is older than B's staleMs (0.3 s): to B, A looks dead, as a killed process would.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await b.tasks.failStale()).toEqual([id]);
    expect(await stateOf(a, id)).toMatchObject({ statut: 'echec', erreur: TASK_MESSAGES.abandoned });

    release();
    await running;
    expect(await stateOf(a, id)).toMatchObject({ statut: 'echec', erreur: TASK_MESSAGES.abandoned });
  });

  it('fails the task of a process shut down mid-task with a French reason', async () => {
    const database2 = await createTestDatabase();
    const c = await buildApp({
      database: database2.options,
      passwordHashing: FAST_SCRYPT,
      tasks: { run: true, runner: { pollMs: 20, stopGraceMs: 200 } },
    });
    try {
      c.tasks.define('test_long', { run: () => new Promise(() => undefined) });
      await c.ready();
      const id = await c.tasks.enqueue(c.db, 'test_long', {});
      c.tasks.kick();
      for (let i = 0; i < 100 && (await stateOf(c, id))?.statut !== 'en_cours'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await c.tasks.stop();
      expect(await stateOf(c, id)).toMatchObject({ statut: 'echec', erreur: TASK_MESSAGES.interrupted });
    } finally {
      await c.close();
      await database2.drop();
    }
  });

  it('lets a task that ends within the grace period finish when the process shuts down', async () => {
    const database2 = await createTestDatabase();
    const c = await buildApp({
      database: database2.options,
      passwordHashing: FAST_SCRYPT,
      tasks: { run: true, runner: { pollMs: 20, stopGraceMs: 5_000 } },
    });
    try {
      let release: () => void = () => undefined;
      const started = new Promise<void>((resolveStarted) => {
        c.tasks.define('test_bientot_fini', {
          run: () =>
            new Promise((resolve) => {
              release = () => resolve({ message: 'fini' });
              resolveStarted();
            }),
        });
      });
      await c.ready();
      const id = await c.tasks.enqueue(c.db, 'test_bientot_fini', {});
      c.tasks.kick();
      await started;
      const stopping = c.tasks.stop();
      setTimeout(() => release(), 100);
      await stopping;
      expect(await stateOf(c, id)).toMatchObject({ statut: 'terminee' });
    } finally {
      await c.close();
      await database2.drop();
    }
  });

  it('queues a scheduled job once per period, whichever processes check', async () => {
    a.tasks.define('test_planifiee', { run: async () => ({ message: 'ok' }) });
    b.tasks.define('test_planifiee', { run: async () => ({ message: 'ok' }) });
    const job = hourly('test-horaire', 'test_planifiee' as never);
    const now = new Date('2026-11-24T09:15:00Z');
    const first = await Promise.all([
      runIfDue(a.db, a.tasks, job, now),
      runIfDue(b.db, b.tasks, job, now),
      runIfDue(a.db, a.tasks, job, now),
      runIfDue(b.db, b.tasks, job, now),
    ]);
    expect(first.filter((id) => id !== null)).toHaveLength(1);
    expect(await runIfDue(b.db, b.tasks, job, new Date('2026-11-24T09:59:00Z'))).toBeNull();
    expect(await runIfDue(a.db, a.tasks, job, new Date('2026-11-24T10:00:00Z'))).not.toBeNull();
    const [count] = await rowsOf<{ n: number }>(
      a.db,
      sql`select count(*)::int as n from tasks where type = 'test_planifiee'`,
    );
    expect(count?.n).toBe(2);
  });

  it('is due from 07:00 Paris time for a morning job', () => {
    const job = dailyFrom('test-matin', 'digest_prolongations', 7);
    expect(job.periodOf(new Date('2026-11-24T05:59:00Z'))).toBeNull(); // 06:59 in Paris (UTC+1)
    expect(job.periodOf(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
    expect(job.periodOf(new Date('2026-07-01T04:59:00Z'))).toBeNull(); // 06:59 in Paris (UTC+2)
    expect(job.periodOf(new Date('2026-11-24T23:30:00Z'))).toBeNull(); // 00:30 on the 25th in Paris
    expect(job.periodOf(new Date('2026-11-25T06:30:00Z'))).toBe('2026-11-25');
  });
});
