import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { COMPTABILITE_MESSAGES, COMPTES, FEC_COLONNES, type FecColonne } from 'shared/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneOf } from '../../db/raw';
import { todayOf } from '../../db/today';
import { draft, facturationSuite, marchWorld } from '../facturation/facturation.fixture';
import { addDays, cents, creditTwoNights, issuedInvoice, pay } from './comptabilite.fixture';
import { vatAccount } from './fec-ecritures';
import { latin9 } from './fec-fichier';

const suite = facturationSuite({ withSettings: true });
let today: string;

type Line = Record<FecColonne, string>;

beforeAll(async () => {
  today = await todayOf(suite.app.db);
});

/** The FEC of a period as its lines (decoded from ISO 8859-15), with its raw answer. */
async function fec(debut: string, fin: string) {
  const response = await suite.call('GET', `/comptabilite/fec?debut=${debut}&fin=${fin}`, suite.agent);
  expect(response.statusCode, response.body).toBe(200);
  const text = new TextDecoder('iso-8859-15').decode(response.rawPayload);
  const [header, ...rows] = text.split('\r\n');
  expect(rows.pop()).toBe('');
  const lines = rows.map(
    (row) => Object.fromEntries(row.split('\t').map((value, index) => [FEC_COLONNES[index], value])) as Line,
  );
  return { response, header: header ?? '', lines, raw: response.rawPayload };
}

const byPiece = (lines: Line[], piece: string) => lines.filter((line) => line.PieceRef === piece);
const sumBy = (lines: Line[], key: (line: Line) => string) => {
  const sums = new Map<string, number>();
  for (const line of lines)
    sums.set(key(line), (sums.get(key(line)) ?? 0) + cents(line.Debit) - cents(line.Credit));
  return sums;
};

async function insertHotelInvoice(etablissementId: number, numero: string, date: string, etat: string) {
  await oneOf(
    suite.app.db,
    sql`insert into factures_etablissements (etablissement_id, numero, date_facture, periode_debut, periode_fin,
        total_ht, total_tva, total_ttc, etat, rapprochee_le)
      values (${etablissementId}, ${numero}, ${date}::date, '2026-03-01', '2026-04-01', '1000.00', '100.00',
        '1100.00', ${etat}, ${etat === 'rapprochee' ? sql`now()` : null})
      returning id`,
  );
}

