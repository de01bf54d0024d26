import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { insertReservation, insertResident, insertWorld } from '../../../../test/fixtures/reservations-read';
import { pdfTexts } from '../../../../test/pdf-text';
import { zipEntries } from '../../../../test/zip-entries';
import { autogroupNiceOf, policyOf, processOf } from '../../../../test/scheduling';
import type { ExportRow, BatchRows, ExportTotals } from '../../../lib/exports/export-types';
import { SCHED_IDLE } from '../../../lib/exports/export-priority';
import type { RenderSpec } from './export-render';
import { ReservationRenderPool } from './reservation-render-pool';
import { batchOptionsFor, exportBatches, TotalsAccumulator } from './export-rows';

let app: FastifyInstance;
let body: ReservationExportBody;
const inline = new ReservationRenderPool('inline');
const worker = new ReservationRenderPool('worker');
// Render processes at normal priority where the lowering is not what is tested: a whole process under SCHED_IDLE
// starts only when the CPU is free, tens of seconds on CI's two busy cores (the lowering tests do not wait for it).
const child = new ReservationRenderPool('process', 4, { priority: 'normal' });
const offMainPools = { worker, process: child };

beforeAll(async () => {
  // The production default, which these tests read back (the suite's other apps render at normal priority).
  app = await buildTestApp({ exportRender: { priority: 'idle' } });
  const world = await insertWorld(app, { client: 'Client Rendu', hotel: 'Hôtel Rendu' });
  for (let index = 0; index < 23; index += 1) {
    const resident = (await insertResident(app, world.clientId, { nom: `Rendu${index}`, prenom: 'Élise' }))
      .id;
    await insertReservation(app, world, {
      pensionnaireId: resident,
      dateDebut: '2026-05-01',
      dateFin: `2026-05-0${2 + (index % 7)}`,
      night: {
        petitDejeuner: index % 2,
        prixPetitDejeunerHt: '6.50',
        tauxTvaRepas: '5.50',
        montantPaf: '3.00',
      },
    });
  }
  body = { client_id: world.clientId };
});

afterAll(async () => {
  await Promise.all([inline.close(), worker.close(), child.close()]);
  await app.close();
});

/** Rows in batches of 5 (several round trips to the renderer) and all_data's totals. */
async function rowsOf(key: ReservationExportKey): Promise<{ batches: BatchRows[]; totals?: ExportTotals }> {
  // all_data's batches are JSON text (parsed by the renderer, wherever it runs), the others rows.
  const batches: BatchRows[] = [];
  const totals = new TotalsAccumulator();
  for await (const batch of exportBatches(app.db, body, { ...batchOptionsFor(key), batchSize: 5 })) {
    batches.push(batch.rows);
    totals.add(batch);
  }
  return key === 'pdfResaAll' ? { batches, totals: await totals.finish(app.db) } : { batches };
}

async function render(
  pool: ReservationRenderPool,
  spec: RenderSpec,
  batches: BatchRows[],
  totals?: ExportTotals,
) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const job = pool.start(spec, output);
  for (const rows of batches) await job.addRows(rows);
  await job.finish(totals);
  return Buffer.concat(chunks);
}

/** The list PDF of the test rows (23 of them), rendered by `pool`. */
async function renderList(pool: ReservationRenderPool) {
  const { batches } = await rowsOf('pdfResa');
  return render(pool, { key: 'pdfResa', summary: '', generatedAt: '', totalRows: 23 }, batches);
}

/** Runs `work` with a PATH where chrt is not found (a worker thread copies the environment as it starts, and the
 * API runs chrt on each new render process). */
async function withoutChrt(work: () => Promise<void>): Promise<void> {
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    await work();
  } finally {
    process.env.PATH = path;
  }
}

/** Starts one render process in `pool` (lowered as it starts, before it has loaded anything); its pid. */
function startRenderProcess(pool: ReservationRenderPool): number {
  pool.prewarm();
  const [pid] = pool.processIds;
  if (pid === undefined) throw new Error('no render process');
  return pid;
}

