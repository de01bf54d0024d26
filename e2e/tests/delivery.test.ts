/**
 * Independent delivery, end to end (issue 38 §6): the product runs from releases as `npm start` runs it (host and
 * five remotes released from their build and put live), then mf-stats alone is released again and again, promoted,
 * rolled back and canaried through the registry, with the host untouched.
 *
 * The other releases of mf-stats are copies of its built dist with one visible string changed in a chunk (and, for
 * some, a declaration, a requirement or a page that throws), not new builds: five releases of a remote need four
 * more builds of ~30 s of CPU each on top of the run's own, beyond this file's 3 minutes on a loaded 2-core machine.
 * Each copy is still a release of its own, packaged, published and registered by the release command's functions,
 * with its own id (its files' bytes differ) and its own versioned path in the store.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { releaseSide } from 'shared/contract';
import type { ReleaseManifest } from '../../api/src/lib/release-store/release-manifest';
import { launchBrowser, login, navigateInApp, openPage } from '../support/browser';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  REMOTE_DIRS,
  ROOT,
  startProduct,
  type RegistryProduct,
} from '../support/product';
import {
  editedDist,
  fileContaining,
  folderHashes,
  liveRelease,
  promoteRelease,
  publishDist,
  registerRelease,
  registryCall,
  releaseBuiltProduct,
  rollbackRelease,
  runSql,
} from '../support/releases';
import { ApiSession, parisDay } from '../support/world';

const STATS = 'mf-stats';
/** Its federation name: the registry's key and the canary's hash input (host-shell/src/lib/releases). */
const STATS_NAME = 'mf_stats';
const HOST = 'host-shell';
/** The first screen's visible string each copy changes. */
const LABEL = 'Personnes hébergées (pax)';
const labelOf = (version: number) => `${LABEL} — version ${version}`;
/** The route and menu entry v3 adds. */
const ESSAI = {
  id: 'stats-essai',
  path: 'StatsEssai',
  title: 'Essai de livraison',
  label: 'Essai de livraison',
};

let product: RegistryProduct;
let browser: Browser;
let admin: ApiSession;
let workDir: string;
let host: ReleaseManifest;
const stats: Record<'v1' | 'v2' | 'v3' | 'broken' | 'incompatible', ReleaseManifest> = {} as never;

/** The first month with stays in the demo data up to now: the page shows its figures. */
function period(): string {
  const [year, month] = parisDay(0).split('-').map(Number) as [number, number];
  const index = year * 12 + month - 1 - 3;
  const debut = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return `debut=${debut}&fin=${parisDay(0).slice(0, 7)}`;
}
const STATS_PAGE = () => `/dashboard/StatsPerPax?${period()}`;

/** Builds mf-stats' other releases from its dist (see the file's comment) and publishes and registers them. */
async function releaseStatsCopies(): Promise<void> {
  const dist = join(ROOT, STATS, 'dist');
  const labelFile = fileContaining(dist, 'static', LABEL);
  const pagesFile = readdirSync(join(dist, 'static/js/async'))
    .filter((name) => name.startsWith('__federation_expose_pages') && name.endsWith('.js'))
    .map((name) => `static/js/async/${name}`)[0];
  assert.ok(pagesFile, 'the exposed page map of mf-stats');
  const relabel = (version: number) => (text: string) => text.replace(`"${LABEL}"`, `"${labelOf(version)}"`);
  const pageEntry = /"stats-per-pax":([\w$.]+)/;
  const copies = {
    v2: { [labelFile]: relabel(2) },
    v3: {
      [labelFile]: relabel(3),
      // A page of its own in the exposed map (the pax page under another route id)…
      [pagesFile]: (text: string) => text.replace(pageEntry, `"${ESSAI.id}":$1,"stats-per-pax":$1`),
      // …and the route and menu entry the remote declares for it (mf-stats/src/routes.ts, written by the build).
      'declarations.json': (text: string) => {
        const declared = JSON.parse(text) as { routes: object[]; menu: object[] };
        declared.routes.push({ id: ESSAI.id, path: ESSAI.path, title: ESSAI.title });
        declared.menu.push({ group: 'statistiques', routeId: ESSAI.id, label: ESSAI.label, order: 40 });
        return JSON.stringify(declared);
      },
    },
    // The exposed module throws while it is evaluated: the remote's pages never load.
    broken: {
      [labelFile]: relabel(4),
      [pagesFile]: (text: string) =>
        text.replace(pageEntry, '"stats-per-pax":(()=>{throw new Error("Panne simulée au chargement")})()'),
    },
    // Built against a React the host does not provide.
    incompatible: {
      [labelFile]: relabel(5),
      'requirements.json': (text: string) => text.replace(/"react":"[^"]+"/, '"react":"^20.0.0"'),
    },
  };
  for (const [name, edits] of Object.entries(copies) as [keyof typeof copies, Record<string, never>][]) {
    const release = await publishDist(
      product.releaseStore,
      STATS,
      editedDist(dist, join(workDir, name), edits),
    );
    await registerRelease(admin, release);
    stats[name] = release;
  }
}

