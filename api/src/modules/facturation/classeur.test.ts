import ExcelJS from 'exceljs';
import { FACTURATION_MESSAGES, type FactureWritten } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { draft, facturationSuite, issue, marchWorld } from './facturation.fixture';

const suite = facturationSuite({ withSettings: true });

async function workbookOf(id: number) {
  const response = await suite.call('GET', `/facturation/factures/${id}/xlsx`, suite.agent);
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { response, workbook };
}

/** The amount in column F of the row whose column B is `label`. */
function amountOf(sheet: ExcelJS.Worksheet, label: string): unknown {
  for (let index = 1; index <= sheet.rowCount; index++)
    if (sheet.getRow(index).getCell(2).value === label) return sheet.getRow(index).getCell(6).value;
  return undefined;
}

describe('GET /facturation/factures/:id/xlsx', () => {
  it('writes the lines, the VAT per rate and totals equal to the invoice’s, and the annex', async () => {
    const world = await marchWorld(suite.app, 'Classeur');
    const brouillon = await draft(suite.app, suite.agent, world.clientId);
    const refused = await suite.call('GET', `/facturation/factures/${brouillon.id}/xlsx`, suite.agent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(FACTURATION_MESSAGES.notIssued);
    expect((await suite.call('GET', '/facturation/factures/999999/xlsx', suite.agent)).statusCode).toBe(404);

    const invoice = await issue(suite.app, suite.admin, brouillon.id);
    const { response, workbook } = await workbookOf(invoice.id);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.numero}.xlsx"`);
    const [lignes, annexe] = workbook.worksheets;
    expect(lignes?.name).toBe('Lignes');
    expect((lignes!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'N°',
      'Désignation',
      'Quantité',
      'Unité',
      'Prix unitaire HT',
      'Montant HT',
      'Taux TVA (%)',
    ]);
    let sum = 0;
    for (const [index, ligne] of invoice.lignes.entries()) {
      const row = lignes!.getRow(index + 2);
      expect(row.getCell(2).value).toBe(ligne.libelle);
      expect(row.getCell(6).value).toBe(Number(ligne.montantHt));
      sum += Math.round(Number(ligne.montantHt) * 100);
    }
    expect(sum).toBe(Math.round(Number(invoice.totalHt) * 100));
    expect(amountOf(lignes!, 'Total HT')).toBe(Number(invoice.totalHt));
    expect(amountOf(lignes!, 'Total TVA')).toBe(Number(invoice.totalTva));
    expect(amountOf(lignes!, 'Total TTC')).toBe(Number(invoice.totalTtc));
    expect(amountOf(lignes!, 'TVA 10,00 % (base HT, TVA)')).toBe(60);
    expect(amountOf(lignes!, 'TVA 5,50 % (base HT, TVA)')).toBe(1.65);

    expect(annexe?.name).toBe('Annexe');
    expect(annexe!.getRow(2).getCell(2).value).toBe(invoice.annexe[0]?.pensionnaire);
    const total = annexe!.getRow(invoice.annexe.length + 3);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(7).value).toBe(Number(invoice.totalHt));
  });

  it('writes a credit note’s own lines and totals', async () => {
    const world = await marchWorld(suite.app, 'Classeur avoir');
    const invoice = await issue(
      suite.app,
      suite.admin,
      (await draft(suite.app, suite.agent, world.clientId)).id,
    );
    const credit = await suite.call('POST', `/facturation/factures/${invoice.id}/avoirs`, suite.admin, {
      motif: 'Tout',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const avoir = credit.json<FactureWritten>().data;
    const { workbook } = await workbookOf(avoir.id);
    expect(amountOf(workbook.worksheets[0]!, 'Total TTC')).toBe(Number(avoir.totalTtc));
  });
});
