/**
 * « Versions des modules » (issue 38 §2): a release registered through the API is put live from the host's admin
 * screen, then rolled back from it; the registry's status and trail say the same as the screen. The remote is a
 * registry-only one (no files in the store), so that the five product remotes keep loading from their servers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  MODULE_VERSIONS_PATH,
  REGISTRY_PATH,
  type RegistryStatus,
  type ReleaseHistory,
} from 'shared/contract';
import { launchBrowser, login, openPage } from '../support/browser';
import { DEMO_ADMIN, startProduct, type Product } from '../support/product';
import { openDialog } from '../support/ui';
import { ApiSession } from '../support/world';

const REMOTE = 'mf-essai';
const V1 = '20261201-abc1234-e2e00001';
const V2 = '20261202-def5678-e2e00002';

let product: Product;
let browser: Browser;
let admin: ApiSession;

const releaseJson = (id: string, commit: string) => ({
  remote: REMOTE,
  id,
  commit,
  builtAt: '2026-12-01T10:00:00.000Z',
  files: [{ path: 'mf-manifest.json', size: 812, sha256: 'a'.repeat(64) }],
});

const liveOf = async () =>
  (await admin.call<RegistryStatus>('GET', REGISTRY_PATH)).data.find((remote) => remote.remote === REMOTE)
    ?.live?.id;

before(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  admin = await ApiSession.login(product.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.call('POST', `${REGISTRY_PATH}/releases`, { release: releaseJson(V1, 'abc1234') });
  await admin.call('POST', `${REGISTRY_PATH}/releases`, { release: releaseJson(V2, 'def5678') });
  await admin.call('POST', `${REGISTRY_PATH}/${REMOTE}/promote`, { id: V1 });
});

after(async () => {
  await browser?.close();
  await product?.stop();
});

describe('« Versions des modules »', () => {
  test('an administrator promotes a registered release from the screen, then rolls it back', async () => {
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByText('Utilisateurs', { exact: true }).click();
    await menu.getByRole('link', { name: 'Versions des modules' }).click();
    await page.getByRole('heading', { name: 'Versions des modules' }).waitFor();
    await page.getByRole('tab', { name: REMOTE }).click();
    const served = page.locator('.ant-card', { hasText: 'Version servie' });
    await served.getByText(V1).waitFor();

    await page.getByRole('button', { name: `Mettre en ligne la version ${V2}` }).click();
    const promote = page.getByRole('dialog', { name: `Mettre en ligne la version ${V2}` });
    await promote
      .getByText(`La version ${V2} remplacera la version ${V1} pour tous les utilisateurs de ${REMOTE}.`)
      .waitFor();
    await promote.getByLabel('Motif (facultatif)').fill('Essai de bout en bout');
    await promote.getByRole('button', { name: 'Mettre en ligne' }).click();
    await promote.waitFor({ state: 'hidden' });
    await served.getByText(V2).waitFor();
    assert.equal(await liveOf(), V2);

    await served.getByRole('button', { name: 'Revenir à la version précédente' }).click();
    const rollback = page.getByRole('dialog', { name: `Revenir à la version précédente de ${REMOTE}` });
    await rollback
      .getByText(`${REMOTE} revient de la version ${V2} à la version ${V1}, pour tous les utilisateurs.`)
      .waitFor();
    await rollback.getByLabel('Motif').fill('Retour après essai');
    await rollback.getByRole('button', { name: 'Revenir en arrière' }).click();
    await rollback.waitFor({ state: 'hidden' });
    await served.getByText(V1).waitFor();
    assert.equal(await liveOf(), V1);

    const trail = (await admin.call<ReleaseHistory>('GET', `${REGISTRY_PATH}/${REMOTE}/history`)).data;
    assert.deepEqual(
      trail.slice(0, 2).map((event) => [event.action, event.fromId, event.toId, event.actor, event.reason]),
      [
        ['rollback', V2, V1, DEMO_ADMIN.email, 'Retour après essai'],
        ['promote', V1, V2, DEMO_ADMIN.email, 'Essai de bout en bout'],
      ],
    );
    await page.locator('.ant-card', { hasText: 'Historique' }).getByText('Retour après essai').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1366, height: 800 },
  ])
    test(`at ${viewport.width} px the releases' table scrolls inside its card, its buttons reachable`, async () => {
      const { page, context, errors } = await openPage(browser, product.baseUrl, viewport);
      await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto(`/dashboard/${MODULE_VERSIONS_PATH}`);
      await page.getByRole('tab', { name: REMOTE }).click();
      const releases = page.locator('.ant-card', { hasText: 'Versions enregistrées' });
      await releases.getByText(V2).waitFor();
      // No sideways scroll of the page: the document is no wider than the window.
      const page_ = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      assert.ok(
        page_.scrollWidth <= page_.clientWidth,
        `page ${page_.scrollWidth} > ${page_.clientWidth} px`,
      );
      // The card stays inside the window; on a phone its table scrolls inside it.
      const card = await releases.boundingBox();
      assert.ok(card && card.x >= 0 && card.x + card.width <= viewport.width, JSON.stringify(card));
      const body = releases.locator('.ant-table-content, .ant-table-body').first();
      const table = await body.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      if (viewport.width === 375) assert.ok(table.scrollWidth > table.clientWidth, 'the table scrolls');
      // The promote button of the release not live is reached by scrolling the table, and opens its dialog.
      const promote = releases.getByRole('button', { name: `Mettre en ligne la version ${V2}` });
      await promote.scrollIntoViewIfNeeded();
      const button = await promote.boundingBox();
      assert.ok(button && button.x >= 0 && button.x + button.width <= viewport.width, JSON.stringify(button));
      const dialog = await openDialog(
        promote,
        page.getByRole('dialog', { name: `Mettre en ligne la version ${V2}` }),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.deepEqual(errors, []);
      await context.close();
    });
});
