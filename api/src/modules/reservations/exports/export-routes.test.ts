import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { RESERVATION_EXPORTS, type ReservationExportBody, type ReservationExportKey } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../../test/helper';
import { ALL_DATA_COLUMNS, PROLONGER_COLUMNS } from './export-columns';
import { type ExportRow, rowsFrom } from '../../../lib/exports/export-types';
import { PDF_ROWS_PER_PAGE } from '../../../lib/exports/export-pdf';
import { MONEY_FORMAT } from '../../../lib/exports/export-excel';
import { pdfPages, pdfTexts } from '../../../../test/pdf-text';
import { writeExport } from './export-routes';
import { exportBatches, TotalsAccumulator } from './export-rows';
import {
  addDays,
  insertReservation,
  insertResident,
  insertWorld,
  today,
  type World,
} from '../../../../test/fixtures/reservations-read';

let app: FastifyInstance;
let token: string;
const w = {} as {
  main: World;
  other: World;
  many: World;
  prolonger: World;
  diallo: number;
  hyper: number;
  phone: number;
  s1: number;
  s2: number;
  s3: number;
  proche: number;
};
const HYPERLINK = '=HYPERLINK("x")';

const post = (
  key: ReservationExportKey,
  body: Record<string, unknown>,
  headers: Record<string, string> = bearer(token),
) => app.inject({ method: 'POST', url: `/api${RESERVATION_EXPORTS[key].path}`, headers, payload: body });

async function workbookOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('no sheet');
  return sheet;
}

/** Row values keyed by header. */
function rowsByHeader(sheet: ExcelJS.Worksheet): Record<string, unknown>[] {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((header, index) => [header, values[index] ?? null])));
  });
  return rows;
}

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  w.main = await insertWorld(app, { client: 'Client Export', hotel: 'Hôtel Export' });
  w.other = await insertWorld(app);
  w.diallo = (await insertResident(app, w.main.clientId, { nom: 'Diallo', prenom: 'Aminata' })).id;
  w.hyper = (await insertResident(app, w.main.clientId, { nom: HYPERLINK, prenom: 'Eve' })).id;
  w.phone = (await insertResident(app, w.main.clientId, { nom: '+33612345678', prenom: 'Tel' })).id;
  // 3 nights at 75.00 (VAT 10 %) with breakfast 6.50 (VAT 5.5 %), PAF 3.00 a night.
  w.s1 = (
    await insertReservation(app, w.main, {
      pensionnaireId: w.diallo,
      dateDebut: '2026-03-01',
      dateFin: '2026-03-04',
      statusPaf: true,
      etatPaymentPaf: 'paye',
      chambre: '12',
      night: { petitDejeuner: 1, prixPetitDejeunerHt: '6.50', tauxTvaRepas: '5.50', montantPaf: '3.00' },
    })
  ).id;
  w.s2 = (
    await insertReservation(app, w.main, {
      pensionnaireId: w.hyper,
      dateDebut: '2026-03-02',
      dateFin: '2026-03-04',
    })
  ).id;
  w.s3 = (
    await insertReservation(app, w.main, {
      pensionnaireId: w.phone,
      dateDebut: '2026-02-01',
      dateFin: '2026-02-03',
      statut: 'annulee',
    })
  ).id;
  const stranger = (await insertResident(app, w.other.clientId)).id;
  await insertReservation(app, w.other, {
    pensionnaireId: stranger,
    dateDebut: '2026-03-01',
    dateFin: '2026-03-02',
  });

  w.many = await insertWorld(app);
  for (let index = 0; index <= PDF_ROWS_PER_PAGE; index += 1) {
    const resident = (await insertResident(app, w.many.clientId, { nom: `Nom${index}`, prenom: 'Test' })).id;
    await insertReservation(app, w.many, {
      pensionnaireId: resident,
      dateDebut: '2026-04-01',
      dateFin: '2026-04-02',
    });
  }

  w.prolonger = await insertWorld(app, { delaiClient: 2, delaiHotel: 3 });
  const soon = (await insertResident(app, w.prolonger.clientId, { nom: 'Bientôt' })).id;
  const later = (await insertResident(app, w.prolonger.clientId, { nom: 'Plus tard' })).id;
  w.proche = (
    await insertReservation(app, w.prolonger, {
      pensionnaireId: soon,
      dateDebut: addDays(today, -5),
      dateFin: addDays(today, 1),
      statut: 'en_cours',
    })
  ).id;
  await insertReservation(app, w.prolonger, {
    pensionnaireId: later,
    dateDebut: addDays(today, -5),
    dateFin: addDays(today, 10),
    statut: 'en_cours',
  });
});