describe('GET /comptabilite/fec', () => {
  let paid: Awaited<ReturnType<typeof issuedInvoice>>;
  let partial: Awaited<ReturnType<typeof issuedInvoice>>;
  let credited: Awaited<ReturnType<typeof issuedInvoice>>;
  let avoirNumero: string;
  let draftClientId: number;

  beforeAll(async () => {
    paid = await issuedInvoice(suite.app, suite.admin, suite.agent, 'Réglé œuvre');
    await pay(suite.app, suite.agent, paid.invoice.id, '600.00', today);
    await pay(suite.app, suite.agent, paid.invoice.id, '91.65', today);
    partial = await issuedInvoice(suite.app, suite.admin, suite.agent, 'Partiel');
    await pay(suite.app, suite.agent, partial.invoice.id, '100.00', today);
    credited = await issuedInvoice(suite.app, suite.admin, suite.agent, 'Avoir');
    avoirNumero = (await creditTwoNights(suite.app, suite.admin, credited.invoice)).numero ?? '';
    const world = await marchWorld(suite.app, 'Brouillon');
    draftClientId = world.clientId;
    await draft(suite.app, suite.agent, world.clientId);
    await insertHotelInvoice(paid.world.etablissementId, 'H-RAPP-1', today, 'rapprochee');
    await insertHotelInvoice(paid.world.etablissementId, 'H-ECART-1', today, 'ecart');
    await insertHotelInvoice(paid.world.etablissementId, 'H-RAPP-OLD', addDays(today, -40), 'rapprochee');
  });

  it('writes the 18 columns, tab-separated, in ISO 8859-15, named <SIREN>FEC<date>.txt', async () => {
    const { response, header, lines, raw } = await fec(today, today);
    expect(header).toBe(FEC_COLONNES.join('\t'));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="123456789FEC${today.replaceAll('-', '')}.txt"`,
    );
    expect(response.headers['content-type']).toBe('text/plain; charset=iso-8859-15');
    for (const line of lines) {
      expect(Object.keys(line)).toHaveLength(18);
      expect(line.EcritureDate).toMatch(/^\d{8}$/);
      expect(line.ValidDate).toMatch(/^\d{8}$/);
      expect(line.Debit).toMatch(/^\d+,\d{2}$/);
      expect(line.Credit).toMatch(/^\d+,\d{2}$/);
      expect(line.Montantdevise + line.Idevise).toBe('');
    }
    // « Réglé œuvre » in Latin-9: é is 0xE9, œ is 0xBD; never UTF-8's two bytes.
    expect(raw.includes(latin9('Réglé œuvre'))).toBe(true);
    expect(raw.includes(Buffer.from('Réglé', 'utf8'))).toBe(false);
  });

  it('balances every entry and every journal', async () => {
    const { lines } = await fec(addDays(today, -60), today);
    for (const [numero, balance] of sumBy(lines, (line) => line.EcritureNum)) expect(balance, numero).toBe(0);
    for (const [journal, balance] of sumBy(lines, (line) => line.JournalCode))
      expect(balance, journal).toBe(0);
    // Entry numbers follow each other in each journal, from 1.
    for (const journal of ['VT', 'BQ', 'HA']) {
      const numbers = [...new Set(lines.filter((l) => l.JournalCode === journal).map((l) => l.EcritureNum))];
      expect(numbers).toEqual(numbers.map((_, index) => `${journal}${String(index + 1).padStart(6, '0')}`));
    }
  });

  it('writes an invoice as 411 / 706 / 44571x and its credit note as the reverse', async () => {
    const { lines } = await fec(today, today);
    const invoice = byPiece(lines, credited.invoice.numero ?? '');
    expect(invoice.map((l) => [l.JournalCode, l.CompteNum, l.CompAuxNum, l.Debit, l.Credit])).toEqual([
      [
        'VT',
        COMPTES.clients.numero,
        `C${String(credited.world.clientId).padStart(6, '0')}`,
        '691,65',
        '0,00',
      ],
      ['VT', COMPTES.ventes.numero, '', '0,00', '30,00'],
      ['VT', COMPTES.ventes.numero, '', '0,00', '600,00'],
      ['VT', vatAccount('5.50').numero, '', '0,00', '1,65'],
      ['VT', vatAccount('10.00').numero, '', '0,00', '60,00'],
    ]);
    expect(vatAccount('10.00')).toEqual({ numero: '445711000', libelle: 'TVA collectée 10 %' });
    expect(vatAccount('5.50')).toEqual({ numero: '445710550', libelle: 'TVA collectée 5,5 %' });
    const avoir = byPiece(lines, avoirNumero);
    expect(avoir.map((l) => [l.CompteNum, l.Debit, l.Credit])).toEqual([
      [COMPTES.clients.numero, '0,00', '165,00'],
      [COMPTES.ventes.numero, '150,00', '0,00'],
      [vatAccount('10.00').numero, '15,00', '0,00'],
    ]);
    expect(avoir[0]?.EcritureLib).toContain(credited.invoice.numero);
  });

  it('letters a settled invoice with its payments, and nothing that is not settled', async () => {
    const { lines } = await fec(today, today);
    const paidLines = byPiece(lines, paid.invoice.numero ?? '');
    const clients = paidLines.filter((line) => line.CompteNum === COMPTES.clients.numero);
    expect(clients).toHaveLength(3); // the invoice and its two payments
    for (const line of clients) {
      expect(line.EcritureLet).toBe(paid.invoice.numero);
      expect(line.DateLet).toBe(today.replaceAll('-', ''));
    }
    const banks = paidLines.filter((line) => line.CompteNum === COMPTES.banque.numero);
    expect(banks.map((line) => [line.JournalCode, line.Debit])).toEqual([
      ['BQ', '600,00'],
      ['BQ', '91,65'],
    ]);
    for (const line of banks) expect(line.EcritureLet + line.DateLet).toBe('');
    // A partial payment, a credit note leaving something to pay: no lettering.
    for (const line of [...byPiece(lines, partial.invoice.numero ?? ''), ...byPiece(lines, avoirNumero)])
      expect(line.EcritureLet + line.DateLet, line.EcritureNum).toBe('');
    // Settled later: lettered in a file reaching that day, dated that day; not in the file that stops before.
    const later = addDays(today, 5);
    await pay(suite.app, suite.agent, partial.invoice.id, '591.65', later);
    for (const line of byPiece((await fec(today, today)).lines, partial.invoice.numero ?? ''))
      expect(line.EcritureLet).toBe('');
    const settled = byPiece((await fec(today, later)).lines, partial.invoice.numero ?? '').filter(
      (line) => line.CompteNum === COMPTES.clients.numero,
    );
    expect(settled.map((line) => [line.EcritureLet, line.DateLet])).toEqual(
      Array.from({ length: 3 }, () => [partial.invoice.numero, later.replaceAll('-', '')]),
    );
  });

  it('takes the reconciled hotel invoices of the period into the purchases journal, and no draft', async () => {
    const { lines } = await fec(today, today);
    const purchase = byPiece(lines, 'H-RAPP-1');
    expect(purchase.map((l) => [l.JournalCode, l.CompteNum, l.Debit, l.Credit])).toEqual([
      ['HA', COMPTES.achats.numero, '1000,00', '0,00'],
      ['HA', COMPTES.tvaDeductible.numero, '100,00', '0,00'],
      ['HA', COMPTES.fournisseurs.numero, '0,00', '1100,00'],
    ]);
    expect(purchase[2]?.CompAuxNum).toBe(`F${String(paid.world.etablissementId).padStart(6, '0')}`);
    expect(byPiece(lines, 'H-ECART-1')).toEqual([]);
    expect(byPiece(lines, 'H-RAPP-OLD')).toEqual([]);
    expect(lines.filter((l) => l.CompAuxNum === `C${String(draftClientId).padStart(6, '0')}`)).toEqual([]);
    expect(lines.every((l) => l.PieceRef !== '')).toBe(true);
  });

  it('excludes what is outside the period', async () => {
    const before = await fec(addDays(today, -60), addDays(today, -1));
    expect(byPiece(before.lines, 'H-RAPP-OLD')).toHaveLength(3);
    expect(byPiece(before.lines, paid.invoice.numero ?? '')).toEqual([]);
    const after = await fec(addDays(today, 1), addDays(today, 30));
    expect(byPiece(after.lines, paid.invoice.numero ?? '')).toEqual([]);
  });

  it('answers 400 for a period backwards or too long, and writes the same rows as a workbook', async () => {
    const backwards = await suite.call(
      'GET',
      `/comptabilite/fec?debut=${today}&fin=${addDays(today, -1)}`,
      suite.agent,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toBe(COMPTABILITE_MESSAGES.periode);
    const long = await suite.call('GET', `/comptabilite/fec?debut=2024-01-01&fin=2026-12-31`, suite.agent);
    expect(long.json<{ message: string }>().message).toBe(COMPTABILITE_MESSAGES.periodeLongue);
    expect((await suite.call('GET', `/comptabilite/fec?debut=${today}`, suite.agent)).statusCode).toBe(400);

    const { lines } = await fec(today, today);
    const response = await suite.call(
      'GET',
      `/comptabilite/fec/xlsx?debut=${today}&fin=${today}`,
      suite.agent,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `123456789FEC${today.replaceAll('-', '')}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...FEC_COLONNES]);
    expect(sheet.rowCount).toBe(lines.length + 1);
    expect(sheet.getRow(2).getCell(3).value).toBe(lines[0]?.EcritureNum);
    expect(sheet.getRow(2).getCell(12).value).toBe(cents(lines[0]?.Debit ?? '') / 100);
  });
});
