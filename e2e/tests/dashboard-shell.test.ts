/**
 * The dashboard shell on narrow and wide screens, and its badges against the screens they open (issue 35):
 * - under 768 px (375, 414, 767) the bell's panel and each of its items are inside the screen, and every top-bar
 *   shortcut is on screen or reachable by scrolling its strip (spec §2: « a compact scrollable strip »); at 1366 px
 *   too;
 * - on the demo data, the PAF, CAF and « commencées hier » badges equal the totals of the screens they open, and a
 *   PAF / CAF « à vérifier » stay always has a night already due (none to come, none cancelled before it began).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  DASHBOARD_RESERVATION_FILTERS,
  NOTIFICATION_PATHS,
  RESERVATIONS_PATHS,
  ROOMING_PATHS,
  type PointageListAnswer,
  type ReservationListAnswer,
} from 'shared/contract';
import { launchBrowser, login, openPage } from '../support/browser';
import { DEMO_ADMIN, DEMO_AGENT, startProduct, type Product } from '../support/product';
import { openDialog } from '../support/ui';
import { ApiSession, parisDay } from '../support/world';

let product: Product;
let browser: Browser;
let admin: ApiSession;

before(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  admin = await ApiSession.login(product.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
});

after(async () => {
  await browser?.close();
  await product?.stop();
});

const BROADCAST =
  'Rappel : les demandes d’hébergement urgentes de la nuit sont à traiter avant 10 h, celles des familles en premier.';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const inside = (inner: Box, outer: Pick<Box, 'x' | 'width'>) =>
  inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;

/** The shell once the parts it adds after the first screen are there (the socket's dot, « Tâches »). */
async function dashboardAt(width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(browser, product.baseUrl, { width, height: 800 });
  await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
  await page.locator('[data-testid="realtime-state"][data-state="open"]').waitFor({ timeout: 30_000 });
  return {
    page,
    close: async () => {
      assert.deepEqual(errors, [], `${width} px: no error in the console`);
      await context.close();
    },
  };
}

describe('the shell at 375, 414, 767 and 1366 px', () => {
  before(async () => {
    await admin.call('POST', NOTIFICATION_PATHS.create, { roles: ['agent'], message: BROADCAST });
  });

  for (const width of [375, 414, 767, 1366]) {
    test(`${width} px: the bell's panel and its items inside the screen, every shortcut reachable`, async () => {
      const { page, close } = await dashboardAt(width);
      const bell = page.getByRole('button', { name: /^Notifications \(\d+ non lues?\)$/ });
      const panel = await openDialog(bell, page.getByRole('dialog', { name: 'Notifications' }));
      const item = panel.getByRole('button').filter({ hasText: BROADCAST });
      await item.waitFor();
      const screen = { x: 0, width };
      const panelBox = await panel.boundingBox();
      const itemBox = await item.boundingBox();
      assert.ok(panelBox && itemBox);
      assert.ok(
        inside(panelBox, screen),
        `${width} px: the panel inside the screen (${JSON.stringify(panelBox)})`,
      );
      assert.ok(
        inside(itemBox, screen),
        `${width} px: the item inside the screen (${JSON.stringify(itemBox)})`,
      );
      // Spec §2: 360 px wide, the screen's width less 16 px under 768 px.
      assert.equal(Math.round(panelBox.width), width < 768 ? width - 16 : 360);
      // A notification without a link leads to the requests screen, and the panel gets out of its way.
      await item.click();
      await page.waitForURL('**/dashboard/Demande-Hebergement');
      await panel.waitFor({ state: 'hidden' });
      await page.goto('/dashboard');
      await page.locator('[data-testid="realtime-state"][data-state="open"]').waitFor({ timeout: 30_000 });

      const strip = page.getByRole('toolbar', { name: 'Raccourcis' });
      const stripBox = await strip.boundingBox();
      assert.ok(stripBox && inside(stripBox, screen), `${width} px: the strip inside the screen`);
      // The first two shortcuts whole before any scroll (at 375 px « À prolonger » was cut by the bell's side).
      for (const name of ['Résa. intégrale', 'À prolonger']) {
        const box = await strip.getByRole('button', { name, exact: true }).boundingBox();
        assert.ok(box && inside(box, stripBox), `${width} px: « ${name} » whole (${JSON.stringify(box)})`);
      }
      const buttons = strip.getByRole('button');
      const count = await buttons.count();
      assert.equal(count, 8, 'six shortcuts and the two add buttons');
      for (let index = 0; index < count; index++) {
        const button = buttons.nth(index);
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        const label = (await button.textContent())?.trim();
        assert.ok(
          box && inside(box, stripBox) && inside(box, screen),
          `${width} px: « ${label} » reachable (${JSON.stringify(box)})`,
        );
      }
      await close();
    });
  }
});

