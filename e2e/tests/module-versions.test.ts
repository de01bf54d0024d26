/**
 * « Versions des modules » (issue 38 §2): a release registered through the API is put live from the host's admin
 * screen, then rolled back from it; the registry's status and trail say the same as the screen. The remote is a
 * registry-only one (no files in the store), so that the five product remotes keep loading from their servers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { REGISTRY_PATH, type RegistryStatus, type ReleaseHistory } from 'shared/contract';
import { launchBrowser, login, openPage } from '../support/browser';
import { DEMO_ADMIN, startProduct, type Product } from '../support/product';
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
});
