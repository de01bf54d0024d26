import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { RESERVATION_EXPORTS, type ReservationExportKey } from 'shared/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../../test/helper';
import { pdfTexts } from '../../../../test/pdf-text';
import {
  insertReservation,
  insertResident,
  insertWorld,
  type World,
} from '../../../../test/fixtures/reservations-read';

/** Small exports (≤ exportInlineRows rows) are an interactive answer: read on the pool, rendered on the main thread. */
const INLINE_ROWS = 3;

let app: FastifyInstance;
let token: string;
let small: World;
let large: World;

const post = (key: ReservationExportKey, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api${RESERVATION_EXPORTS[key].path}`,
    headers: bearer(token),
    payload: body,
  });

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function insertStays(world: World, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const resident = (await insertResident(app, world.clientId, { nom: `Nom${index}`, prenom: 'Petit' })).id;
    await insertReservation(app, world, {
      pensionnaireId: resident,
      dateDebut: '2026-05-01',
      dateFin: '2026-05-04',
      night: { petitDejeuner: 1, prixPetitDejeunerHt: '6.50', tauxTvaRepas: '5.50', montantPaf: '3.00' },
    });
  }
}

beforeAll(async () => {
  app = await buildTestApp({ exportRender: { priority: 'normal', inlineRows: INLINE_ROWS } });
  token = (await userToken(app, 'agent')).token;
  small = await insertWorld(app);
  large = await insertWorld(app);
  await insertStays(small, INLINE_ROWS);
  await insertStays(large, INLINE_ROWS + 1);
});

afterEach(() => {
  vi.restoreAllMocks();
  app.exportInlineRows = INLINE_ROWS;
});

afterAll(async () => {
  await app?.close();
});

describe('small exports on the main thread', () => {
  it.each(Object.keys(RESERVATION_EXPORTS) as ReservationExportKey[])(
    '%s of at most exportInlineRows rows never reaches the render workers',
    async (key) => {
      const read = vi.spyOn(app.exportRenderPool, 'read');
      const start = vi.spyOn(app.exportRenderPool, 'start');
      const response = await post(key, { client_id: small.clientId });
      expect(response.statusCode, response.body).toBe(200);
      expect(read).not.toHaveBeenCalled();
      expect(start).not.toHaveBeenCalled();
    },
  );

  it('one row more goes to the workers, which read the batches themselves', async () => {
    const read = vi.spyOn(app.exportRenderPool, 'read');
    const response = await post('excelResaAll', { client_id: large.clientId });
    expect(response.statusCode, response.body).toBe(200);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await sheetRows(response.rawPayload)).toHaveLength(1 + INLINE_ROWS + 1);
  });

  it('writes the same workbook as the workers (header, rows, amounts)', async () => {
    const here = await post('excelResaAll', { client_id: small.clientId });
    app.exportInlineRows = 0;
    const read = vi.spyOn(app.exportRenderPool, 'read');
    const there = await post('excelResaAll', { client_id: small.clientId });
    expect(read).toHaveBeenCalledTimes(1);
    const rows = await sheetRows(here.rawPayload);
    expect(rows).toHaveLength(1 + INLINE_ROWS);
    expect(rows).toEqual(await sheetRows(there.rawPayload));
  });

  it('writes the same PDF text as the workers, the totals of all_data included', async () => {
    const here = await post('pdfResaAll', { client_id: small.clientId });
    app.exportInlineRows = 0;
    const there = await post('pdfResaAll', { client_id: small.clientId });
    const texts = pdfTexts(here.rawPayload);
    expect(texts.join(' ')).toContain('Nom2');
    // The generation time (to the minute) is the only text allowed to differ.
    const withoutTime = (all: string[]) => all.map((text) => text.replace(/\d{2}:\d{2}/g, 'hh:mm'));
    expect(withoutTime(texts)).toEqual(withoutTime(pdfTexts(there.rawPayload)));
  });
});
