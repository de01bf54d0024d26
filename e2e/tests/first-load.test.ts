import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { PRODUCT_ROUTES as ROUTES } from '../support/product-routes';
import { login, navigateInApp, openPage } from '../support/browser';
import { DEMO_ADMIN, REMOTE_DIRS } from '../support/product';
import {
  codeRequests,
  kB,
  recordTransfers,
  recordWire,
  sumBrotli,
  sumWire,
  wireTable,
  type Transfer,
} from '../support/transfer';
import { productInBrowser } from '../support/suite';

/**
 * First-visit budgets (issue 37 §5), counted as the browser counts them: every response of the navigation (HTML,
 * scripts, styles, the registry, the API's answers…), headers included, bodies as they came over the wire, cache
 * cold, the admin signed in. Bytes are deterministic, so they are checked here; timings are measured by
 * `pnpm bench:first-paint` (docs/performance.md « JavaScript fetched by the browser »).
 *
 * `target` is the issue's; `ceiling` is what the test enforces: today's figure and a little room, lowered as the
 * bytes come out, down to the target. A change that adds weight has to take as much out elsewhere.
 */
const BUDGETS = {
  /** The login page renders without antd, TanStack Query or axios (host-shell/src/app/app.tsx). */
  loginPage: { target: 150 * 1024, ceiling: 118 * 1024 },
  /**
   * From the empty tab to the dashboard's home, the login page included, and the parts the shell loads a few
   * seconds later (host-shell/src/lib/deferred.tsx: live feed, « Tâches »…): the browser receives them all.
   */
  loginToDashboard: { target: 300 * 1024, ceiling: 300 * 1024 },
  /** Script and style requests of login → dashboard. */
  loginToDashboardRequests: { target: 30, ceiling: 30 },
  /**
   * What the reservations list's first visit adds once the dashboard is there (241 kB before issue 37 §5's levers).
   * The host's `screens` file (≈ 90 kB: Table with its filter, selection and pagination modules, Select, Card,
   * Typography…) comes whole with the list; antd's Result and Tabs (the `extras` file) when an error, a missing
   * record or a tabbed page is shown. The contract's values come without TypeBox (`shared/contract/values`), the
   * date pickers when a date field is pointed at or focused, the dialogs and the Form engine when a dialog opens,
   * the booking when « Nouvelle réservation » is reached, a record's page when it is opened.
   */
  reservations: { target: 150 * 1024, ceiling: 142 * 1024 },
  /** Login → dashboard → reservations list, the two budgets above together (was 825 kB). */
  loginToReservations: { target: 450 * 1024, ceiling: 441 * 1024 },
  /** What any other remote's first screen adds. */
  otherRemote: { target: 100 * 1024, ceiling: 100 * 1024 },
  /** mf_stats's first screen: charts drawn by the feature's own SVG component, no chart library. */
  stats: { target: 100 * 1024, ceiling: 34 * 1024 },
};
/**
 * A remote's own files on its first visit, in brotli bytes of JavaScript and CSS: held at 45 kB since remotes take
 * the federation runtime from the host (38.6 kB for mf_reservations, the largest): a remote built with its own
 * runtime again (~15 kB) fails here.
 */
const REMOTE_OWN_FILES_BUDGET = 45 * 1024;

/** Chrome's « preloaded … but not used within a few seconds » warning comes ~3 s after the load event. */
const PRELOAD_WARNING_DELAY_MS = 4_000;

const run = productInBrowser();

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** The files a remote's build holds for its own copies of the shared modules (used only when it runs alone). */
async function sharedAssetsOf(remoteUrl: string): Promise<Map<string, string>> {
  const manifest = (await (await fetch(`${remoteUrl}/mf-manifest.json`)).json()) as Manifest;
  const assets = new Map<string, string>();
  for (const shared of manifest.shared)
    for (const file of [...shared.assets.js.sync, ...shared.assets.js.async])
      assets.set(`/${file}`, shared.name);
  return assets;
}

