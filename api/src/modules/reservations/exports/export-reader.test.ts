import { existsSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/raw';
import { pdfTexts } from '../../../../test/pdf-text';
import { autogroupNiceOf, policyOf } from '../../../../test/scheduling';
import { SCHED_IDLE } from '../../../lib/exports/export-priority';
import { openExportReader } from './export-reader';
import { writeExport } from './export-routes';

let app: FastifyInstance;

beforeAll(async () => {
  // The production default, which these tests read back (the suite's other apps render at normal priority).
  app = await buildTestApp({ exportRender: { priority: 'idle' } });
});

afterAll(async () => {
  await app.close();
});

const niceOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
const backendPid = async (db: Parameters<typeof rowsOf>[0]) =>
  (await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]?.pid ?? 0;

describe('the connection an export reads on', () => {
  it('is the pool on an external PostgreSQL (its backends are not processes of this host)', async () => {
    // buildTestApp connects by URL, as DATABASE_URL does.
    expect(app.dbInfo.dataDir).toBeUndefined();
    const reader = await openExportReader(app, app.log);
    expect(reader.db).toBe(app.db);
    await reader.close();
  });

  it.runIf(process.platform === 'linux' && process.env.TEST_DATABASE_URL === undefined)(
    'on the embedded server: a connection of its own whose backend runs at nice 19, gone once closed',
    async () => {
      const embedded = {
        db: app.db,
        dbInfo: { ...app.dbInfo, dataDir: '/embedded' },
        dbConnection: app.dbConnection,
      };
      const reader = await openExportReader(embedded, app.log);
      expect(reader.db).not.toBe(app.db);
      const pid = await backendPid(reader.db);
      // The test server runs on this host (test/global-setup.ts): its backend is a process here.
      expect(existsSync(`/proc/${pid}`)).toBe(true);
      expect(niceOf(pid)).toBe(19);
      // The pool's connections keep their priority: the server's, this process's (npm test runs the API tests at
      // nice 10, scripts/test.sh).
      expect(niceOf(await backendPid(app.db))).toBe(niceOf(process.pid));
      await reader.close();
      await reader.close();
      for (let tries = 0; tries < 100 && existsSync(`/proc/${pid}`); tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(existsSync(`/proc/${pid}`)).toBe(false);
    },
  );

  const onEmbeddedLinux = process.platform === 'linux' && process.env.TEST_DATABASE_URL === undefined;
  it.runIf(onEmbeddedLinux)(
    'on the embedded server: the backend also runs under SCHED_IDLE, its own session (autogroup) at nice 19',
    async () => {
      const embedded = {
        db: app.db,
        dbInfo: { ...app.dbInfo, dataDir: '/embedded' },
        dbConnection: app.dbConnection,
      };
      const reader = await openExportReader(embedded, app.log);
      try {
        const pid = await backendPid(reader.db);
        expect(policyOf(pid)).toBe(SCHED_IDLE);
        expect(niceOf(pid)).toBe(19);
        // A backend leads a session of its own (PostgreSQL's children call setsid): a nice value alone weighs only
        // against its session's other tasks — none. Its autogroup is what weighs against the other sessions.
        expect(Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[3])).toBe(pid);
        if (autogroupNiceOf(pid) !== undefined) expect(autogroupNiceOf(pid)).toBe(19);
        // The pool's backends and the API keep their scheduling.
        const pooled = await backendPid(app.db);
        expect(policyOf(pooled)).toBe(0);
        if (autogroupNiceOf(pooled) !== undefined) expect(autogroupNiceOf(pooled)).toBe(0);
        expect(policyOf(process.pid)).toBe(0);
        if (autogroupNiceOf(process.pid) !== undefined) expect(autogroupNiceOf(process.pid)).toBe(0);
      } finally {
        await reader.close();
      }
    },
  );

  it.runIf(onEmbeddedLinux)('EXPORT_PRIORITY=nice: the backend at nice 19 only, as before', async () => {
    const embedded = {
      db: app.db,
      dbInfo: { ...app.dbInfo, dataDir: '/embedded' },
      dbConnection: app.dbConnection,
    };
    const reader = await openExportReader(embedded, app.log, 'nice');
    try {
      const pid = await backendPid(reader.db);
      expect(niceOf(pid)).toBe(19);
      expect(policyOf(pid)).toBe(0);
      if (autogroupNiceOf(pid) !== undefined) expect(autogroupNiceOf(pid)).toBe(0);
    } finally {
      await reader.close();
    }
  });

  it('an export read on a connection of its own gives its file and closes the connection', async () => {
    const embedded = {
      db: app.db,
      dbInfo: { ...app.dbInfo, dataDir: '/embedded' },
      dbConnection: app.dbConnection,
    };
    let closed = 0;
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => output.on('end', resolve));
    await writeExport(
      'pdfResa',
      {
        db: app.db,
        body: {},
        total: 0,
        output,
        renderer: app.exportRenderPool,
        openReader: async () => {
          const reader = await openExportReader(embedded, app.log);
          return { db: reader.db, close: () => ((closed += 1), reader.close()) };
        },
      },
      app.log,
    );
    await ended;
    expect(pdfTexts(Buffer.concat(chunks))).toContain('Aucune réservation ne correspond aux filtres.');
    expect(closed).toBeGreaterThan(0);
  });
});
