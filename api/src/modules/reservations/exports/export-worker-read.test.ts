import { existsSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { insertReservation, insertResident, insertWorld } from '../../../../test/fixtures/reservations-read';
import { pdfTexts } from '../../../../test/pdf-text';
import { policyOf } from '../../../../test/scheduling';
import { zipEntries } from '../../../../test/zip-entries';
import { rowsOf } from '../../../db/raw';
import { SCHED_IDLE } from '../../../lib/exports/export-priority';
import type { RenderSpec } from './export-render';
import { ProcessRenderHost, ThreadRenderHost } from '../../../lib/exports/export-render-hosts';
import type { ReadHooks } from '../../../lib/exports/export-render-pool';
import { ReservationRenderPool } from './reservation-render-pool';
import type { ExportSource } from './export-worker-read';
import { batchOptionsFor, exportBatches, TotalsAccumulator } from './export-rows';

let app: FastifyInstance;
let body: ReservationExportBody;
const inline = new ReservationRenderPool('inline');
const worker = new ReservationRenderPool('worker', 4, { priority: 'normal' });
// At normal priority where the lowering is not what is tested (export-render.test.ts says why).
const child = new ReservationRenderPool('process', 4, { priority: 'normal' });
const pools = { worker, process: child };
const ROWS = 17;

beforeAll(async () => {
  app = await buildTestApp();
  const world = await insertWorld(app, { client: 'Client Lecteur', hotel: 'Hôtel Lecteur' });
  for (let index = 0; index < ROWS; index += 1) {
    const resident = (await insertResident(app, world.clientId, { nom: `Lu${index}`, prenom: 'Anne' })).id;
    await insertReservation(app, world, {
      pensionnaireId: resident,
      dateDebut: '2026-06-01',
      dateFin: `2026-06-0${2 + (index % 6)}`,
      night: { dejeuner: index % 2, prixDejeunerHt: '9.10', tauxTvaRepas: '10.00', montantCaf: '2.50' },
    });
  }
  body = { client_id: world.clientId };
});

afterAll(async () => {
  await Promise.all([inline.close(), worker.close(), child.close()]);
  await app.close();
});

const specOf = (key: ReservationExportKey): RenderSpec => ({
  key,
  summary: 'Client : Client Lecteur',
  generatedAt: '28/11/2026 à 03:10',
  totalRows: ROWS,
  createdAt: '2026-11-28T02:10:00.000Z',
});

const sourceOf = (key: ReservationExportKey, overrides: Partial<ExportSource> = {}): ExportSource => ({
  key,
  body,
  url: app.dbUrl,
  backendPriority: 'normal',
  batchSize: 5,
  ...overrides,
});

/** The file as the main thread makes it when it reads the batches itself (the inline renderer). */
async function readOnMain(key: ReservationExportKey): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const job = inline.start(specOf(key), output);
  const totals = new TotalsAccumulator();
  for await (const batch of exportBatches(app.db, body, { ...batchOptionsFor(key), batchSize: 5 })) {
    await job.addRows(batch.rows);
    totals.add(batch);
  }
  await job.finish(key === 'pdfResaAll' ? await totals.finish(app.db) : undefined);
  return Buffer.concat(chunks);
}

/** The file as `pool`'s worker makes it, reading its own batches. */
async function readInWorker(
  pool: ReservationRenderPool,
  key: ReservationExportKey,
  hooks: ReadHooks = {},
  source = sourceOf(key),
): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await pool.read(specOf(key), source, output, hooks);
  return Buffer.concat(chunks);
}

const backendPid = async () =>
  (await rowsOf<{ pid: number }>(app.db, sql`select pg_backend_pid() as pid`))[0]?.pid ?? 0;
const niceOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
const gone = async (pid: number) => {
  for (let tries = 0; tries < 150 && existsSync(`/proc/${pid}`); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return !existsSync(`/proc/${pid}`);
};

describe('exports whose render worker reads its own batches', () => {
  it.each([
    ['pdfResa', 'worker'],
    ['pdfResaAll', 'worker'],
    ['pdfResa', 'process'],
    ['pdfResaAll', 'process'],
  ] as const)(
    '%s: the %s writes the same PDF as the main thread reading, and no row passes through the main thread',
    async (key, where) => {
      const host = where === 'worker' ? ThreadRenderHost : ProcessRenderHost;
      // Calls through: the messages the main thread sends its worker.
      const sent = vi.spyOn(host.prototype, 'post');
      const counts: number[] = [];
      try {
        const file = await readInWorker(pools[where], key, { onRows: (count) => counts.push(count) });
        const types = sent.mock.calls.map(([message]) => message.type);
        expect(types).not.toContain('rows');
        expect(types.filter((type) => type === 'read')).toHaveLength(1);
        // One `next` per batch of 5 (17 rows: 4 batches), and one more that finds no batch and ends the file.
        expect(types.filter((type) => type === 'next')).toHaveLength(5);
        expect(counts).toEqual([5, 5, 5, 2]);
        expect(file.equals(await readOnMain(key))).toBe(true);
        const texts = pdfTexts(file);
        expect(texts.some((text) => text.includes('Lu16'))).toBe(true);
      } finally {
        sent.mockRestore();
      }
    },
  );

  it.each([
    ['excelResaAll', 'worker'],
    ['excelProlonger', 'worker'],
    ['excelResaAll', 'process'],
    ['excelProlonger', 'process'],
  ] as const)('%s: the %s writes the same workbook as the main thread reading', async (key, where) => {
    const [onMain, inWorker] = [
      zipEntries(await readOnMain(key)),
      zipEntries(await readInWorker(pools[where], key)),
    ];
    expect([...inWorker.keys()]).toEqual([...onMain.keys()]);
    for (const [name, bytes] of onMain) expect(inWorker.get(name)?.equals(bytes), name).toBe(true);
    expect(inWorker.get('xl/worksheets/sheet1.xml')?.toString('utf8')).toContain('Lu16');
  });

  it.runIf(process.platform === 'linux' && process.env.TEST_DATABASE_URL === undefined)(
    'lowers its backend when asked (the embedded server): SCHED_IDLE and nice 19, the pool untouched, gone after',
    async () => {
      const backends: { pid: number; policy: number; nice: number }[] = [];
      const file = await readInWorker(
        worker,
        'pdfResaAll',
        // The test server runs on this host (test/global-setup.ts): its backends are processes here.
        { onBackend: ({ pid }) => backends.push({ pid, policy: policyOf(pid), nice: niceOf(pid) }) },
        sourceOf('pdfResaAll', { backendPriority: 'idle' }),
      );
      expect(pdfTexts(file).some((text) => text.includes('Lu0'))).toBe(true);
      const [backend] = backends;
      expect(backends).toHaveLength(1);
      expect(backend).toMatchObject({ policy: SCHED_IDLE, nice: 19 });
      const pooled = await backendPid();
      expect(pooled).not.toBe(backend?.pid);
      expect(policyOf(pooled)).toBe(0);
      expect(await gone(backend?.pid ?? 0)).toBe(true);
    },
  );

  it.each(['worker', 'process'] as const)(
    '%s: a client gone after the first batch stops the reading, closes its connection, frees the worker',
    async (where) => {
      let backend = 0;
      let stop = false;
      const output = new PassThrough();
      output.resume();
      const counts: number[] = [];
      await pools[where].read(specOf('excelResaAll'), sourceOf('excelResaAll'), output, {
        stopped: () => stop,
        onRows: (count) => {
          counts.push(count);
          stop = true;
        },
        onBackend: ({ pid }) => (backend = pid),
      });
      expect(counts).toEqual([5]);
      expect(output.writableEnded).toBe(false);
      expect(backend).toBeGreaterThan(0);
      if (process.env.TEST_DATABASE_URL === undefined) expect(await gone(backend)).toBe(true);
      const again = await readInWorker(pools[where], 'pdfResa');
      expect(pdfTexts(again).some((text) => text.includes('Lu16'))).toBe(true);
    },
  );

  it.each(['worker', 'process'] as const)(
    '%s: a database it cannot reach fails the export with the reason; the worker renders the next one',
    async (where) => {
      await expect(
        readInWorker(
          pools[where],
          'pdfResa',
          {},
          sourceOf('pdfResa', { url: 'postgresql://x:y@/nulle-part?host=/nonexistent' }),
        ),
      ).rejects.toThrow(/ENOENT|connect/);
      const again = await readInWorker(pools[where], 'pdfResa');
      expect(pdfTexts(again).some((text) => text.includes('Lu16'))).toBe(true);
    },
  );

  it('takes a render turn per batch: at most renderCap batches at once over all the exports', async () => {
    const pool = new ReservationRenderPool('worker', 4, { priority: 'normal', renderCap: 1 });
    try {
      const expected = await readOnMain('pdfResaAll');
      const sampled: number[] = [];
      const sampler = setInterval(() => sampled.push(pool.renderTurns.rendering), 1);
      const files = await Promise.all([0, 1, 2].map(() => readInWorker(pool, 'pdfResaAll')));
      clearInterval(sampler);
      expect(Math.max(0, ...sampled)).toBe(1);
      expect(pool.renderTurns).toEqual({ rendering: 0, waiting: 0 });
      for (const file of files) expect(file.equals(expected)).toBe(true);
    } finally {
      await pool.close();
    }
    // Three workers start here (tsx, pdfkit, exceljs, node-postgres): long on a loaded 2-core machine.
  }, 120_000);
});
