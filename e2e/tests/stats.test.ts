import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { STATS_PATHS, type StatsCaAnswer, type StatsMoisAnswer, type StatsPaxAnswer } from 'shared/contract';
import { login, navigateInApp, openPage } from '../support/browser';
import { DEMO_AGENT } from '../support/product';
import { parisDay } from '../support/world';
import { productInBrowser } from '../support/suite';

const run = productInBrowser();

/** 'YYYY-MM' `offset` months from the current Paris month. */
function month(offset: number): string {
  const [year, m] = parisDay(0).split('-').map(Number) as [number, number];
  const index = year * 12 + m - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The API's answer to a stats call, with the session the page holds. */
async function api<T>(page: Page, path: string, params: Record<string, string>): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const response = await fetch(
    `${run.product.baseUrl}/api${path}?${new URLSearchParams(params).toString()}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  assert.equal(response.status, 200, path);
  return (await response.json()) as T;
}

const french = (value: number) => new Intl.NumberFormat('fr-FR').format(value).replace(/\s/g, ' ');
const shown = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

describe('statistics', () => {
  test('the three screens show the API figures on the demo data, follow the period and download the export', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);

    // StatsPerPax: the headline nights are the API's.
    const pax = { debut: month(-3), fin: month(0) };
    await page.goto(`/dashboard/StatsPerPax?debut=${pax.debut}&fin=${pax.fin}`);
    const headline = page.getByRole('list', { name: 'Chiffres clés' });
    await headline.waitFor({ timeout: 30_000 });
    const expectedPax = await api<StatsPaxAnswer>(page, STATS_PATHS.pax, pax);
    assert.ok(expectedPax.totaux.nuitees > 0, 'the demo data has nights in the last months');
    const nights = headline.getByRole('listitem').filter({ hasText: 'Nuitées' });
    assert.equal(
      shown(await nights.locator('.ant-statistic-content-value').textContent()),
      french(expectedPax.totaux.nuitees),
    );
    await page.getByRole('table', { name: 'Par client' }).waitFor();
    // The chart is drawn (SVG) beside its table.
    await page.locator('figure[role="img"] svg').first().waitFor();

    // StatsPerMonth: 12 then 24 months, in the URL, each month's nights the API's.
    await page.goto(`/dashboard/StatsPerMonth?debut=${month(-11)}&fin=${month(0)}`);
    const activity = page.getByRole('table', { name: 'Activité par mois' });
    await activity.waitFor({ timeout: 30_000 });
    await page.getByText('24 mois').click();
    await page.waitForURL(`**/dashboard/StatsPerMonth?debut=${month(-23)}&fin=${month(0)}`);
    const months = await api<StatsMoisAnswer>(page, STATS_PATHS.mois, { debut: month(-23), fin: month(0) });
    assert.equal(months.mois.length, 24);
    // The first page of the table (12 rows): the first month, its nights and its nights a year earlier.
    const first = months.mois[0]!;
    const row = activity.getByRole('row').filter({
      has: page.getByRole('cell', { name: `${first.mois.slice(5)}/${first.mois.slice(0, 4)}`, exact: true }),
    });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map(shown);
    // Mois, Pax, Pax (N-1), Nuitées, Nuitées (N-1)
    assert.deepEqual(cells.slice(3, 5), [french(first.nuitees), french(first.nuiteesPrecedent)]);

    // StatsPerCa: move the end of the period back one month; the months table follows; export it.
    await page.goto(`/dashboard/StatsPerCa?debut=${month(-5)}&fin=${month(0)}`);
    const caMonths = page.getByRole('table', { name: "Chiffre d'affaires par mois" });
    await caMonths.waitFor({ timeout: 30_000 });
    const end = page.getByLabel('au mois');
    await end.click();
    const previous = month(-1);
    await end.fill(`${previous.slice(5)}/${previous.slice(0, 4)}`);
    await end.press('Enter');
    await page.waitForURL(`**/dashboard/StatsPerCa?debut=${month(-6)}&fin=${previous}`);
    const ca = await api<StatsCaAnswer>(page, STATS_PATHS.ca, { debut: month(-6), fin: previous });
    const sale = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(
      Number(ca.totaux.venteHt),
    );
    await page
      .getByRole('list', { name: 'Chiffres clés' })
      .getByText(sale.replace(/\s/g, ' '), { exact: true })
      .first()
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: "Exporter « Chiffre d'affaires par mois » en Excel" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `statistiques-ca-par-mois-${parisDay(0)}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    assert.equal(sheet.rowCount - 1, 6);
    assert.equal(sheet.getRow(1).getCell(1).text, 'Mois');
    assert.equal(sheet.getRow(7).getCell(1).text, `${previous.slice(5)}/${previous.slice(0, 4)}`);
    assert.equal(Number(sheet.getRow(7).getCell(3).value), Number(ca.parMois.at(-1)!.venteHt));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 375 px every filter stays inside the card', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl, {
      width: 375,
      height: 740,
    });
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await navigateInApp(page, '/dashboard/StatsPerMonth');
    const filters = page.getByRole('search', { name: 'Filtres des statistiques' });
    await filters.waitFor({ timeout: 30_000 });
    const card = await filters
      .locator('xpath=ancestor::div[contains(@class, "ant-card-body")][1]')
      .boundingBox();
    assert.ok(card, 'the filters sit in a card');
    for (const field of await filters.locator('.ant-select, .ant-picker').all()) {
      const box = await field.boundingBox();
      assert.ok(
        box && box.x >= card.x && box.x + box.width <= card.x + card.width,
        `a filter inside the card (${JSON.stringify(box)} in ${JSON.stringify(card)})`,
      );
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const width of [1366, 375]) {
    test(`at ${width} px the names on a chart read apart and stay inside it`, async () => {
      const { page, context, errors } = await openPage(run.browser, run.product.baseUrl, {
        width,
        height: 800,
      });
      await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
      await navigateInApp(page, `/dashboard/StatsPerPax?debut=${month(-11)}&fin=${month(0)}`);
      await page.getByRole('table', { name: 'Par client' }).waitFor({ timeout: 30_000 });
      // The clients' chart: the first one naming its categories (a tooltip per name).
      const figure = page
        .locator('figure[role="img"]')
        .filter({ has: page.locator('g > title') })
        .first();
      await figure.locator('g > title').first().waitFor({ state: 'attached' });
      const labels = await figure.locator('g.stats-chart-name').evaluateAll((groups) =>
        groups.map((group) => {
          const box = group.getBoundingClientRect();
          return {
            full: group.querySelector('title')?.textContent ?? '',
            shown: Array.from(group.querySelectorAll('tspan'), (tspan) => tspan.textContent).join(' '),
            left: box.left,
            right: box.right,
          };
        }),
      );
      const frame = (await figure.boundingBox())!;
      assert.ok(labels.length >= 2, 'several clients on the chart');
      assert.equal(
        new Set(labels.map((label) => label.shown)).size,
        labels.length,
        'no two names read the same',
      );
      for (const label of labels) {
        assert.ok(label.full.length > 0, 'the full name as tooltip');
        assert.ok(
          label.left >= frame.x - 1 && label.right <= frame.x + frame.width + 1,
          `« ${label.shown} » inside the chart at ${width} px`,
        );
      }
      const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrolled <= width, `no sideways scroll at ${width} px (${scrolled})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