afterAll(async () => {
  await app?.close();
});

describe('reservation exports: files', () => {
  it.each([
    ['pdfResa', 'application/pdf', `reservations-${today}.pdf`],
    ['pdfResaAll', 'application/pdf', `reservations-${today}.pdf`],
    [
      'excelResaAll',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      `reservations-${today}.xlsx`,
    ],
    [
      'excelProlonger',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      `reservations-a-prolonger-${today}.xlsx`,
    ],
  ] as const)('%s answers %s named %s', async (key, contentType, fileName) => {
    const response = await post(key, { client_id: w.main.clientId, page: 3, pageSize: 10 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    const magic = response.rawPayload.subarray(0, 4).toString('latin1');
    expect(magic).toBe(contentType === 'application/pdf' ? '%PDF' : 'PK\u0003\u0004');
  });
});

describe('generate_Excel_Resa/all_data', () => {
  it('has the header, typed cells and the amounts of each stay, in the list order', async () => {
    const body: ReservationExportBody = { client_id: w.main.clientId, sort: 'id', order: 'asc' };
    const sheet = await workbookOf((await post('excelResaAll', body)).rawPayload);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(ALL_DATA_COLUMNS.map((c) => c.header));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const rows = rowsByHeader(sheet);
    expect(rows.map((row) => row['N°'])).toEqual([w.s1, w.s2, w.s3]);
    expect(rows[0]).toMatchObject({
      Pensionnaire: 'Diallo Aminata',
      Client: 'Client Export',
      Établissement: 'Hôtel Export',
      Chambre: '12',
      Arrivée: new Date('2026-03-01T00:00:00Z'),
      Départ: new Date('2026-03-04T00:00:00Z'),
      Nuits: 3,
      Statut: 'Confirmée',
      'Type de réservation': 'Initiale',
      PAF: 'Oui',
      'État PAF': 'Payé',
      CAF: 'Non',
      'Nuitées facturées': 3,
      'Petits-déjeuners': 3,
      // 3 × 75.00 + 3 × 6.50; VAT per rate: 22.50 (10 %) + round(19.50 × 5.5 %) = 1.07.
      'Vente HT': 244.5,
      TVA: 23.57,
      'Vente TTC': 268.07,
      'Montant PAF': 9,
    });
    expect(rows[2]).toMatchObject({ Statut: 'Annulée', 'Nuitées facturées': 0, 'Vente HT': 0 });
    const arrivee = sheet.getRow(2).getCell(ALL_DATA_COLUMNS.findIndex((c) => c.header === 'Arrivée') + 1);
    expect(arrivee.numFmt).toBe('dd/mm/yyyy');
    const ht = sheet.getRow(2).getCell(ALL_DATA_COLUMNS.findIndex((c) => c.header === 'Vente HT') + 1);
    // A number in the euro format (Excel shows it with the reader's separators), not a text.
    expect(ht.type).toBe(ExcelJS.ValueType.Number);
    expect(ht.numFmt).toBe(MONEY_FORMAT);
  });

  it('neutralises texts that a spreadsheet would read as formulas', async () => {
    const sheet = await workbookOf(
      (await post('excelResaAll', { client_id: w.main.clientId, sort: 'id' })).rawPayload,
    );
    const names = rowsByHeader(sheet).map((row) => row.Pensionnaire);
    expect(names).toEqual(['Diallo Aminata', `'${HYPERLINK} Eve`, "'+33612345678 Tel"]);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
  });

  it('exports only the rows the filters match', async () => {
    const body = { client_id: w.main.clientId, statut: 'annulee' };
    const rows = rowsByHeader(await workbookOf((await post('excelResaAll', body)).rawPayload));
    expect(rows.map((row) => row['N°'])).toEqual([w.s3]);
  });
});

describe('generate_excel_resa_prolonger', () => {
  it('lists the stays to extend with the contract ends and the days left', async () => {
    const body = { etat: 'prolongable', client_id: w.prolonger.clientId };
    const sheet = await workbookOf((await post('excelProlonger', body)).rawPayload);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(PROLONGER_COLUMNS.map((c) => c.header));
    expect(rowsByHeader(sheet)).toEqual([
      expect.objectContaining({
        'N°': w.proche,
        Pensionnaire: 'Bientôt Aminata',
        Départ: new Date(`${addDays(today, 1)}T00:00:00Z`),
        Nuits: 6,
        Statut: 'En cours',
        'Fin contrat client': new Date('2040-01-01T00:00:00Z'),
        'Fin contrat établissement': new Date('2040-01-01T00:00:00Z'),
        'Jours restants': 1,
        Prolongeable: 'Oui',
      }),
    ]);
  });
});

describe('generate_Pdf_Resa', () => {
  it('shows the title, the filters, the rows and the page number', async () => {
    const response = await post('pdfResa', { client_id: w.main.clientId, statut: ['confirmee', 'annulee'] });
    const texts = pdfTexts(response.rawPayload);
    expect(pdfPages(response.rawPayload)).toBe(1);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Liste des réservations',
        // The client by its name, not its id.
        'Filtres : Statut : Confirmée, Annulée ; Client : Client Export',
        'Diallo Aminata',
        // Kept as text in a PDF: nothing evaluates it there.
        `${HYPERLINK} Eve`,
        'Hôtel Export',
        '01/03/2026',
        '04/03/2026',
        'Confirmée',
        'Annulée',
        'Page 1 / 1',
      ]),
    );
    expect(texts.some((text) => text.startsWith('Généré le ') && text.endsWith('— 3 réservations'))).toBe(
      true,
    );
  });

  it(`needs a second page beyond ${PDF_ROWS_PER_PAGE} rows`, async () => {
    const response = await post('pdfResa', { client_id: w.many.clientId });
    expect(pdfPages(response.rawPayload)).toBe(2);
    const texts = pdfTexts(response.rawPayload);
    expect(texts).toEqual(expect.arrayContaining(['Page 1 / 2', 'Page 2 / 2']));
    expect(texts.filter((text) => /^Nom\d+ Test$/.test(text))).toHaveLength(PDF_ROWS_PER_PAGE + 1);
  });

  it('all_data adds meals, PAF/CAF, amounts and the totals (VAT per rate over the document)', async () => {
    const response = await post('pdfResaAll', { client_id: w.main.clientId });
    expect(pdfPages(response.rawPayload)).toBe(1);
    const texts = pdfTexts(response.rawPayload);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Réservations — données complètes',
        'Payé',
        '244,50',
        '23,57',
        '268,07',
        'Totaux : 3 réservations, 7 nuits, 5 nuitées facturées',
        'Repas : 3 petits-déjeuners, 0 déjeuners, 0 dîners',
        'Vente : 394,50 € HT, TVA 38,57 €, 433,07 € TTC',
        'PAF : 9,00 € — CAF : 0,00 €',
      ]),
    );
  });

  it('an export matching nothing is one page saying so', async () => {
    const response = await post('pdfResa', { client_id: w.main.clientId, start_date: '2030-01-01' });
    expect(pdfPages(response.rawPayload)).toBe(1);
    expect(pdfTexts(response.rawPayload)).toContain('Aucune réservation ne correspond aux filtres.');
  });
});