describe('export rendering off the main thread', () => {
  it.each([
    ['pdfResa', 'worker'],
    ['pdfResaAll', 'worker'],
    ['pdfResa', 'process'],
    ['pdfResaAll', 'process'],
  ] as const)('%s: the %s writes the same bytes as the main thread', async (key, where) => {
    const { batches, totals } = await rowsOf(key);
    expect(batches.length).toBe(5);
    const spec: RenderSpec = {
      key,
      summary: 'Client : Client Rendu',
      generatedAt: '25/11/2026 à 02:10',
      totalRows: 23,
      createdAt: '2026-11-25T01:10:00.000Z',
    };
    const [onMain, offMain] = [
      await render(inline, spec, batches, totals),
      await render(offMainPools[where], spec, batches, totals),
    ];
    expect(offMain.length).toBeGreaterThan(1000);
    expect(offMain.equals(onMain)).toBe(true);
    expect(pdfTexts(offMain).some((text) => text.includes('Rendu22'))).toBe(true);
  });

  it.each([
    ['excelResaAll', 'worker'],
    ['excelProlonger', 'worker'],
    ['excelResaAll', 'process'],
    ['excelProlonger', 'process'],
  ] as const)(
    '%s: the %s writes the same workbook as the main thread (entry by entry; the archive dates its entries)',
    async (key, where) => {
      const { batches } = await rowsOf(key);
      const spec: RenderSpec = {
        key,
        summary: '',
        generatedAt: '25/11/2026 à 02:10',
        totalRows: 23,
        createdAt: '2026-11-25T01:10:00.000Z',
      };
      const onMain = zipEntries(await render(inline, spec, batches));
      const offMain = zipEntries(await render(offMainPools[where], spec, batches));
      expect([...offMain.keys()]).toEqual([...onMain.keys()]);
      expect(offMain.size).toBeGreaterThan(3);
      for (const [name, bytes] of onMain) expect(offMain.get(name)?.equals(bytes), name).toBe(true);
      const sheet = offMain.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
      if (key === 'excelResaAll') expect(sheet).toContain('Rendu22');
    },
  );

  it.runIf(process.platform === 'linux')(
    'runs at nice 19 in its own thread, the main thread keeping its priority',
    async () => {
      const niceOf = () =>
        Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ')[16]);
      const before = niceOf();
      const stat = await worker.workerStat();
      expect(stat.nice).toBe(19);
      expect(stat.cpuMs).toBeGreaterThan(0);
      expect(niceOf()).toBe(before);
    },
  );

  it.runIf(process.platform === 'linux')(
    'runs under SCHED_IDLE (besides nice 19), read back from /proc, the main thread keeping its policy',
    async () => {
      const stat = await worker.workerStat();
      expect(stat.tid).toBeGreaterThan(0);
      expect(stat.tid).not.toBe(process.pid);
      // The kernel's own view of the worker's thread: SCHED_IDLE (5), nice 19.
      expect(policyOf(process.pid, stat.tid ?? 0)).toBe(SCHED_IDLE);
      expect(stat.policy).toBe(SCHED_IDLE);
      expect(stat.nice).toBe(19);
      expect(policyOf(process.pid)).toBe(0);
      expect(policyOf(process.pid, readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0] ?? '')).toBe(
        0,
      );
    },
  );

  it.runIf(process.platform === 'linux')(
    'a render process leads a session of its own, every thread under SCHED_IDLE and its autogroup at nice 19; the API keeps its own',
    async () => {
      const apiAutogroup = autogroupNiceOf(process.pid);
      const pool = new ReservationRenderPool('process', 1);
      try {
        const pid = startRenderProcess(pool);
        expect(pid).not.toBe(process.pid);
        await vi.waitFor(() => {
          const { session, nice, threads } = processOf(pid);
          expect(session).toBe(pid);
          expect(nice).toBe(19);
          // Node's own threads (V8's platform, libuv) have started beside the main one.
          expect(threads.length).toBeGreaterThan(3);
          for (const tid of threads) expect(policyOf(pid, tid), `thread ${tid}`).toBe(SCHED_IDLE);
          if (autogroupNiceOf(pid) !== undefined) expect(autogroupNiceOf(pid)).toBe(19);
          // Node starts its threads at idle priority: on a busy machine, seconds.
        }, 30_000);
        expect(policyOf(process.pid)).toBe(0);
        expect(autogroupNiceOf(process.pid)).toBe(apiAutogroup);
      } finally {
        await pool.close();
      }
      expect(pool.processIds).toEqual([]);
    },
  );

  it.runIf(process.platform === 'linux')(
    'a render process without chrt: nice 19 and its autogroup, said at debug level',
    () =>
      withoutChrt(async () => {
        const debug = vi.fn();
        // The API runs chrt on the new process: not found.
        const pool = new ReservationRenderPool('process', 1, { log: { debug } });
        try {
          const pid = startRenderProcess(pool);
          await vi.waitFor(() => expect(debug).toHaveBeenCalled(), 10_000);
          expect(debug.mock.calls[0]?.[1]).toBe('export : processus de rendu abaissé en partie seulement');
          expect(String((debug.mock.calls[0]?.[0] as { reason?: string }).reason)).toMatch(/chrt : .*ENOENT/);
          expect(processOf(pid).nice).toBe(19);
          expect(policyOf(pid)).toBe(0);
          if (autogroupNiceOf(pid) !== undefined) expect(autogroupNiceOf(pid)).toBe(19);
        } finally {
          await pool.close();
        }
      }),
  );

  it('a render process ends when the API goes: its channel closed, it exits', async () => {
    const boot = fileURLToPath(
      new URL('../../../lib/exports/export-render-worker-boot.mjs', import.meta.url),
    );
    const entry = fileURLToPath(new URL('./reservation-render-worker.ts', import.meta.url));
    const orphan = fork(boot, [entry], { serialization: 'advanced', execArgv: [], stdio: 'ignore' });
    const stat = new Promise((resolve) => orphan.once('message', resolve));
    orphan.send({ type: 'stat' });
    await stat;
    const exited = once(orphan, 'exit');
    orphan.disconnect();
    expect(await exited).toEqual([0, null]);
  });

  it('a render process killed during an export: that export fails, the next one gets a new process', async () => {
    const pool = new ReservationRenderPool('process', 1, { priority: 'normal' });
    try {
      const { batches } = await rowsOf('pdfResa');
      const spec: RenderSpec = { key: 'pdfResa', summary: '', generatedAt: '', totalRows: 23 };
      const { pid } = await pool.workerStat();
      const job = pool.start(spec, new PassThrough());
      await job.addRows(batches[0] ?? []);
      process.kill(pid ?? 0, 'SIGKILL');
      await expect(
        (async () => {
          for (const rows of batches.slice(1)) await job.addRows(rows);
          await job.finish();
        })(),
      ).rejects.toThrow(/export render process exited \(SIGKILL\)/);
      const again = await render(pool, spec, batches);
      expect(pdfTexts(again).some((text) => text.includes('Rendu0'))).toBe(true);
      expect((await pool.workerStat()).pid).not.toBe(pid);
    } finally {
      await pool.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'falls back to nice 19 alone when chrt cannot be run, and says so at debug level',
    () =>
      withoutChrt(async () => {
        const debug = vi.fn();
        // A worker takes a copy of the environment when it starts: chrt is not found there.
        const pool = new ReservationRenderPool('worker', 1, { log: { debug } });
        try {
          const stat = await pool.workerStat();
          expect(stat.nice).toBe(19);
          expect(stat.policy).toBe(0);
          await vi.waitFor(() => expect(debug).toHaveBeenCalled());
          expect(debug.mock.calls[0]?.[1]).toBe(
            'export : fil de rendu en nice 19 seulement (SCHED_IDLE non appliqué)',
          );
          expect(String((debug.mock.calls[0]?.[0] as { reason?: string }).reason)).toMatch(
            /^chrt : .*ENOENT/,
          );
          const file = await renderList(pool);
          expect(pdfTexts(file).some((text) => text.includes('Rendu0'))).toBe(true);
        } finally {
          await pool.close();
        }
      }),
  );

  it.runIf(process.platform === 'linux')('EXPORT_PRIORITY=nice: nice 19 only, as before', async () => {
    const debug = vi.fn();
    const pool = new ReservationRenderPool('worker', 1, { priority: 'nice', log: { debug } });
    try {
      const stat = await pool.workerStat();
      expect(stat).toMatchObject({ nice: 19, policy: 0 });
      expect(pool.priority).toBe('nice');
    } finally {
      await pool.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'EXPORT_PRIORITY=normal: the thread is not lowered, and no fallback is logged',
    async () => {
      const debug = vi.fn();
      const pool = new ReservationRenderPool('worker', 1, { priority: 'normal', log: { debug } });
      try {
        const stat = await pool.workerStat();
        expect(stat).toMatchObject({ nice: os.getPriority(), policy: 0 });
        expect(debug).not.toHaveBeenCalled();
      } finally {
        await pool.close();
      }
    },
  );

  it('renders at most renderCap batches at once over all the exports, the others waiting their turn', async () => {
    const pool = new ReservationRenderPool('worker', 4, { renderCap: 1 });
    try {
      expect(pool.renderCap).toBe(1);
      const { batches } = await rowsOf('pdfResa');
      const spec: RenderSpec = {
        key: 'pdfResa',
        summary: '',
        generatedAt: '25/11/2026 à 02:10',
        totalRows: 23,
        createdAt: '2026-11-25T01:10:00.000Z',
      };
      const expected = await render(inline, spec, batches);
      const jobs = [0, 1, 2].map(() => {
        const output = new PassThrough();
        const chunks: Buffer[] = [];
        output.on('data', (chunk: Buffer) => chunks.push(chunk));
        return { job: pool.start(spec, output), chunks };
      });
      const [first, second, third] = jobs;
      if (first === undefined || second === undefined || third === undefined) throw new Error('jobs');
      // Three new workers: the first batch holds the one turn while its worker starts; the others wait, none refused.
      const firstRows = first.job.addRows(batches[0] ?? []);
      const secondRows = second.job.addRows(batches[0] ?? []);
      const thirdRows = third.job.addRows(batches[0] ?? []);
      await vi.waitFor(() => expect(pool.renderTurns).toEqual({ rendering: 1, waiting: 2 }));
      // An export given up while it waits gives its turn back.
      third.job.abort();
      await Promise.all([firstRows, secondRows, thirdRows]);
      const sampled: number[] = [];
      const sampler = setInterval(() => sampled.push(pool.renderTurns.rendering), 1);
      await Promise.all(
        [first, second].map(async ({ job }) => {
          for (const rows of batches.slice(1)) await job.addRows(rows);
          await job.finish();
        }),
      );
      clearInterval(sampler);
      expect(Math.max(0, ...sampled)).toBeLessThanOrEqual(1);
      expect(pool.renderTurns).toEqual({ rendering: 0, waiting: 0 });
      for (const { chunks } of [first, second]) expect(Buffer.concat(chunks).equals(expected)).toBe(true);
      // The aborted export's worker renders the next one.
      expect((await render(pool, spec, batches)).equals(expected)).toBe(true);
    } finally {
      await pool.close();
    }
    // Three workers start here (tsx, pdfkit, exceljs): tens of seconds on a loaded 2-core machine.
  }, 120_000);

  it('follows the cores by default: one left to the list, at least one render', () => {
    expect(worker.renderCap).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(() => new ReservationRenderPool('worker', 4, { renderCap: 0 })).toThrow(RangeError);
  });

  it.each(['worker', 'process'] as const)(
    '%s: reports a renderer failure to the caller and frees the worker',
    async (where) => {
      const pool = offMainPools[where];
      const output = new PassThrough();
      const job = pool.start({ key: 'pdfResa', summary: '', generatedAt: '', totalRows: 1 }, output);
      // A row that is not one makes the PDF writer throw in the worker.
      await job.addRows([null as unknown as ExportRow]);
      await expect(job.finish()).rejects.toThrow();
      const again = await renderList(pool);
      expect(pdfTexts(again).some((text) => text.includes('Rendu0'))).toBe(true);
    },
  );
});
