import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import {
  addDays,
  COLONNES_DETAIL,
  RELEVES_PATHS,
  type FactureEtablissementDetail,
  type ReleveEtablissement,
  type RelevePage,
} from 'shared/contract';
import { login, openPage } from '../support/browser';
import { DEMO_ADMIN } from '../support/product';
import { settled, submitAction, typeDate } from '../support/ui';
import { parisDay } from '../support/world';
import { productInBrowser } from '../support/suite';

const run = productInBrowser();

/** The API's answer, with the session the page holds. */
async function api(page: Page, path: string): Promise<Response> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const response = await fetch(`${run.product.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(response.status, 200, path);
  return response;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const euros = (value: number) => `${Math.floor(value / 100)},${String(value % 100).padStart(2, '0')}`;
const frenchDay = (day: string) => day.split('-').reverse().join('/');
/** VAT of a base at a rate, rounded half up to the cent as the API's numeric round does. */
const vat = (base: number, rate: string) =>
  Math.floor((base * Math.round(Number(rate) * 100) + 5_000) / 10_000);

/** A cell of the statement's workbook as a detail file's CSV writes it. */
function csvCell(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return frenchDay(value.toISOString().slice(0, 10));
  if (typeof value === 'number') return String(value).replace('.', ',');
  // The statement's workbook holds plain values: texts, numbers and dates, no formulas nor rich text.
  return typeof value === 'string' ? value.replace(/;/g, ',') : '';
}

describe('hotel statements and reconciliation', () => {
  test('a hotel invoice billing one night more than the statement: one difference, accepted with a reason, rapprochée', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    // The last complete month, a hotel with nights and no invoice of its own yet.
    const [year, month] = parisDay(0).split('-').map(Number) as [number, number];
    const index = year * 12 + month - 2;
    const mois = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    const releves = (await (
      await api(page, `${RELEVES_PATHS.releves}?mois=${mois}&pageSize=100`)
    ).json()) as RelevePage;
    const hotel = releves.data.find((row) => row.factures === 0 && row.nuitees > 0);
    assert.ok(hotel, `the demo data has a hotel with nights and no invoice in ${mois}`);
    const base = `${RELEVES_PATHS.releves}/${hotel.etablissementId}/${mois}`;
    const releve = (await (await api(page, base)).json()) as ReleveEtablissement;

    // The hotel's detail: our own statement's workbook (a detail file as it is), plus one night nobody booked.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await api(page, `${base}/xlsx`)).arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    for (let number = 1; number <= sheet.rowCount; number++) {
      const values = (sheet.getRow(number).values as ExcelJS.CellValue[]).slice(1);
      if (values.every((value) => value === null || value === undefined || value === '')) break;
      rows.push(values.map(csvCell));
    }
    const header = rows[0]!;
    const column = (name: string) => header.indexOf(name);
    const night = rows
      .slice(1)
      .find((row) => /nuit/i.test(row[column(COLONNES_DETAIL.prestation)] ?? 'Nuitée'));
    assert.ok(night, 'the statement bills at least one night');
    const extra = header.map(() => '');
    extra[column(COLONNES_DETAIL.pensionnaire)] = 'INCONNU Nuit-en-trop';
    extra[column(COLONNES_DETAIL.dateNuit)] = frenchDay(releve.periode.debut);
    extra[column(COLONNES_DETAIL.prestation)] = 'Nuitée';
    extra[column(COLONNES_DETAIL.prixUnitaireHt)] = night[column(COLONNES_DETAIL.prixUnitaireHt)]!;
    extra[column(COLONNES_DETAIL.tauxTva)] = night[column(COLONNES_DETAIL.tauxTva)]!;
    if (column(COLONNES_DETAIL.quantite) >= 0) extra[column(COLONNES_DETAIL.quantite)] = '1';
    const csv = [...rows, extra].map((row) => row.join(';')).join('\n') + '\n';

    // The invoice's totals: the statement's plus that night, VAT rounded per rate as on the statement.
    const price = cents(night[column(COLONNES_DETAIL.prixUnitaireHt)]!.replace(',', '.'));
    const rate = night[column(COLONNES_DETAIL.tauxTva)]!.replace(',', '.');
    const ht = cents(releve.totaux.totalHt) + price;
    const tva = releve.tva.reduce(
      (sum, line) =>
        sum + vat(cents(line.baseHt) + (Number(line.tauxTva) === Number(rate) ? price : 0), line.tauxTva),
      0,
    );

    // « Relevés établissements » → « Saisir la facture de l’établissement », hotel and period filled in.
    await page.goto(`/dashboard/Releves?mois=${mois}&etablissementId=${hotel.etablissementId}`);
    await page
      .getByRole('button', { name: `Saisir la facture de l’établissement ${hotel.etablissementNom}` })
      .click();
    const form = await settled(page.getByRole('dialog', { name: 'Saisir une facture d’établissement' }));
    const numero = `E2E-${Date.now()}`;
    await form.getByLabel('Numéro de facture').fill(numero);
    await typeDate(form.getByLabel('Date de facture'), frenchDay(parisDay(0)));
    // The period as the hotel's invoice prints it, first and last day: filled in with the month, typed as a user
    // copies it from the paper (« du 01/10 au 31/10 »); the API gets the day after the last (its half-open end).
    const dernierJour = addDays(releve.periode.fin, -1);
    assert.equal(await form.getByLabel('Début de période').inputValue(), frenchDay(releve.periode.debut));
    assert.equal(await form.getByLabel('Fin de période').inputValue(), frenchDay(dernierJour));
    await typeDate(form.getByLabel('Début de période'), frenchDay(releve.periode.debut));
    await typeDate(form.getByLabel('Fin de période'), frenchDay(dernierJour));
    await form.getByLabel('Total HT').fill(euros(ht));
    await form.getByLabel('TVA').fill(euros(tva));
    await form.getByLabel('Total TTC').fill(euros(ht + tva));
    await submitAction(form, 'Enregistrer');
    await page.waitForURL(/\/dashboard\/FacturesEtablissements\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const saved = (await (
      await api(page, `${RELEVES_PATHS.factures}/${id}`)
    ).json()) as FactureEtablissementDetail;
    assert.deepEqual([saved.periodeDebut, saved.periodeFin], [releve.periode.debut, releve.periode.fin]);
    const moisNom = new Intl.DateTimeFormat('fr-FR', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${releve.periode.debut}T00:00:00Z`));
    await page.locator('.ant-descriptions').getByText(moisNom, { exact: true }).waitFor();

    // The detail, then the reconciliation: the one night billed and not booked.
    await page.getByLabel('Fichier de détail').setInputFiles({
      name: 'detail.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await page.getByRole('button', { name: 'Remplacer le détail' }).waitFor();
    await page.getByRole('button', { name: 'Lancer le rapprochement' }).click();
    await page.getByText('Facturée, non réservée (1)').waitFor();
    // One group of differences (its card titled « kind (count) »), and no other.
    const groups = page.locator('.ant-card-head-title').filter({ hasText: / \(\d+\)$/ });
    assert.deepEqual(await groups.allTextContents(), ['Facturée, non réservée (1)']);
    await page.getByText('INCONNU Nuit-en-trop').waitFor();

    // Accepted with a reason: who and why shown, the invoice rapprochée.
    await page.getByRole('button', { name: /^Accepter l’écart \d+$/ }).click();
    const acceptance = await settled(page.getByRole('dialog', { name: 'Accepter l’écart' }));
    await acceptance.getByLabel('Motif').fill('Nuit supplémentaire demandée par le client');
    await submitAction(acceptance, 'Accepter');
    await page.getByText(`par ${DEMO_ADMIN.name} le`).waitFor();
    await page.getByText('Motif : Nuit supplémentaire demandée par le client').waitFor();
    assert.equal(await page.locator('.ant-descriptions .ant-tag').first().textContent(), 'Rapprochée');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