before(async () => {
  product = await startProduct({ fromRegistry: true });
  browser = await launchBrowser();
  workDir = mkdtempSync(join(tmpdir(), 'ebas3-e2e-delivery-'));
  admin = await ApiSession.login(product.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const released = await releaseBuiltProduct(admin, product.releaseStore, [
    HOST,
    ...Object.values(REMOTE_DIRS),
  ]);
  host = released[HOST] as ReleaseManifest;
  stats.v1 = released[STATS] as ReleaseManifest;
  await releaseStatsCopies();
});

after(async () => {
  await browser?.close();
  await product?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** SHA-256 of every file of the host: its release folder in the store, and each file as the API serves it. */
async function hostFingerprint(): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const [path, hash] of Object.entries(folderHashes(join(product.releaseStore, HOST, host.id))))
    hashes[`store:${path}`] = hash;
  for (const file of host.files) {
    if (/\.(br|gz)$/.test(file.path)) continue;
    const response = await fetch(`${product.baseUrl}/${file.path}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(response.status, 200, file.path);
    hashes[`served:${file.path}`] = createHash('sha256')
      .update(Buffer.from(await response.arrayBuffer()))
      .digest('hex');
  }
  return hashes;
}

/** The stats page of a signed-in tab: the release on screen (the host's `data-release`) and its label. */
async function statsRelease(page: Page): Promise<{ release: string | null; label: string }> {
  const remote = page.locator(`[data-remote="${STATS_NAME}"]`);
  const headline = remote.getByRole('list', { name: 'Chiffres clés' });
  await headline.waitFor({ timeout: 30_000 });
  const label =
    (await headline.getByRole('listitem').first().locator('.ant-statistic-title').textContent()) ?? '';
  return { release: await remote.getAttribute('data-release'), label: label.trim() };
}

/** A new tab of `who`, signed in, on `path`. */
async function freshTab(who: { email: string; password: string }, path = STATS_PAGE()) {
  const tab = await openPage(browser, product.baseUrl);
  await login(tab.page, who.email, who.password);
  await tab.page.goto(path);
  // The shell opens its socket once the page is idle (DEFERRED_DELAY_MS after it shows): well after `goto` returns.
  const socketOpen = new Promise<void>((resolve) =>
    tab.page.on('websocket', (socket) =>
      // socket.io's « connected » packet for the default namespace.
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      }),
    ),
  );
  return { ...tab, socketOpen };
}

async function expectRelease(page: Page, release: ReleaseManifest, label: string) {
  assert.deepEqual(await statsRelease(page), { release: release.id, label });
}

describe('independent delivery of mf-stats', () => {
  test('promote v2: a new load shows it, an open tab hears it within 2 s, keeps v1 until it navigates, the host is untouched', async () => {
    const hostBefore = await hostFingerprint();
    const open = await freshTab(DEMO_AGENT);
    await expectRelease(open.page, stats.v1, LABEL);
    const failed: string[] = [];
    open.page.on('response', (response) => {
      if (response.url().includes(`/releases/${STATS}/`) && response.status() >= 400)
        failed.push(`${response.status()} ${response.url()}`);
    });

    // An open tab is one whose socket is connected (the shell opens it once the first screen is idle).
    await open.socketOpen;
    await promoteRelease(admin, STATS, stats.v2.id);
    const promotedAt = Date.now();
    await open.page.getByText('Nouvelle version du module disponible').waitFor({ timeout: 5_000 });
    const heardAfter = Date.now() - promotedAt;
    assert.ok(heardAfter <= 2_000, `the open tab heard the promote after ${heardAfter} ms`);

    // Until its next navigation into the remote the tab stays on v1, whose every file is still served to it.
    await expectRelease(open.page, stats.v1, LABEL);
    const v1Files = stats.v1.files.map((file) => file.path).filter((path) => /\.(js|json)$/.test(path));
    const statuses = await open.page.evaluate(
      async (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).status)),
      v1Files.map((path) => `/releases/${STATS}/${stats.v1.id}/${path}`),
    );
    assert.deepEqual(
      v1Files.filter((_, index) => statuses[index] !== 200),
      [],
      'every file of v1 is still served after the promote',
    );
    await navigateInApp(open.page, '/dashboard');
    await open.page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await navigateInApp(open.page, STATS_PAGE());
    await expectRelease(open.page, stats.v2, labelOf(2));
    assert.deepEqual(failed, []);
    assert.deepEqual(open.errors, []);
    await open.context.close();

    const fresh = await freshTab(DEMO_ADMIN);
    await expectRelease(fresh.page, stats.v2, labelOf(2));
    assert.deepEqual(fresh.errors, []);
    await fresh.context.close();
    assert.deepEqual(await hostFingerprint(), hostBefore);
  });

  test('rollback: back to v1', async () => {
    await rollbackRelease(admin, STATS);
    assert.equal(await liveRelease(admin, STATS), stats.v1.id);
    const tab = await freshTab(DEMO_AGENT);
    await expectRelease(tab.page, stats.v1, LABEL);
    assert.deepEqual(tab.errors, []);
    await tab.context.close();
  });

  test('v3 adds a route and a menu entry: both appear after promote, and are gone after rollback', async () => {
    await promoteRelease(admin, STATS, stats.v3.id);
    const tab = await freshTab(DEMO_AGENT, '/dashboard');
    const menu = tab.page.getByRole('navigation', { name: 'Menu principal' });
    // A click on the entry while its group unfolds can navigate nowhere (seen in a full run): tried again, as a
    // person would, at most three times.
    const essai = menu.getByRole('link', { name: ESSAI.label });
    for (let attempt = 1; ; attempt += 1) {
      if (!(await essai.isVisible())) await menu.getByText('Statistiques', { exact: true }).click();
      await essai.click({ timeout: 10_000 });
      try {
        await tab.page.waitForURL(`**/dashboard/${ESSAI.path}`, { timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await expectRelease(tab.page, stats.v3, labelOf(3));
    await tab.context.close();

    await rollbackRelease(admin, STATS);
    const after = await freshTab(DEMO_AGENT, '/dashboard');
    const afterMenu = after.page.getByRole('navigation', { name: 'Menu principal' });
    await afterMenu.getByText('Statistiques', { exact: true }).click();
    await afterMenu.getByRole('link', { name: 'Par nombre de pax' }).waitFor();
    assert.equal(await afterMenu.getByRole('link', { name: ESSAI.label }).count(), 0);
    await after.page.goto(`/dashboard/${ESSAI.path}`);
    await after.page.getByText('Page introuvable').waitFor();
    assert.deepEqual([...tab.errors, ...after.errors], []);
    await after.context.close();
  });

  test('a release that throws while loading: the French fallback, the rest of the shell works; rollback mends it', async () => {
    await promoteRelease(admin, STATS, stats.broken.id);
    const tab = await freshTab(DEMO_AGENT);
    // The runtime reports a page map that throws as a failed load of the remote: the fallback says which module,
    // which release and what happened, once in the console.
    await tab.page.getByText("Le module « Statistiques par nombre de pax » n'a pas pu être chargé").waitFor();
    const detail = new RegExp(`Module mf_stats, version ${stats.broken.id} : .*Panne simulée au chargement`);
    // A loaded CI once showed the title without this line: say what the fallback showed instead.
    await tab.page
      .getByText(detail)
      .waitFor()
      .catch(async (error: unknown) => {
        const shown = await tab.page
          .locator('body')
          .innerText()
          .catch(() => '(la page ne répond pas)');
        throw new Error(`${String(error)}\nÉcran affiché :\n${shown}\nConsole :\n${tab.errors.join('\n')}`);
      });
    assert.equal(
      tab.errors.filter((error) => error.includes('Module distant en échec')).length,
      1,
      tab.errors.join('\n'),
    );
    await tab.page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByText('Statistiques', { exact: true })
      .waitFor();
    await tab.context.close();

    await rollbackRelease(admin, STATS);
    const mended = await freshTab(DEMO_AGENT);
    await expectRelease(mended.page, stats.v1, LABEL);
    assert.deepEqual(mended.errors, []);
    await mended.context.close();
  });

  test('an incompatible release: refused at promote; forced into the table by hand, refused at load with its reason', async () => {
    const refused = await registryCall(admin, 'POST', `/${STATS}/promote`, { id: stats.incompatible.id });
    assert.equal(refused.status, 409);
    assert.match(refused.body.message ?? '', /react \^20\.0\.0 requis, l'hôte fournit 19\./);
    assert.equal(await liveRelease(admin, STATS), stats.v1.id);

    await runSql(product.dataDir, `update release_pointers set live_id = $1 where remote = $2`, [
      stats.incompatible.id,
      STATS,
    ]);
    const tab = await freshTab(DEMO_AGENT);
    const fallback = tab.page.getByText(
      "Le module « Statistiques par nombre de pax » n'est pas compatible avec cette version de l'application",
    );
    await fallback.waitFor();
    await tab.page.getByText(/react \^20\.0\.0 requis, l'hôte fournit 19\./).waitFor();
    assert.equal(await tab.page.getByRole('button', { name: 'Réessayer' }).count(), 0);
    await tab.context.close();
    await runSql(product.dataDir, `update release_pointers set live_id = $1 where remote = $2`, [
      stats.v1.id,
      STATS,
    ]);
  });

  test('canary at 50 %: two users on either side of the hash see different releases', async () => {
    await promoteRelease(admin, STATS, stats.v2.id, 50);
    const sideOf = (userId: string | number) => releaseSide(userId, STATS_NAME, 50);
    const agent = await ApiSession.login(product.baseUrl, DEMO_AGENT.email, DEMO_AGENT.password);
    const { sub } = JSON.parse(Buffer.from(agent.token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    const first = { ...DEMO_AGENT, side: sideOf(sub) };
    // A second user on the other side: new accounts until one lands there (each side holds half of the ids).
    let second: { email: string; password: string; side: string } | undefined;
    for (let attempt = 1; second === undefined && attempt <= 20; attempt += 1) {
      const account = { email: `canari-${attempt}-${Date.now()}@ebas3.fr`, password: 'Canari!2026-essai' };
      const created = await admin.call<{ data: { id: number } }>('POST', '/users', {
        ...account,
        nom: 'Canari',
        prenom: `Essai ${attempt}`,
        role: 'agent',
      });
      const side = sideOf(created.data.id);
      if (side !== first.side) second = { ...account, side };
    }
    assert.ok(second, 'a user on the other side of the canary');
    const seen: Record<string, { release: string | null; label: string }> = {};
    for (const user of [first, second]) {
      const tab = await freshTab(user);
      seen[user.side] = await statsRelease(tab.page);
      assert.deepEqual(tab.errors, []);
      await tab.context.close();
    }
    assert.deepEqual(seen, {
      live: { release: stats.v1.id, label: LABEL },
      canary: { release: stats.v2.id, label: labelOf(2) },
    });
    await rollbackRelease(admin, STATS);
  });

  test('the four other remotes work, on the releases npm start put live', async () => {
    const tab = await freshTab(DEMO_ADMIN, '/dashboard');
    const screens = [
      ['mf_reservations', '/dashboard/reservations', 'reservations'],
      ['mf_demandes', '/dashboard/Demande-Hebergement', 'demandes-hebergement'],
      ['mf_rooming_pointage', '/dashboard/rooming-etab', 'rooming-etab'],
      ['mf_referentiel', '/dashboard/client', 'client'],
    ] as const;
    for (const [remote, path, routeId] of screens) {
      await navigateInApp(tab.page, path);
      const page = tab.page.locator(`[data-remote="${remote}"]`);
      await page.locator(`[data-route-id="${routeId}"]`).waitFor({ timeout: 30_000 });
      const dir = REMOTE_DIRS[remote];
      assert.equal(await page.getAttribute('data-release'), await liveRelease(admin, dir), remote);
    }
    assert.deepEqual(tab.errors, []);
    await tab.context.close();
  });
});
