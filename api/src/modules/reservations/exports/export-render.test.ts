import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { insertReservation, insertResident, insertWorld } from '../../../../test/fixtures/reservations-read';
import { pdfTexts } from '../../../../test/pdf-text';
import type { ExportRow } from './export-columns';
import type { RenderSpec } from './export-render';
import { ExportRenderPool } from './export-render-pool';
import { exportBatches, TotalsAccumulator, type ExportTotals } from './export-rows';

let app: FastifyInstance;
let body: ReservationExportBody;
const inline = new ExportRenderPool('inline');
const worker = new ExportRenderPool('worker');

beforeAll(async () => {
  app = await buildTestApp();
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
  await Promise.all([inline.close(), worker.close()]);
  await app.close();
});

/** Rows in batches of 5 (several round trips to the renderer) and all_data's totals. */
async function rowsOf(key: ReservationExportKey): Promise<{ batches: ExportRow[][]; totals?: ExportTotals }> {
  const batches: ExportRow[][] = [];
  const totals = new TotalsAccumulator();
  const amounts = key === 'pdfResaAll' || key === 'excelResaAll';
  for await (const batch of exportBatches(app.db, body, {
    amounts,
    limits: key === 'excelProlonger',
    batchSize: 5,
  })) {
    batches.push(batch.rows);
    totals.add(batch);
  }
  return key === 'pdfResaAll' ? { batches, totals: await totals.finish(app.db) } : { batches };
}

async function render(
  pool: ExportRenderPool,
  spec: RenderSpec,
  batches: ExportRow[][],
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

/** The entries of a zip archive (name → uncompressed bytes), from its central directory. */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extra;
  }
  return entries;
}

describe('export rendering off the main thread', () => {
  it.each(['pdfResa', 'pdfResaAll'] as const)(
    '%s: the worker writes the same bytes as the main thread',
    async (key) => {
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
        await render(worker, spec, batches, totals),
      ];
      expect(offMain.length).toBeGreaterThan(1000);
      expect(offMain.equals(onMain)).toBe(true);
      expect(pdfTexts(offMain).some((text) => text.includes('Rendu22'))).toBe(true);
    },
  );

  it.each(['excelResaAll', 'excelProlonger'] as const)(
    '%s: the worker writes the same workbook as the main thread (entry by entry; the archive dates its entries)',
    async (key) => {
      const { batches } = await rowsOf(key);
      const spec: RenderSpec = {
        key,
        summary: '',
        generatedAt: '25/11/2026 à 02:10',
        totalRows: 23,
        createdAt: '2026-11-25T01:10:00.000Z',
      };
      const onMain = zipEntries(await render(inline, spec, batches));
      const offMain = zipEntries(await render(worker, spec, batches));
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

  it('reports a renderer failure to the caller and frees the worker', async () => {
    const output = new PassThrough();
    const job = worker.start({ key: 'pdfResa', summary: '', generatedAt: '', totalRows: 1 }, output);
    // A row that is not one makes the PDF writer throw in the worker.
    await job.addRows([null as unknown as ExportRow]);
    await expect(job.finish()).rejects.toThrow();
    const { batches } = await rowsOf('pdfResa');
    const again = await render(
      worker,
      { key: 'pdfResa', summary: '', generatedAt: '', totalRows: 23 },
      batches,
    );
    expect(pdfTexts(again).some((text) => text.includes('Rendu0'))).toBe(true);
  });
});
