import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleveEtablissement, RelevePage, RoomingEtabAnswer } from 'shared/contract';
import { RELEVES_MESSAGES } from 'shared/contract';
import { buildTestApp } from '../../../../test/helper';
import {
  book,
  buildWorld,
  call,
  day,
  residents,
  today,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { CSV_HEADER, enterInvoice } from '../../../../test/fixtures/releves';
import { monthPeriod } from '../periode';

let w: World;
const mois = today.slice(0, 7);
const { debut, fin } = monthPeriod(mois);
const cents = (value: string) => BigInt(value.replace('.', ''));

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  const people = await residents(w, 6);
  const at = (i: number) => people[i] ?? 0;
  await book(w, [at(0), at(1)], {
    confirmer: true,
    start_date: day(-7),
    end_date: day(3),
    petit_dejeuner: true,
  });
  await book(w, [at(2)], {
    confirmer: true,
    start_date: day(-3),
    end_date: day(5),
    diner: true,
    dejeuner: true,
  });
  await book(w, [at(3)], {
    confirmer: true,
    start_date: day(-2),
    end_date: day(20),
    type_chambre_id: w.simple.id,
  });
  const [cancelled = 0] = (await book(w, [at(4)], { confirmer: true, start_date: day(-1), end_date: day(8) }))
    .reservation_ids;
  const cancel = await call(w, 'PUT', `/reservations/annulation/${cancelled}`, { motif: 'Départ du foyer' });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // A meal VAT rate of its own on one night: VAT is summed per rate over the document.
  await w.app.db.execute(sql`update nuitees set taux_tva_repas = 20 where date_nuit = ${day(-1)}::date
    and etablissement_id = ${w.hotel.id} and not annulee`);
});
afterAll(() => w.app.close());

async function releve(): Promise<ReleveEtablissement> {
  const response = await call(w, 'GET', `/releves/${w.hotel.id}/${mois}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReleveEtablissement>();
}

describe('GET /releves/:etablissementId/:mois', () => {
  it('totals the month as the rooming-etab of the hotel and month does (HT, TVA, TTC, nights)', async () => {
    const statement = await releve();
    const filters = { start_date: debut, end_date: fin, etablissement_id: w.hotel.id };
    const rooming = await call(
      w,
      'GET',
      `/reservationsRoomingEtab?page=1&pageSize=200&filters=${encodeURIComponent(JSON.stringify(filters))}`,
    );
    expect(rooming.statusCode, rooming.body).toBe(200);
    const totals = rooming.json<RoomingEtabAnswer>();
    expect(Number(totals.total_prix_ht)).toBeGreaterThan(0);
    expect(statement.totaux.totalHt).toBe(totals.total_prix_ht);
    expect(statement.totaux.totalTva).toBe(totals.tva);
    expect(statement.totaux.totalTtc).toBe(totals.ttc);
    expect(statement.totaux.nuitees).toBe(totals.total_nuitees);
    expect(statement.annexe).toHaveLength(totals.total);
  });

  it('sums its lines, its VAT per rate rounded per rate, and its annex to its totals', async () => {
    const statement = await releve();
    const lines = statement.lignes.reduce((sum, ligne) => sum + cents(ligne.montantHt), 0n);
    expect(lines).toBe(cents(statement.totaux.totalHt));
    for (const ligne of statement.lignes)
      expect(cents(ligne.montantHt)).toBe(BigInt(ligne.quantite) * cents(ligne.prixUnitaireHt));
    expect(statement.annexe.reduce((sum, stay) => sum + cents(stay.montantHt), 0n)).toBe(lines);
    expect(statement.tva.map((tva) => tva.tauxTva)).toEqual(['5.50', '10.00', '20.00']);
    expect(statement.tva.reduce((sum, tva) => sum + cents(tva.baseHt), 0n)).toBe(lines);
    expect(statement.tva.reduce((sum, tva) => sum + cents(tva.montantTva), 0n)).toBe(
      cents(statement.totaux.totalTva),
    );
    expect(cents(statement.totaux.totalTtc)).toBe(
      cents(statement.totaux.totalHt) + cents(statement.totaux.totalTva),
    );
    const nights = statement.lignes.filter((ligne) => ligne.prestation === 'nuitee');
    expect(nights.reduce((sum, ligne) => sum + ligne.quantite, 0)).toBe(statement.totaux.nuitees);
    expect(statement.lignes.map((ligne) => ligne.numero)).toEqual(
      statement.lignes.map((_, index) => index + 1),
    );
  });

  it('is empty, with zero totals, for a month without nights', async () => {
    const response = await call(w, 'GET', `/releves/${w.hotel.id}/2001-01`);
    expect(response.statusCode, response.body).toBe(200);
    const empty = response.json<ReleveEtablissement>();
    expect(empty.lignes).toEqual([]);
    expect(empty.totaux).toEqual({ nuitees: 0, totalHt: '0.00', totalTva: '0.00', totalTtc: '0.00' });
  });

  it('answers 404 for an unknown hotel and 400 for a malformed month', async () => {
    const unknown = await call(w, 'GET', `/releves/999999/${mois}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: RELEVES_MESSAGES.etablissementInconnu(999999) });
    expect((await call(w, 'GET', `/releves/${w.hotel.id}/2026-13`)).statusCode).toBe(400);
    expect((await call(w, 'GET', `/releves/${w.hotel.id}/${mois}`, undefined, null)).statusCode).toBe(401);
  });
});