describe('reservation exports: errors', () => {
  it.each([
    [{ inconnu: 1 }, "Le champ « inconnu » n'est pas autorisé."],
    [
      { start_date: '2026-03-05', end_date: '2026-03-01' },
      'La date de fin (end_date) doit être postérieure à la date de début (start_date).',
    ],
    [{ statut: 'perdue' }, undefined],
    [{ pageSize: 100_000 }, undefined],
  ])('400 for %j', async (body, message) => {
    const response = await post('excelResaAll', body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ message: string }>();
    if (message !== undefined) expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(/^Le champ /);
  });

  it('401 without a token', async () => {
    const response = await post('pdfResa', {}, {});
    expect(response.statusCode).toBe(401);
  });
});

describe('reservation exports: client gone', () => {
  it('stops reading when the output is destroyed, without throwing', async () => {
    for (const key of Object.keys(RESERVATION_EXPORTS) as ReservationExportKey[]) {
      const output = new PassThrough();
      output.destroy();
      await expect(
        writeExport(
          key,
          { db: app.db, body: {}, total: 40, output, renderer: app.exportRenderPool },
          app.log,
        ),
      ).resolves.toBeUndefined();
    }
  });

  it('survives a client that disconnects mid-download', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({});
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api${RESERVATION_EXPORTS.pdfResaAll.path}`,
          headers: { ...bearer(token), 'content-type': 'application/json' },
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
      request.end(body);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await post('excelResaAll', { client_id: w.main.clientId });
    expect(after.statusCode).toBe(200);
  });
});

describe('reservation exports: progress and cancel', () => {
  const progressOf = (id: string, bearerToken = token) =>
    app.inject({
      method: 'GET',
      url: `/api/reservations/export_progress/${id}`,
      headers: bearer(bearerToken),
    });

  it('says the rows of the file, and the rows written while it runs, to its user only; gone once sent', async () => {
    const response = await post(
      'excelResaAll',
      { client_id: w.many.clientId },
      {
        ...bearer(token),
        'x-export-id': 'done-export-1',
      },
    );
    expect(response.statusCode).toBe(200);
    const rows = rowsByHeader(await workbookOf(response.rawPayload));
    expect(response.headers['x-export-total']).toBe(String(rows.length));
    expect((await progressOf('done-export-1')).statusCode).toBe(204);
    expect((await progressOf('not an id')).statusCode).toBe(400);
  });

  it('a client that cancels mid-download: the export stops on the server (its progress ends, its slot comes back)', async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const other = (await userToken(app, 'admin')).token;
    const during = await new Promise<{
      status: number;
      body: { ecrites: number; total: number };
      stranger: number;
    }>((resolve, reject) => {
      const request = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api${RESERVATION_EXPORTS.pdfResaAll.path}`,
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            'x-export-id': 'cancelled-export-1',
          },
        },
        (response) => {
          response.once('data', () => {
            void (async () => {
              const progress = await progressOf('cancelled-export-1');
              const stranger = (await progressOf('cancelled-export-1', other)).statusCode;
              // The user's « Annuler »: the browser aborts the request.
              request.destroy();
              resolve({ status: progress.statusCode, body: progress.json(), stranger });
            })().catch(reject);
          });
        },
      );
      request.on('error', () => undefined);
      request.once('error', reject);
      request.end(JSON.stringify({ client_id: w.many.clientId }));
    });
    expect(during.status).toBe(200);
    expect(during.body.total).toBeGreaterThan(0);
    expect(during.body.ecrites).toBeLessThanOrEqual(during.body.total);
    expect(during.stranger).toBe(204);
    await vi.waitFor(async () => expect((await progressOf('cancelled-export-1')).statusCode).toBe(204));
    await vi.waitFor(() => expect(app.exportSlots.running).toBe(0));
  });
});