describe('first load', () => {
  test('the login page, login → dashboard and each remote’s first screen stay within their budgets', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    const wire = await recordWire(page);
    const transfers = recordTransfers(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await wire.settle();
    const loginPage = await wire.take();
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, { fromCurrentPage: true });
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await wire.settle();
    const toDashboard = [...loginPage, ...(await wire.take())];
    await transfers.take();
    const report = [
      wireTable('Page de connexion', loginPage),
      wireTable('Connexion → tableau de bord', toDashboard),
    ];
    const figures: string[] = [];
    const over: string[] = [];
    const check = (what: string, value: number, { target, ceiling }: { target: number; ceiling: number }) => {
      const show = (n: number) => (ceiling > 1024 ? kB(n) : String(n));
      // The margin in bytes too: a checkout's path moves the figures by about 0.1 kB (docs/performance.md).
      const margin = ceiling > 1024 ? `, marge ${ceiling - value} o` : '';
      figures.push(`${what} : ${show(value)} (plafond ${show(ceiling)}${margin}, objectif ${show(target)})`);
      if (value > ceiling) over.push(`${what} : ${show(value)} > ${show(ceiling)}`);
    };
    check('page de connexion', sumWire(loginPage), BUDGETS.loginPage);
    check('connexion → tableau de bord', sumWire(toDashboard), BUDGETS.loginToDashboard);
    check(
      'connexion → tableau de bord, scripts et styles',
      codeRequests(toDashboard).length,
      BUDGETS.loginToDashboardRequests,
    );
    assert.ok(
      codeRequests(toDashboard).every((t) => new URL(t.url).origin === run.product.baseUrl),
      'the first load comes from the host only',
    );
    // The API sends its pre-compressed files to a browser that accepts them: the largest script came in brotli.
    const largest = [...codeRequests(toDashboard)].sort((a, b) => b.wire - a.wire)[0]!;
    assert.equal(largest.encoding, 'br', largest.url);

    const visited = new Set<string>();
    for (const route of ROUTES) {
      if (visited.has(route.remote) || route.path.includes(':')) continue;
      visited.add(route.remote);
      const remote = route.remote;
      await navigateInApp(page, `/dashboard/${route.path}`);
      await page.locator(`section[data-route-id="${route.id}"]`).waitFor({ timeout: 30_000 });
      await wire.settle();
      const visit = await wire.take();
      const remoteOrigin = run.product.remotes[remote].url;
      const own = (await transfers.take()).filter((t: Transfer) => t.origin === remoteOrigin);
      report.push(wireTable(`Première visite de ${remote} (${route.path})`, visit));
      assert.ok(own.length > 0, `${remote} downloaded its own code`);
      if (sumBrotli(own) > REMOTE_OWN_FILES_BUDGET)
        over.push(
          `fichiers propres de ${remote} : ${kB(sumBrotli(own))} > ${kB(REMOTE_OWN_FILES_BUDGET)} (brotli)`,
        );
      if (remote === 'mf_reservations')
        check(
          'connexion → tableau de bord → réservations',
          sumWire(toDashboard) + sumWire(visit),
          BUDGETS.loginToReservations,
        );
      check(
        `première visite de ${remote}`,
        sumWire(visit),
        remote === 'mf_reservations'
          ? BUDGETS.reservations
          : remote === 'mf_stats'
            ? BUDGETS.stats
            : BUDGETS.otherRemote,
      );
    }
    assert.equal(visited.size, Object.keys(REMOTE_DIRS).length, 'every remote visited');
    await context.close();
    console.info([...report, ...figures].join('\n'));
    assert.deepEqual(over, [], 'over budget');
  });

  test('index.html preloads what the login page runs, and the dashboard only for a stored session', async () => {
    const html = await (await fetch(`${run.product.baseUrl}/`)).text();
    const preloaded = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map(
      (m) => m[1]!,
    );
    const sessionScript = /<script src="(\/static\/js\/session-preload\.[^"]+)">/.exec(html)?.[1];
    // The login page's files are few since they are grouped (shared/src/federation/host-chunks.ts), and antd's
    // core (`startup`) is not among them: the login page renders without it.
    assert.ok(
      preloaded.some((url) => /\/login\.[0-9a-f]+\.js$/.test(url)),
      `login chunks preloaded by index.html: ${preloaded.join(', ')}`,
    );
    assert.ok(
      !preloaded.some((url) => /\/startup\.[0-9a-f]+\.js$/.test(url)),
      `antd's core is not preloaded for the login page: ${preloaded.join(', ')}`,
    );
    assert.ok(sessionScript, 'index.html loads the session preload script');
    const sessionSource = await (await fetch(`${run.product.baseUrl}${sessionScript}`)).text();
    const dashboardOnly = [...sessionSource.matchAll(/"(\/static\/js\/[^"]+\.js)"/g)].map((m) => m[1]!);
    assert.ok(
      dashboardOnly.some((url) => /\/shell\.[0-9a-f]+\.js$/.test(url)) &&
        dashboardOnly.some((url) => /\/startup\.[0-9a-f]+\.js$/.test(url)),
      `dashboard chunks and antd's core behind a stored session: ${dashboardOnly.join(', ')}`,
    );
    // Each start-up file asks V8 to compile it whole, off the main thread (shared/src/federation/startup-preload.ts).
    for (const url of [preloaded[0]!, dashboardOnly[0]!]) {
      const source = await (await fetch(`${run.product.baseUrl}${url}`)).text();
      assert.ok(source.startsWith('//# allFunctionsCalledOnLoad\n'), `compile hint at the top of ${url}`);
    }

    // Chrome warns about a preloaded file the page has not used a few seconds after its load event.
    const unusedPreloads = (page: Page) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (/preloaded using link preload but not used/.test(message.text())) warnings.push(message.text());
      });
      return warnings;
    };

    // A visitor without a token: the login page uses every preloaded file, and no dashboard chunk is preloaded.
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    const transfers = recordTransfers(page);
    const unusedOnLogin = unusedPreloads(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(PRELOAD_WARNING_DELAY_MS);
    assert.deepEqual(unusedOnLogin, [], 'preloaded but not used by the login page');
    // The session script added no link: the login page's downloads are its own (some of them the dashboard's too).
    const links = await page.locator('link[rel="preload"][as="script"]').count();
    assert.equal(links, preloaded.length, 'preload links on the login page');
    const downloaded = new Set((await transfers.take()).map((t) => t.url));
    assert.ok(
      dashboardOnly.some((url) => !downloaded.has(url)),
      'the login page did not download the dashboard',
    );

    // With a stored session, a cold /dashboard uses every file the HTML and the session script asked for.
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, { fromCurrentPage: true });
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    const storageState = await context.storageState();
    await context.close();
    const fresh = await run.browser.newContext({ baseURL: run.product.baseUrl, storageState });
    const dashboard = await fresh.newPage();
    const dashboardTransfers = recordTransfers(dashboard);
    const unusedOnDashboard = unusedPreloads(dashboard);
    const apiCalls: string[] = [];
    dashboard.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${pathname}`);
    });
    await dashboard.goto('/dashboard');
    await dashboard.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await dashboard.waitForLoadState('networkidle');
    // Early data (shared/src/api/early-requests.ts): the session script sent the session check and the counters,
    // the client adopted each answer: each of these calls once, none asked again.
    const earlyPaths =
      /^(GET \/api\/auth\/me|GET \/api\/demandesNumber|POST \/api\/reservationsNumber|GET \/api\/facturation\/compteurs)$/;
    assert.deepEqual(
      apiCalls.filter((call) => earlyPaths.test(call)).sort(),
      [
        'GET /api/auth/me',
        'GET /api/demandesNumber',
        'GET /api/facturation/compteurs',
        ...Array<string>(4).fill('POST /api/reservationsNumber'),
      ],
      'API calls of a cold /dashboard with a session',
    );
    // The script's list of early responses (EARLY_REQUESTS_GLOBAL) exists and was emptied: each one taken by its
    // call. Without the early data the list would not exist and each call would have been the client's own.
    const earlyLeft = await dashboard.evaluate(
      () => (window as unknown as Record<string, unknown[] | undefined>).__ebas3EarlyRequests?.length,
    );
    assert.equal(earlyLeft, 0, 'early responses not adopted');
    await dashboard.waitForTimeout(PRELOAD_WARNING_DELAY_MS);
    const used = new Set((await dashboardTransfers.take()).map((t) => t.url));
    assert.deepEqual(
      dashboardOnly.filter((url) => !used.has(url)),
      [],
      'dashboard chunks not downloaded with a session',
    );
    assert.deepEqual(unusedOnDashboard, [], 'preloaded but not used by the dashboard');
    await fresh.close();
  });

  test('host and remotes share one antd, one theme and one French locale', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl);
    const remote = run.product.remotes.mf_reservations;
    const transfers = recordTransfers(page);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await navigateInApp(page, '/dashboard/reservations');
    const section = page.locator('section[data-route-id="reservations"]');
    await section.waitFor({ timeout: 30_000 });
    // Rendered by the remote: its date picker speaks the host's French locale…
    await section.getByLabel('Début de période').click();
    await page.locator('.ant-picker-dropdown').getByText("Aujourd'hui").waitFor();
    await page.keyboard.press('Escape');
    // … and its primary button has the host's theme colour (spec §9), not antd's default blue.
    const primary = section.locator('.ant-btn-primary').first();
    await primary.waitFor();
    const background = await primary.evaluate((button) => getComputedStyle(button).backgroundColor);
    assert.equal(background, 'rgb(51, 109, 196)');

    // Every shared module the remote used (antd components, `shared/ui`, the contract…) came from the host's build:
    // none of the files the remote keeps for its own copies was downloaded.
    const fromRemote = (await transfers.take()).filter((t) => t.origin === remote.url);
    const ownCopies = await sharedAssetsOf(remote.url);
    assert.ok(ownCopies.size > 10, 'the remote build holds fallback copies of the shared modules');
    assert.deepEqual(
      fromRemote.filter((t) => ownCopies.has(t.url)).map((t) => `${ownCopies.get(t.url)} (${t.url})`),
      [],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});
