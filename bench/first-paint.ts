// Issue 8 §1's first-paint bench (not a test: timings on a shared machine are not stable enough to fail a build).
// Under a 4× CPU throttle in Debian's Chromium, median/min/max of N runs (default 5), cold cache (a new browser
// context per run) and warm cache (a reload in that context):
// - the LCP of a bare React 19 + antd 6 page (bench/bare-page: Layout, Menu, 50-row Table), built with the
//   product's production settings but no federation, served compressed by the API's static-site plugin;
// - the LCP of the product's /dashboard opened with a stored session;
// - login-click → counters shown: from the click on « Se connecter » to the moment the four reservation counters
//   show a number, both ends timed in the page (the click event's timeStamp; a MutationObserver for the counters).
// Usage: pnpm build && pnpm bench:first-paint [-- --runs N]
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, login, openPage } from 'e2e/support/browser';
import { DEMO_ADMIN, ROOT, startProduct, type Product } from 'e2e/support/product';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DASHBOARD_RESERVATION_FILTERS } from 'shared/contract';
import { cliArgs } from './lib/api-process';
import { buildBarePage, removeWebRoot, startBareServer, type BareServer } from './lib/bare-page';

const CPU_THROTTLE = 4;
/** After the page's content is there, time for a last LCP candidate to be painted and reported. */
const SETTLE_MS = 1_000;
/** Each wait's limit: a throttled cold load takes seconds, not a minute. */
const STEP_TIMEOUT_MS = 60_000;
const VIEWPORT = { width: 1366, height: 800 };
/** The bare page's last table row: all 50 rows are rendered. */
const BARE_LAST_ROW = 'RES-20260050';
/** The counters the dashboard fills from the API (the request counters arrive with their remote, « — » today). */
const COUNTERS = Object.keys(DASHBOARD_RESERVATION_FILTERS);

const args = cliArgs();
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs attend un entier ≥ 1');

interface Lcp {
  time: number;
  element: string;
}

/** Rethrows a failed or overdue step with what the bench was doing, so the lead knows which wait broke. */
async function step<T>(label: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new Error(`${label} : ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

/** The page's final LCP candidate (buffered entries), read once the content is there and has had time to paint. */
async function readLcp(page: Page): Promise<Lcp> {
  await page.waitForTimeout(SETTLE_MS);
  const lcp = await page.evaluate(
    () =>
      new Promise<{ time: number; element: string } | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 5_000);
        new PerformanceObserver((list, observer) => {
          // The LCP entry's own fields, which bench's DOM types do not give PerformanceEntry.
          const entries: (PerformanceEntry & { element?: Element | null; size?: number })[] =
            list.getEntries();
          const last = entries.at(-1);
          if (!last) return;
          observer.disconnect();
          clearTimeout(timer);
          const element = last.element;
          const text = element?.textContent?.trim().slice(0, 40) ?? '';
          const name = element ? `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 60) : '?';
          resolve({ time: last.startTime, element: `${name} « ${text} » (${last.size ?? 0} px²)` });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  if (!lcp) throw new Error('aucune entrée largest-contentful-paint');
  return lcp;
}

/**
 * Installed before the page's scripts: records `performance.now()` when every reservation counter shows a number
 * (the DOM change, before its paint), and the timeStamp of the first click after `__benchArm()`. Kept as source
 * text: tsx compiles a function passed to the browser with `__name()` helpers the page does not have.
 */