/** Every stay of a list body, page by page. */
async function wholeList(filters: object): Promise<ReservationListAnswer['reservations']> {
  const rows: ReservationListAnswer['reservations'] = [];
  for (let page = 1; ; page++) {
    const answer = await admin.call<ReservationListAnswer>('POST', RESERVATIONS_PATHS.list, {
      ...filters,
      page,
      pageSize: 200,
    });
    rows.push(...answer.reservations);
    if (answer.reservations.length === 0 || rows.length >= answer.total) return rows;
  }
}

/** The figure a dashboard badge shows. */
async function badge(page: Page, counter: string): Promise<number> {
  const text = await page.locator(`a[data-counter="${counter}"] [data-figure-value]`).textContent();
  const value = Number((text ?? '').replace(/\D/g, ''));
  assert.ok(/\d/.test(text ?? ''), `the badge ${counter} shows a figure (${text})`);
  return value;
}

describe('the dashboard badges on the demo data', () => {
  test('PAF, CAF and « commencées hier »: each badge equals the screen it opens', async () => {
    const { page, close } = await dashboardAt(1366);
    for (const [counter, flux] of [
      ['totalPaf', 'paf'],
      ['totalCaf', 'caf'],
    ] as const) {
      await page.goto('/dashboard');
      await page
        .locator(`a[data-counter="${counter}"] [data-figure-value]`)
        .filter({ hasText: /\d/ })
        .waitFor();
      const shown = await badge(page, counter);
      assert.ok(shown > 0, `the demo data has ${flux} to verify`);
      const listed = page.waitForResponse(
        (response) =>
          response.url().endsWith(`/api${ROOMING_PATHS.pointageNuitees}`) &&
          response.request().method() === 'POST',
      );
      await page.locator(`a[data-counter="${counter}"]`).click();
      await page.waitForURL(
        `**/dashboard/pointage-${flux}?status_${flux}=true&etat_payment_${flux}=a_verifier`,
      );
      const screen = (await (await listed).json()) as PointageListAnswer;
      assert.equal(screen.total, shown, `${flux}: the screen's total is the badge's`);
      // The same stays through the reservation list, each with a night already due, none cancelled before it.
      const stays = await wholeList(DASHBOARD_RESERVATION_FILTERS[counter]);
      assert.equal(stays.length, shown);
      const early = stays.filter((stay) => stay.date_debut >= parisDay(0) || stay.statut === 'annulee');
      assert.deepEqual(
        early.map((stay) => `n° ${stay.id} ${stay.statut} ${stay.date_debut}`),
        [],
        `${flux}: no stay without a night due`,
      );
    }

    await page.goto('/dashboard');
    await page
      .locator('a[data-counter="totalPresence"] [data-figure-value]')
      .filter({ hasText: /\d/ })
      .waitFor();
    const toCheck = await badge(page, 'totalPresence');
    assert.ok(toCheck > 0, 'the demo data leaves yesterday’s arrivals to check');
    await page.locator('a[data-counter="totalPresence"]').click();
    await page.waitForURL('**/dashboard/pointage-presence?jours=commence_h');
    await page.getByText(new RegExp(` séjours? · ${toCheck} à pointer · `)).waitFor({ timeout: 30_000 });
    await close();
  });
});
