import ExcelJS from 'exceljs';
import {
  NON_IMPUTE_LABEL,
  TRANCHE_AGE_LABELS,
  TRANCHES_AGE,
  type BalanceAgee,
  type BalanceAgeeLigne,
  type FactureListAnswer,
} from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { draft, facturationSuite, marchWorld } from '../facturation/facturation.fixture';
import { addDays, cents, creditTwoNights, issuedInvoice, pay } from './comptabilite.fixture';

const suite = facturationSuite({ withSettings: true });

async function balance(date?: string): Promise<BalanceAgee> {
  const response = await suite.call(
    'GET',
    `/comptabilite/balance-agee${date ? `?date=${date}` : ''}`,
    suite.agent,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BalanceAgee>();
}
const rowOf = (answer: BalanceAgee, clientId: number) =>
  answer.lignes.find((ligne) => ligne.clientId === clientId);

describe('GET /comptabilite/balance-agee', () => {
  it('ages an invoice by days past its due date, at the boundaries', async () => {
    const { world, invoice } = await issuedInvoice(suite.app, suite.admin, suite.agent, 'Âge');
    const due = invoice.dateEcheance ?? '';
    const bucketAt = async (days: number) => {
      const row = rowOf(await balance(addDays(due, days)), world.clientId);
      expect(row?.total).toBe('691.65');
      return TRANCHES_AGE.filter((tranche) => row?.[tranche] !== '0.00');
    };
    expect(await bucketAt(0)).toEqual(['nonEchu']);
    expect(await bucketAt(1)).toEqual(['j0a30']);
    expect(await bucketAt(30)).toEqual(['j0a30']);
    expect(await bucketAt(31)).toEqual(['j31a60']);
    expect(await bucketAt(60)).toEqual(['j31a60']);
    expect(await bucketAt(61)).toEqual(['j61a90']);
    expect(await bucketAt(90)).toEqual(['j61a90']);
    expect(await bucketAt(91)).toEqual(['plusDe90']);
    // Before its issue the invoice did not exist; today (the default) it is not due yet.
    expect(rowOf(await balance(addDays(invoice.dateEmission ?? '', -1)), world.clientId)).toBeUndefined();
    expect(rowOf(await balance(), world.clientId)).toMatchObject({ nonEchu: '691.65', factures: 1 });
  });

  it('counts partial payments by their date, credit notes, and leaves a paid invoice out', async () => {
    const partial = await issuedInvoice(suite.app, suite.admin, suite.agent, 'Partiel');
    const due = partial.invoice.dateEcheance ?? '';
    await pay(suite.app, suite.agent, partial.invoice.id, '100.00', addDays(due, 10));
    expect(rowOf(await balance(addDays(due, 5)), partial.world.clientId)?.j0a30).toBe('691.65');
    expect(rowOf(await balance(addDays(due, 40)), partial.world.clientId)).toMatchObject({
      j31a60: '591.65',
      total: '591.65',
    });

    // A credit note lowers what is left; paid off, the invoice leaves the balance.
    const credited = await issuedInvoice(suite.app, suite.admin, suite.agent, 'Avoir');
    await creditTwoNights(suite.app, suite.admin, credited.invoice);
    expect(rowOf(await balance(), credited.world.clientId)?.nonEchu).toBe('526.65');
    await pay(suite.app, suite.agent, credited.invoice.id, '526.65', credited.invoice.dateEmission ?? '');
    expect(rowOf(await balance(), credited.world.clientId)).toBeUndefined();
    expect(rowOf(await balance('2099-12-31'), credited.world.clientId)).toBeUndefined();

    // Credited after being paid: a credit owed to the client, not aged, deducted from its total.
    const refund = await issuedInvoice(suite.app, suite.admin, suite.agent, 'Remboursement');
    await pay(suite.app, suite.agent, refund.invoice.id, '691.65', refund.invoice.dateEmission ?? '');
    await creditTwoNights(suite.app, suite.admin, refund.invoice);
    // A draft of the same client counts for nothing.
    await draft(suite.app, suite.agent, refund.world.clientId, '2026-04');
    const row = rowOf(await balance('2099-12-31'), refund.world.clientId);
    expect(row).toMatchObject({ nonImpute: '-165.00', total: '-165.00', factures: 1, plusDe90: '0.00' });
  });

  it('totals equal the sum of the rows and of every invoice’s remaining amount', async () => {
    const world = await marchWorld(suite.app, 'Brouillon seul');
    await draft(suite.app, suite.agent, world.clientId);
    const answer = await balance('2099-12-31');
    expect(rowOf(answer, world.clientId)).toBeUndefined();
    const fields = [...TRANCHES_AGE, 'nonImpute', 'total'] as const;
    for (const field of fields)
      expect(cents(answer.totaux[field]), field).toBe(
        answer.lignes.reduce((sum, ligne) => sum + cents(ligne[field]), 0),
      );
    for (const ligne of answer.lignes)
      expect(cents(ligne.total)).toBe(
        fields
          .slice(0, -1)
          .reduce((sum, field) => sum + cents(ligne[field as keyof BalanceAgeeLigne] as string), 0),
      );
    // Every issued invoice's « reste à payer », read through the invoices' list.
    let reste = 0;
    for (let page = 1; ; page++) {
      const list = (
        await suite.call('GET', `/facturation/factures?type=facture&pageSize=200&page=${page}`, suite.agent)
      ).json<FactureListAnswer>();
      reste += list.data.reduce((sum, item) => sum + cents(item.resteAPayer), 0);
      if (page * 200 >= list.total) break;
    }
    expect(cents(answer.totaux.total)).toBe(reste);
    expect(answer.lignes.length).toBeGreaterThan(2);
  });

  it('answers 400 for a date that is not one', async () => {
    expect(
      (await suite.call('GET', '/comptabilite/balance-agee?date=2026-13-01', suite.agent)).statusCode,
    ).toBe(400);
    expect(
      (await suite.call('GET', '/comptabilite/balance-agee?date=2026-12-01&x=1', suite.agent)).statusCode,
    ).toBe(400);
  });

  it('writes the workbook: French headers, one row per client, amounts with two decimals, a totals row', async () => {
    const date = '2099-12-31';
    const answer = await balance(date);
    const response = await suite.call('GET', `/comptabilite/balance-agee/xlsx?date=${date}`, suite.agent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="balance-agee-${date}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Client',
      'Factures',
      ...TRANCHES_AGE.map((tranche) => TRANCHE_AGE_LABELS[tranche]),
      NON_IMPUTE_LABEL,
      'Total',
    ]);
    const first = answer.lignes[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe(first.clientNom);
    expect(sheet.getRow(2).getCell(9).value).toBe(Number(first.total));
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('#,##0.00 "€"');
    const totals = sheet.getRow(answer.lignes.length + 3);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(9).value).toBe(Number(answer.totaux.total));
    expect(totals.getCell(3).value).toBe(Number(answer.totaux.nonEchu));
  });
});
