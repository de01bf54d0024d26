import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import {
  parisToday,
  ROOMING_EXPORTS,
  type PointageListAnswer,
  type RoomingClientAnswer,
  type RoomingEtabAnswer,
  type RoomingExportKey,
  type RoomingPensAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../../test/helper';
import {
  book,
  buildWorld,
  call,
  day,
  residents,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { pdfPages, pdfTexts } from '../../../../test/pdf-text';
import { MONEY_FORMAT } from '../../../lib/exports/export-excel';
import { frenchMoney, PDF_ROWS_PER_PAGE } from '../../../lib/exports/export-pdf';
import { startRoomingExport } from './rooming-export-routes';

let w: World;
const FORMULA = '=HYPERLINK("x")';
const ROOMING = { start_date: day(-7), end_date: day(30) };
let paf = 0;
const HOTEL = 'Hôtel des Tilleuls';
// Wider than its PDF column at the table's size: written smaller, or on two lines, never cut.
const LONG_CLIENT = 'Association Départementale pour l’Hébergement Solidaire';

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  // Enough stays for two PDF pages: one resident a stay, no room shared (Double allotment 5: 5 at a time).
  const people = await residents(w, PDF_ROWS_PER_PAGE + 4);
  await w.app.db.execute(sql`update pensionnaires set nom = ${FORMULA} where id = ${people[0] ?? 0}`);
  await w.app.db.execute(sql`update etablissements set nom = ${HOTEL} where id = ${w.hotel.id}`);
  await w.app.db.execute(sql`update clients set nom = ${LONG_CLIENT} where id = ${w.client.id}`);
  for (const [index, id] of people.entries()) {
    const start = -7 + Math.floor(index / 5) * 2;
    const { reservation_ids } = await book(w, [id], {
      start_date: day(start),
      end_date: day(start + 2),
      confirmer: true,
      chambre: String(index % 5),
      petit_dejeuner: index % 2 === 0,
      status_paf: index % 3 === 0,
      status_caf: index % 4 === 0,
    });
    if (index === 0) paf = reservation_ids[0] ?? 0;
  }
  await w.app.db.execute(sql`update nuitees set presence = 'present', etat_paf = 'paye'
    where reservation_id = ${paf}`);
});
afterAll(() => w.app.close());

const post = (key: RoomingExportKey, body: Record<string, unknown>, token: string | null = w.agent) =>
  w.app.inject({
    method: 'POST',
    url: `/api${ROOMING_EXPORTS[key].path}`,
    headers: token === null ? {} : bearer(token),
    payload: body,
  });