describe('reservation exports: batches', () => {
  async function read(body: ReservationExportBody, batchSize: number, amounts = false) {
    const ids: number[] = [];
    const totals = new TotalsAccumulator();
    let batches = 0;
    for await (const batch of exportBatches(app.db, body, { batchSize, amounts })) {
      batches += 1;
      ids.push(...rowsFrom(batch.rows).map((row) => row.id));
      totals.add(batch);
    }
    return { ids, batches, totals: amounts ? await totals.finish(app.db) : undefined };
  }

  it.each([
    [{}, 'default order'],
    [{ sort: 'pensionnaire', order: 'desc' }, 'by resident, desc'],
    [{ sort: 'created_at' }, 'by creation'],
  ] as const)(
    'small batches give the same rows in the same order as one batch (%j, %s)',
    async (sort, _label) => {
      const body = { client_id: w.many.clientId, ...sort };
      const whole = await read(body, 1000);
      const small = await read(body, 4);
      expect(whole.ids).toHaveLength(PDF_ROWS_PER_PAGE + 1);
      expect(small.batches).toBe(Math.ceil(whole.ids.length / 4));
      expect(small.ids).toEqual(whole.ids);
      // all_data reads rows and amounts in one statement per batch: same rows, same order.
      expect((await read(body, 4, true)).ids).toEqual(whole.ids);
      const list = await app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: bearer(token),
        payload: { ...body, page: 1, pageSize: 100 },
      });
      expect(list.json<{ reservations: { id: number }[] }>().reservations.map((r) => r.id)).toEqual(
        whole.ids,
      );
    },
  );

  it('reads the same rows with their amounts (one statement per batch) as without', async () => {
    const body = { client_id: w.main.clientId, sort: 'created_at' } as const;
    const rows = async (amounts: boolean) => {
      const read: Record<string, unknown>[] = [];
      for await (const batch of exportBatches(app.db, body, { batchSize: 2, amounts }))
        for (const { montants: _montants, n: _n, ...row } of rowsFrom(batch.rows) as (ExportRow & {
          n?: number;
        })[])
          read.push(row);
      return read;
    };
    const plain = await rows(false);
    expect(plain).toHaveLength(3);
    expect(await rows(true)).toEqual(plain);
  });

  it('all_data batches leave PostgreSQL as JSON text for the renderer, with their counts and keyset beside', async () => {
    const body = { client_id: w.many.clientId, sort: 'pensionnaire' } as const;
    const batches = [];
    for await (const batch of exportBatches(app.db, body, { batchSize: 4, amounts: true }))
      batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      // Not parsed on the API's main thread: the text goes to the render process as is.
      expect(Array.isArray(batch.rows)).toBe(false);
      expect(typeof (batch.rows as { json: string }).json).toBe('string');
      const rows = rowsFrom(batch.rows);
      expect(batch.count).toBe(rows.length);
      expect(batch.counts).toEqual({
        reservations: rows.length,
        nuits: rows.reduce((sum, row) => sum + row.nombre_nuits, 0),
        nuitees: rows.reduce((sum, row) => sum + row.montants!.nuitees, 0),
        petit_dejeuner: rows.reduce((sum, row) => sum + row.montants!.petit_dejeuner, 0),
        dejeuner: rows.reduce((sum, row) => sum + row.montants!.dejeuner, 0),
        diner: rows.reduce((sum, row) => sum + row.montants!.diner, 0),
      });
    }
    // The keyset read from the last row of each batch walked every row once, in the list's order.
    const ids = batches.flatMap((batch) => rowsFrom(batch.rows).map((row) => row.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual((await read(body, 1000)).ids);
  });

  it('gives zero amounts to a stay without billable nights', async () => {
    const rows: ExportRow[] = [];
    for await (const batch of exportBatches(app.db, { client_id: w.main.clientId }, { amounts: true }))
      rows.push(...rowsFrom(batch.rows));
    const cancelled = rows.find((row) => row.id === w.s3);
    expect(cancelled?.montants).toEqual({
      nuitees: 0,
      vente_ht: '0.00',
      tva: '0.00',
      vente_ttc: '0.00',
      montant_paf: '0.00',
      montant_caf: '0.00',
      petit_dejeuner: 0,
      dejeuner: 0,
      diner: 0,
    });
    expect(rows.find((row) => row.id === w.s1)?.montants).toMatchObject({ nuitees: 3, petit_dejeuner: 3 });
  });

  it('totals summed over batches equal the totals of one batch', async () => {
    const body = { client_id: w.main.clientId };
    const whole = await read(body, 1000, true);
    const small = await read(body, 1, true);
    expect(small.batches).toBe(3);
    expect(small.totals).toEqual(whole.totals);
    expect(whole.totals).toMatchObject({
      vente_ht: '394.50',
      tva: '38.57',
      vente_ttc: '433.07',
      montant_paf: '9.00',
    });
  });
});