describe('GET /releves?mois=', () => {
  it('lists the month per hotel with the statement totals, and where its invoices stand', async () => {
    const statement = await releve();
    const list = async () => {
      const response = await call(w, 'GET', `/releves?mois=${mois}&etablissementId=${w.hotel.id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RelevePage>();
    };
    const before = await list();
    expect(before).toEqual({
      total: 1,
      data: [
        {
          etablissementId: w.hotel.id,
          etablissementNom: w.hotel.nom,
          nuitees: statement.totaux.nuitees,
          totalHt: statement.totaux.totalHt,
          totalTva: statement.totaux.totalTva,
          totalTtc: statement.totaux.totalTtc,
          factures: 0,
          etatFactures: null,
        },
      ],
    });
    await enterInvoice(w, { periodeDebut: debut, periodeFin: fin });
    expect((await list()).data[0]).toMatchObject({ factures: 1, etatFactures: 'a_rapprocher' });
    const all = await call(w, 'GET', `/releves?mois=${mois}&pageSize=1`);
    expect(all.json<RelevePage>().data.map((r) => r.etablissementId)).toEqual([w.hotel.id]);
    expect((await call(w, 'GET', '/releves?mois=2001-01')).json<RelevePage>()).toEqual({
      total: 0,
      data: [],
    });
    expect((await call(w, 'GET', '/releves')).statusCode).toBe(400);
  });
});

describe('the statement files', () => {
  it('writes the workbook: one row per night and meal kind, summing to the statement, then its totals', async () => {
    const statement = await releve();
    const response = await call(w, 'GET', `/releves/${w.hotel.id}/${mois}/xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `releve-etablissement-${w.hotel.id}-${mois}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // The columns a hotel's detail file takes back, then the amount.
    expect(header).toEqual([...CSV_HEADER, 'Montant HT']);
    let total = 0n;
    let nights = 0;
    for (let index = 2; index <= sheet.rowCount; index++) {
      const row = sheet.getRow(index);
      if (row.getCell(1).value === null) break;
      total += BigInt(Math.round(Number(row.getCell(9).value) * 100));
      if (row.getCell(4).value === 'Nuitée') nights += 1;
    }
    expect(total).toBe(cents(statement.totaux.totalHt));
    expect(nights).toBe(statement.totaux.nuitees);
    const texts = sheet.getColumn(1).values.map(String);
    expect(texts).toContain('Total TTC');
  });

  it('writes the PDF', async () => {
    const response = await call(w, 'GET', `/releves/${w.hotel.id}/${mois}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