const countersProbe = (counters: string[]) => `(() => {
  const counters = ${JSON.stringify(counters)};
  const state = { armed: false, click: undefined, shown: undefined };
  window.__bench = state;
  window.__benchArm = () => { state.armed = true; };
  document.addEventListener('click', (event) => {
    if (state.armed && state.click === undefined) state.click = event.timeStamp;
  }, { capture: true });
  const observer = new MutationObserver(() => {
    if (state.shown !== undefined) return;
    const shown = counters.every((name) =>
      /\\d/.test(document.querySelector('[data-counter="' + name + '"]')?.textContent ?? ''));
    if (shown) {
      state.shown = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface BenchState {
  click?: number;
  shown?: number;
}
const benchState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench);

async function waitForCounters(page: Page): Promise<BenchState> {
  try {
    await page.waitForFunction(
      () => (window as unknown as { __bench?: BenchState }).__bench?.shown !== undefined,
      null,
      { timeout: STEP_TIMEOUT_MS },
    );
  } catch (error) {
    // What the page showed instead: the counters' texts, or the start of the page when they are absent.
    const seen = await page
      .evaluate(() => {
        const counters = Array.from(document.querySelectorAll('[data-counter]')).map(
          (element) => `${element.getAttribute('data-counter')}=« ${element.textContent ?? ''} »`,
        );
        return counters.length > 0 ? counters.join(', ') : document.body.innerText.slice(0, 300);
      })
      .catch(() => '(page illisible)');
    throw new Error(`compteurs non affichés sur ${page.url()} — la page montre : ${seen}`, {
      cause: error,
    });
  }
  return benchState(page);
}

type Samples = Record<string, number[]>;
const samples: Samples = {};
const lastElement: Record<string, string> = {};
/** The last dashboard run's requests, by cache: where the time before the LCP goes. */
const lastWaterfall: Record<string, string[]> = {};

/**
 * The page's requests (Resource Timing) from navigation start, static files grouped in waves (requests started
 * within 150 ms of the previous one): each wave's span, file count and bytes on the wire (0 from the cache); other
 * requests one by one. Chunk names vary with each build: they are counted, never matched.
 */
async function waterfall(page: Page): Promise<string[]> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        name: timing.name,
        start: timing.startTime,
        end: timing.responseEnd,
        size: timing.transferSize,
      };
    }),
  );
  const lines: string[] = [];
  const span = (start: number, end: number) => `${Math.round(start)}–${Math.round(end)} ms`.padStart(16);
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  let wave: { start: number; last: number; end: number; files: number; size: number } | undefined;
  const closeWave = () => {
    if (wave) lines.push(`${span(wave.start, wave.end)}  ${wave.files} fichiers /static (${kB(wave.size)})`);
    wave = undefined;
  };
  for (const { name, start, end, size } of entries.sort((a, b) => a.start - b.start)) {
    const url = new URL(name);
    if (!url.pathname.startsWith('/static/')) {
      closeWave();
      lines.push(`${span(start, end)}  ${url.pathname} (${kB(size)})`);
      continue;
    }
    if (wave && start - wave.last > 150) closeWave();
    wave ??= { start, last: start, end, files: 0, size: 0 };
    wave.last = start;
    wave.end = Math.max(wave.end, end);
    wave.files += 1;
    wave.size += size;
  }
  closeWave();
  return lines;
}

/** How long the last POST /api/auth/login took (request sent → answer received), from Resource Timing. */
async function loginRequestTime(page: Page): Promise<number> {
  const time = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((candidate) => new URL(candidate.name).pathname.endsWith('/auth/login'))
      .at(-1) as PerformanceResourceTiming | undefined;
    return entry ? entry.responseEnd - entry.startTime : null;
  });
  if (time === null) throw new Error('requête /api/auth/login introuvable dans Resource Timing');
  return time;
}
const record = (key: string, value: number) => (samples[key] ??= []).push(value);

/** Bare page: LCP cold (new context), then warm (reload). */
async function benchBarePage(browser: Browser, bare: BareServer): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    await throttle(context, page);
    for (const cache of ['froid', 'chaud'] as const) {
      await step(`Page de référence (cache ${cache})`, async () => {
        if (cache === 'froid') await page.goto(bare.url, { timeout: STEP_TIMEOUT_MS });
        else await page.reload({ timeout: STEP_TIMEOUT_MS });
        await page.getByText(BARE_LAST_ROW).waitFor({ timeout: STEP_TIMEOUT_MS });
        const lcp = await readLcp(page);
        record(`bare-lcp-${cache}`, lcp.time);
        lastElement.bare = lcp.element;
      });
    }
  } finally {
    await context.close();
  }
}

/** Dashboard with a stored session: LCP and counters-shown time, cold (new context), then warm (reload). */
async function benchDashboard(browser: Browser, product: Product, storageState: string): Promise<void> {
  const context = await browser.newContext({
    baseURL: product.baseUrl,
    viewport: VIEWPORT,
    locale: 'fr-FR',
    storageState: JSON.parse(storageState) as Awaited<ReturnType<BrowserContext['storageState']>>,
  });
  try {
    await context.addInitScript({ content: countersProbe(COUNTERS) });
    const page = await context.newPage();
    await throttle(context, page);
    for (const cache of ['froid', 'chaud'] as const) {
      await step(`Tableau de bord (cache ${cache})`, async () => {
        if (cache === 'froid') await page.goto('/dashboard', { timeout: STEP_TIMEOUT_MS });
        else await page.reload({ timeout: STEP_TIMEOUT_MS });
        const { shown } = await waitForCounters(page);
        if (!page.url().endsWith('/dashboard')) throw new Error(`page inattendue : ${page.url()}`);
        const lcp = await readLcp(page);
        record(`dashboard-lcp-${cache}`, lcp.time);
        record(`dashboard-counters-${cache}`, shown ?? Number.NaN);
        lastElement.dashboard = lcp.element;
        lastWaterfall[cache] = await waterfall(page);
      });
    }
  } finally {
    await context.close();
  }
}

/** Login page → click « Se connecter » → counters: cold (new context), then warm (storage cleared, page reloaded). */
async function benchLogin(browser: Browser, product: Product): Promise<void> {
  const { context, page } = await openPage(browser, product.baseUrl, VIEWPORT);
  try {
    await context.addInitScript({ content: countersProbe(COUNTERS) });
    await throttle(context, page);
    for (const cache of ['froid', 'chaud'] as const) {
      await step(`Connexion → compteurs (cache ${cache})`, async () => {
        if (cache === 'chaud') await page.evaluate(() => window.localStorage.clear());
        await page.goto('/', { timeout: STEP_TIMEOUT_MS });
        await page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email, { timeout: STEP_TIMEOUT_MS });
        await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password);
        await page.evaluate(() => (window as unknown as { __benchArm: () => void }).__benchArm());
        await page.getByRole('button', { name: 'Se connecter' }).click();
        const { click, shown } = await waitForCounters(page);
        if (click === undefined || shown === undefined) throw new Error('clic non enregistré dans la page');
        record(`login-counters-${cache}`, shown - click);
        record(`login-request-${cache}`, await loginRequestTime(page));
      });
    }
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

const commit = (() => {
  try {
    const hash = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    const dirty = execSync('git status --porcelain', { cwd: ROOT }).toString().trim() !== '';
    return dirty ? `${hash} (+ changements non commités)` : hash;
  } catch {
    return 'inconnu';
  }
})();

/**
 * The comparison only holds if both pages are served compressed: a host rebuilt without `pnpm build`'s last step
 * (scripts/compress-dist.mjs) is served raw, and the bench would compare it with a compressed bare page.
 */
function assertHostCompressed(): void {
  const scripts = join(ROOT, 'host-shell', 'dist', 'static', 'js');
  const files = existsSync(scripts) ? readdirSync(scripts) : [];
  if (!files.some((file) => file.endsWith('.js.br'))) {
    throw new Error(
      'host-shell/dist n’est pas pré-compressé (aucun .js.br) : lancez « pnpm build » (ou node scripts/compress-dist.mjs) avant le banc.',
    );
  }
}

assertHostCompressed();
const loadAtStart = load();
const webRoot = mkdtempSync(join(tmpdir(), 'ebas3-bare-page-'));
let bare: BareServer | undefined;
let product: Product | undefined;
let browser: Browser | undefined;
const environment = { chromium: '', bare: '' };
try {
  console.info('Construction de la page de référence (rsbuild, brotli)…');
  const built = await step('Construction de la page de référence', () => buildBarePage(webRoot));
  environment.bare = `${built.files} fichiers JS + CSS, ${(built.brotli / 1024).toFixed(1)} kB brotli`;
  bare = await step('Démarrage du serveur de la page de référence', () => startBareServer(webRoot));
  product = await step('Démarrage du produit', () => startProduct());
  browser = await launchBrowser();
  environment.chromium = browser.version();

  // One login (not throttled, not measured) for the session the dashboard runs start with.
  const storageState = await step('Connexion initiale', async () => {
    const { context, page } = await openPage(browser!, product!.baseUrl, VIEWPORT);
    try {
      await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      return JSON.stringify(await context.storageState());
    } finally {
      await context.close();
    }
  });

  // Interleaved, so that a change in the machine's load hits the three measures alike.
  for (let run = 1; run <= RUNS; run++) {
    console.info(`Passage ${run}/${RUNS}…`);
    await benchBarePage(browser, bare);
    await benchDashboard(browser, product, storageState);
    await benchLogin(browser, product);
  }
} finally {
  await browser?.close().catch(() => undefined);
  await product?.stop().catch(() => undefined);
  await bare?.stop().catch(() => undefined);
  removeWebRoot(webRoot);
}

const rows: [string, string][] = [
  ['LCP, page de référence (React 19 + antd 6, sans fédération)', 'bare-lcp'],
  ['LCP, /dashboard avec session enregistrée', 'dashboard-lcp'],
  ['Compteurs affichés, /dashboard (depuis le début de la navigation)', 'dashboard-counters'],
  ['Clic « Se connecter » → compteurs affichés', 'login-counters'],
  ['… dont la requête POST /api/auth/login', 'login-request'],
];
console.info(
  `\n${new Date().toISOString().slice(0, 10)}, commit ${commit}, Chromium ${environment.chromium}, ` +
    `CPU ×${CPU_THROTTLE} ralenti, ${RUNS} passages, ${cpus().length} cœurs partagés ` +
    `(charge 1/5/15 min : ${loadAtStart} au début, ${load()} à la fin)\n`,
);
console.info('| Mesure | Cache | Médiane | Min | Max |');
console.info('|---|---|---:|---:|---:|');
for (const [label, key] of rows) {
  for (const cache of ['froid', 'chaud']) {
    const values = samples[`${key}-${cache}`] ?? [];
    if (values.length === 0) continue;
    console.info(
      `| ${label} | ${cache} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} |`,
    );
  }
}
for (const cache of ['froid', 'chaud']) {
  const ratio = median(samples[`dashboard-lcp-${cache}`] ?? []) / median(samples[`bare-lcp-${cache}`] ?? []);
  console.info(
    `\nLCP tableau de bord / page de référence, cache ${cache} : ${ratio.toFixed(2)}× (objectif ≤ 1,3×)`,
  );
}
console.info(
  `\nPage de référence : ${environment.bare} (fichiers d’au moins 1 kB, ceux que le serveur compresse)`,
);
for (const [key, values] of Object.entries(samples)) {
  console.info(`Valeurs ${key} : ${values.map((value) => Math.round(value)).join(', ')} ms`);
}
console.info(`Élément LCP (dernier passage) — référence : ${lastElement.bare ?? '?'}`);
console.info(`Élément LCP (dernier passage) — tableau de bord : ${lastElement.dashboard ?? '?'}`);
for (const [cache, lines] of Object.entries(lastWaterfall)) {
  console.info(
    `\nRequêtes de /dashboard, dernier passage, cache ${cache} (depuis le début de la navigation) :`,
  );
  for (const line of lines) console.info(line);
}