const get = async <T>(path: string, filters: unknown) => {
  const response = await call(
    w,
    'GET',
    `${path}?page=1&pageSize=200&filters=${encodeURIComponent(JSON.stringify(filters))}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/**
 * Type and number format of the cells after the first one of the rows from `from` (1-based) on, by the first
 * cell's text; `count` rows at most.
 */
async function footerCells(body: Buffer, from: number, count = Number.POSITIVE_INFINITY) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('no sheet');
  const found: Record<string, { type: ExcelJS.ValueType; numFmt: string | undefined }[]> = {};
  sheet.eachRow((row, number) => {
    if (number < from || number >= from + count) return;
    const cells: { type: ExcelJS.ValueType; numFmt: string | undefined }[] = [];
    row.eachCell((cell, column) => {
      if (column > 1) cells.push({ type: cell.type, numFmt: cell.numFmt || undefined });
    });
    found[row.getCell(1).text] = cells;
  });
  return found;
}

const LISTS = {
  Etab: '/reservationsRoomingEtab',
  Client: '/reservationsRoomingClient',
  Pens: '/reservationsRoomingPens',
} as const;
const FILES: Record<RoomingExportKey, string> = {
  pdfRoomingEtab: 'rooming-etablissement',
  excelRoomingEtab: 'rooming-etablissement',
  pdfRoomingClient: 'rooming-client',
  excelRoomingClient: 'rooming-client',
  pdfRoomingPens: 'rooming-pensionnaires',
  excelRoomingPens: 'rooming-pensionnaires',
  pdfPointagePres: 'pointage-presence',
  excelPointagePres: 'pointage-presence',
  pdfPointagePaf: 'pointage-paf',
  excelPointagePaf: 'pointage-paf',
  pdfPointageCaf: 'pointage-caf',
  excelPointageCaf: 'pointage-caf',
};

describe('the twelve exports', () => {
  it.each(Object.keys(ROOMING_EXPORTS) as RoomingExportKey[])(
    '%s: the file named with today, 401 without a token',
    async (key) => {
      const body = ROOMING_EXPORTS[key].body === 'rooming' ? ROOMING : {};
      const response = await post(key, body);
      expect(response.statusCode, response.body).toBe(200);
      const extension = ROOMING_EXPORTS[key].extension;
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${FILES[key]}-${parisToday()}.${extension}"`,
      );
      expect(response.headers['content-type']).toMatch(extension === 'pdf' ? /pdf/ : /spreadsheetml/);
      expect((await post(key, body, null)).statusCode).toBe(401);
    },
  );

  it('rooming PDFs: every row, the filters in French on every page, the totals of the API', async () => {
    for (const list of ['Etab', 'Client', 'Pens'] as const) {
      const filters = { ...ROOMING, etablissement_id: w.hotel.id };
      const api = await get<RoomingEtabAnswer & RoomingClientAnswer & RoomingPensAnswer>(
        LISTS[list],
        filters,
      );
      expect(api.total).toBe(PDF_ROWS_PER_PAGE + 4);
      const response = await post(`pdfRooming${list}`, filters);
      const pdf = response.rawPayload;
      expect(pdfPages(pdf)).toBe(2);
      const texts = pdfTexts(pdf);
      const summaries = texts.filter((t) => t.startsWith('Filtres : '));
      expect(summaries).toHaveLength(2);
      expect(summaries[0]).toContain(`Période : du ${day(-7).split('-').reverse().join('/')}`);
      expect(summaries[0]).toContain(`Établissement : ${HOTEL}`);
      expect(summaries[0]).not.toContain('n°');
      for (const row of api.reservations) expect(texts).toContain(String(row.id));
      // Every row's client name is there whole: on one line, or on two lines one after the other.
      const whole = texts.filter((t) => t === LONG_CLIENT).length;
      const split = texts.filter((t, i) => `${t} ${texts[i + 1] ?? ''}` === LONG_CLIENT).length;
      expect(whole + split).toBe(api.total);
      expect(texts.filter((t) => t.endsWith('…'))).toEqual([]);
      if (list === 'Pens') {
        expect(texts).toContain(`Réservations : ${api.total}`);
        continue;
      }
      if (list === 'Client')
        expect(texts).toContain(
          `PAF payé : ${api.total_paf_p} nuit${api.total_paf_p > 1 ? 's' : ''}, ${frenchMoney(api.total_montant_paf_p)} €`,
        );
      expect(texts).toContain(`Nuitées : ${api.total_nuitees}`);
      expect(texts).toContain(`TTC : ${frenchMoney(api.ttc)} €`);
      expect(texts).toContain(`TVA : ${frenchMoney(api.tva)} €`);
    }
  });

  it('rooming Excel: the rows in the API order, values and totals equal to the API, formulas neutralised', async () => {
    const filters = { ...ROOMING, client_id: w.client.id };
    const api = await get<RoomingClientAnswer>(LISTS.Client, filters);
    const rows = await sheetOf((await post('excelRoomingClient', filters)).rawPayload);
    const [header, ...rest] = rows;
    expect(header?.[0]).toBe('Client');
    const data = rest.slice(0, api.total);
    expect(data.map((r) => r[1])).toEqual(api.reservations.map((r) => r.id));
    const priceColumn = header?.indexOf('Vente HT') ?? -1;
    expect(data.map((r) => r[priceColumn])).toEqual(api.reservations.map((r) => Number(r.prix_ht)));
    expect(rows.flat()).not.toContain(FORMULA);
    expect(rows.flat()).toContain(`'${FORMULA} Prénom0`);
    const footer = Object.fromEntries(rest.slice(api.total + 1).map((r) => [r[0], r.slice(1)]));
    expect(footer.Filtres?.[0]).toMatch(new RegExp(`; Client : ${LONG_CLIENT}$`));
    // Counts and amounts are numbers (an amount in the euro format), never « 464 823,14 € » as text.
    expect(footer['Nuitées']).toEqual([api.total_nuitees]);
    expect(footer['Vente HT']).toEqual([Number(api.total_prix_ht)]);
    expect(footer.TTC).toEqual([Number(api.ttc)]);
    expect(footer['PAF payé']).toEqual([api.total_paf_p, Number(api.total_montant_paf_p)]);
    const cells = await footerCells((await post('excelRoomingClient', filters)).rawPayload, api.total + 2);
    expect(cells['Vente HT']?.[0]).toEqual({ type: ExcelJS.ValueType.Number, numFmt: MONEY_FORMAT });
    expect(cells['Nuitées']?.[0]).toEqual({ type: ExcelJS.ValueType.Number, numFmt: undefined });
    expect(cells['PAF payé']).toEqual([
      { type: ExcelJS.ValueType.Number, numFmt: undefined },
      { type: ExcelJS.ValueType.Number, numFmt: MONEY_FORMAT },
    ]);
    // The rows' amounts too: the first stay's « Vente HT ».
    const first = await footerCells((await post('excelRoomingClient', filters)).rawPayload, 2, 1);
    expect(Object.values(first)[0]?.[priceColumn - 1]).toEqual({
      type: ExcelJS.ValueType.Number,
      numFmt: MONEY_FORMAT,
    });
  });

  it('pointage exports: the stays of the list, nights by state, totals from the same nights', async () => {
    const filters = { status_paf: true, start_date: day(-7), end_date: day(30) };
    const list = (
      await call(w, 'POST', '/reservations/pointage_nuitees', { ...filters, pageSize: 200 })
    ).json<PointageListAnswer>();
    const rows = await sheetOf((await post('excelPointagePaf', filters)).rawPayload);
    const [header, ...rest] = rows;
    const data = rest.slice(0, list.total);
    expect(data.map((r) => r[0])).toEqual(list.reservations.map((r) => r.id));
    const paid = list.reservations.flatMap((r) => r.nuitees).filter((n) => n.etat_paf === 'paye');
    const paidColumn = header?.indexOf('Payé') ?? -1;
    expect(data.reduce((n, r) => n + Number(r[paidColumn]), 0)).toBe(paid.length);
    const footer = Object.fromEntries(rest.slice(list.total + 1).map((r) => [r[0], r.slice(1)]));
    expect(footer['Réservations']).toEqual([list.total]);
    expect(footer['Payé']).toEqual([paid.length, 7]);
    const cells = await footerCells((await post('excelPointagePaf', filters)).rawPayload, list.total + 2);
    expect(cells['Payé']).toEqual([
      { type: ExcelJS.ValueType.Number, numFmt: undefined },
      { type: ExcelJS.ValueType.Number, numFmt: MONEY_FORMAT },
    ]);
    const first = await footerCells((await post('excelPointagePaf', filters)).rawPayload, 2, 1);
    expect(Object.values(first)[0]?.[(header?.indexOf('Payé (€)') ?? 0) - 1]).toEqual({
      type: ExcelJS.ValueType.Number,
      numFmt: MONEY_FORMAT,
    });
    const pdf = pdfTexts((await post('pdfPointagePres', { date_arrivee: day(-7) })).rawPayload);
    expect(pdf.find((t) => t.startsWith('Filtres : '))).toContain(
      `Arrivées du ${day(-7).split('-').reverse().join('/')}`,
    );
    expect(pdf).toContain('Présent : 2');
  });

  it('400 in French: rooming without its period, unknown field, too long a period', async () => {
    const missing = await post('pdfRoomingEtab', { start_date: day(0) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/end_date est obligatoire/);
    const unknown = await post('excelPointagePres', { hotel: 1 });
    expect(unknown.statusCode).toBe(400);
    const long = await post('excelRoomingPens', { start_date: day(0), end_date: day(400) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/366 jours/);
  });

  it('a client gone: the writer stops without throwing, and the slot comes back', async () => {
    for (const key of Object.keys(ROOMING_EXPORTS) as RoomingExportKey[]) {
      const output = new PassThrough();
      await startRoomingExport(
        w.app.db,
        key,
        ROOMING_EXPORTS[key].body === 'rooming' ? ROOMING : {},
        output,
        w.app.log,
      );
      output.destroy();
    }
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api${ROOMING_EXPORTS.pdfRoomingPens.path}`,
          headers: { ...bearer(w.agent), 'content-type': 'application/json' },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', () => undefined);
      request.once('error', reject);
      request.end(JSON.stringify(ROOMING));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 4; i += 1) expect((await post('excelRoomingEtab', ROOMING)).statusCode).toBe(200);
  });
});
