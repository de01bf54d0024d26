// Where the first paint's time goes: one Chromium performance trace of /dashboard (stored session) and of the
// bare page, cold then warm, under the first-paint bench's 4× CPU throttle, summarised per phase of the main
// thread (HTML, script compile and evaluation per file, style/layout/paint, GC, idle) and per request.
// Usage: pnpm build && pnpm --filter ./bench first-paint-trace [-- --out DIR] [-- --bare | --bare-only] [-- --throttle N]
// The traces are kept in DIR (Chrome's JSON: open them in DevTools' Performance panel); `-- --read DIR` prints the
// summary of traces taken earlier, e.g. to compare two builds without tracing again.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, login, openPage } from 'e2e/support/browser';
import { DEMO_ADMIN, startProduct } from 'e2e/support/product';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cliArgs } from './lib/api-process';
import { buildBarePage, removeWebRoot, startBareServer } from './lib/bare-page';

const VIEWPORT = { width: 1366, height: 800 };
const args = cliArgs();
const outArg = args.indexOf('--out');
const OUT = outArg >= 0 ? args[outArg + 1]! : mkdtempSync(join(tmpdir(), 'ebas3-trace-'));
const WITH_BARE = args.includes('--bare') || args.includes('--bare-only');
const WITH_DASHBOARD = !args.includes('--bare-only');
const throttleArg = args.indexOf('--throttle');
/** The bench's 4× by default; `--throttle 1` leaves the CPU alone, for a main-thread CPU time that the machine's
 * load does not inflate (Chrome's throttle spins the thread, so throttled CPU time grows with the load). */
const THROTTLE = throttleArg >= 0 ? Number(args[throttleArg + 1]) : 4;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'netlog',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  id?: string;
  dur?: number;
  /** The thread's CPU time inside the event (µs): unlike `dur`, it does not grow while other processes hold the cores. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string; fileName?: string; url?: string };
}

/** A duration in ms, right-aligned. */
const ms = (micro: number) => `${(micro / 1000).toFixed(0).padStart(6)} ms`;

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Self time per script file and per function from the trace's ProfileChunk events, between `from` and `to`. */
function cpuProfile(events: TraceEvent[], main: string, from: number, to: number) {
  const [pid] = main.split(':');
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && String(e.pid) === pid);
  const profileId = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main)?.id;
  if (!chunks.length) return undefined;
  const nodes = new Map<number, ProfileNode>();
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const start = events.find((e) => e.name === 'Profile' && e.id === profileId);
  let ts = Number((start?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  for (const chunk of chunks) {
    if (profileId && chunk.id !== profileId) continue;
    const data = chunk.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const delta = deltas[i] ?? 0;
      ts += delta;
      const next = deltas[i + 1] ?? 0;
      if (ts < from || ts > to) continue;
      const node = nodes.get(samples[i]!);
      if (!node) continue;
      const { functionName = '', url = '', lineNumber = 0 } = node.callFrame;
      if (functionName === '(idle)' || functionName === '(program)') continue;
      const file = url.replace(/^.*\/static\//, '').replace(/^https?:\/\/[^/]+/, '') || functionName;
      byFile.set(file, (byFile.get(file) ?? 0) + next);
      const key = `${functionName || '(anonyme)'} ${file}:${lineNumber}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + next);
      total += next;
    }
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { total, byFile: sorted(byFile), byFunction: sorted(byFunction) };
}

/** Summarises one trace: the renderer main thread's work by kind and by script, the requests, the LCP. */
function summarise(label: string, events: TraceEvent[]): string[] {
  const lines = [`\n=== ${label} ===`];
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean })?.isLoadingMainFrame,
  );
  if (!navigation) return [...lines, 'navigationStart introuvable'];
  const main = `${navigation.pid}:${navigation.tid}`;
  const t0 = navigation.ts;
  const at = (ts: number) => `${((ts - t0) / 1000).toFixed(0).padStart(6)} ms`;
  const lcp = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && `${e.pid}:${e.tid}` === main)
    .at(-1);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main);
  const end = lcp?.ts ?? Math.max(...events.map((e) => e.ts));
  lines.push(`FCP ${fcp ? at(fcp.ts) : '?'}, LCP ${lcp ? at(lcp.ts) : '?'}`);

  // Main thread, from navigation start to the LCP: self time by event name (nested events subtracted).
  const onMain = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.ts >= t0 && e.ts <= end && e.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
      const { e, child } = stack.pop()!;
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur! - child);
      if (stack.length) stack.at(-1)!.child += e.dur!;
    }
  };
  let busy = 0;
  let cpu = 0;
  for (const e of onMain) {
    close(e.ts);
    if (!stack.length) {
      busy += e.dur!;
      cpu += e.tdur ?? 0;
    }
    stack.push({ e, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  lines.push(`Fil principal occupé ${ms(busy)} sur ${ms(end - t0)} (navigation → LCP)`);
  // Unthrottled (`--throttle 1`), CPU time is what the page's work costs whatever else runs on the machine: the
  // figure to compare builds with on a loaded machine. Throttled, Chrome spins the thread, so it grows with the load.
  lines.push(`Temps CPU du fil principal ${ms(cpu)} (navigation → LCP)`);
  for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18)) {
    lines.push(`  ${ms(time)}  ${name}`);
  }

  // Scripts: compile and evaluation per file (top-level EvaluateScript and v8.compile with a URL).
  const perFile = new Map<string, { compile: number; evaluate: number; first: number }>();
  for (const e of onMain) {
    const named = e.args?.data?.url ?? e.args?.data?.fileName ?? e.args?.fileName;
    const url = typeof named === 'string' ? named : '';
    if (!url) continue;
    const kind = e.name === 'EvaluateScript' ? 'evaluate' : e.name.startsWith('v8.compile') ? 'compile' : '';
    if (!kind) continue;
    const file = url.replace(/^.*\/static\//, '').replace(/^https?:\/\/[^/]+/, '');
    const entry = perFile.get(file) ?? { compile: 0, evaluate: 0, first: e.ts };
    entry[kind] += e.dur!;
    perFile.set(file, entry);
  }
  const files = [...perFile].sort((a, b) => a[1].first - b[1].first);
  lines.push(`Scripts évalués avant le LCP : ${files.length}`);
  for (const [file, { compile, evaluate, first }] of files) {
    if (evaluate + compile < 8000) continue;
    lines.push(`  à ${at(first)}  compile ${ms(compile)}  évaluation ${ms(evaluate)}  ${file}`);
  }

  // Background compilation (script streaming) off the main thread.
  const streamed = events.filter(
    (e) =>
      e.ph === 'X' &&
      `${e.pid}:${e.tid}` !== main &&
      /parseOnBackground|StreamingCompile|BackgroundCompile/i.test(e.name),
  );
  lines.push(
    `Compilation hors du fil principal : ${streamed.length} tâches, ${ms(streamed.reduce((t, e) => t + (e.dur ?? 0), 0))}`,
  );

  // Requests: when each was sent and finished.
  const sent = new Map<string, { url: string; start: number; end?: number; priority?: string }>();
  for (const e of events) {
    const data = e.args?.data as { requestId?: string; url?: string; priority?: string } | undefined;
    if (!data?.requestId) continue;
    if (e.name === 'ResourceSendRequest' && data.url) {
      sent.set(data.requestId, { url: data.url, start: e.ts, priority: data.priority });
    } else if (e.name === 'ResourceFinish') {
      const request = sent.get(data.requestId);
      if (request) request.end = e.ts;
    }
  }
  const requests = [...sent.values()].sort((a, b) => a.start - b.start);
  lines.push('Requêtes de la page :');
  for (const r of requests) {
    if (!/^https?:\/\/(127\.0\.0\.1|localhost)/.test(r.url)) continue;
    const path = new URL(r.url).pathname.replace(/^\/static\//, '');
    lines.push(`  ${at(r.start)} → ${r.end ? at(r.end) : '     ?'}  ${r.priority ?? ''}  ${path}`);
  }

  // JavaScript by file and by function (the V8 sampling profiler's samples up to the LCP).
  const profile = cpuProfile(events, main, t0, end);
  if (profile) {
    lines.push(`Échantillons JavaScript (${ms(profile.total)}) par fichier :`);
    for (const [file, time] of profile.byFile.slice(0, 14)) lines.push(`  ${ms(time)}  ${file}`);
    lines.push('… par fonction (temps propre) :');
    for (const [name, time] of profile.byFunction.slice(0, 30)) lines.push(`  ${ms(time)}  ${name}`);
  }

  // The main thread's busy time in 100 ms slices: where it waits, where it works.
  const slices: number[] = [];
  for (const e of onMain) {
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue;
    for (let ts = e.ts; ts < e.ts + e.dur!;) {
      const slice = Math.floor((ts - t0) / 100_000);
      const sliceEnd = t0 + (slice + 1) * 100_000;
      const part = Math.min(sliceEnd, e.ts + e.dur!) - ts;
      slices[slice] = (slices[slice] ?? 0) + part;
      ts += part;
    }
  }
  lines.push(
    `Occupation par 100 ms : ${Array.from(slices, (v) => String(Math.round((v ?? 0) / 1000)).padStart(3)).join(' ')}`,
  );
  return lines;
}

/**
 * Installed before the page's scripts: what the page holds when `selector` (the first-painted content) enters the
 * DOM, i.e. at the commit the first paint shows — the `<style>` elements antd's CSS-in-JS has inserted by then and
 * their size, the script elements. Counts, not times: the same on a loaded machine as on a quiet one. Source text
 * (tsx would add `__name()` helpers the page does not have).
 */
const firstRenderProbe = (selector: string) => `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(selector)})) return;
    observer.disconnect();
    const styles = Array.from(document.querySelectorAll('style'));
    window.__firstRender = {
      styles: styles.length,
      cssBytes: styles.reduce((sum, style) => sum + (style.textContent ?? '').length, 0),
      scripts: document.querySelectorAll('script').length,
      // The antd component each style is for: its first class name (.ant-menu…), or the theme's variables.
      components: Array.from(new Set(styles.map((style) =>
        (/\\.ant-([a-z]+)/.exec(style.textContent ?? '') ?? [, ':root'])[1]))).sort(),
    };
  });
  observer.observe(document, { subtree: true, childList: true });
})();`;

interface FirstRender {
  styles: number;
  cssBytes: number;
  scripts: number;
  components: string[];
}

/** The probe's line of the summary. */
const firstRenderLine = (probe: FirstRender | undefined) =>
  probe
    ? `Au premier rendu : ${probe.styles} éléments <style> (${(probe.cssBytes / 1000).toFixed(1)} kB de CSS), ${probe.scripts} éléments <script> ; styles de : ${probe.components.join(', ')}`
    : 'Au premier rendu : (sonde non déclenchée)';

async function traceLoad(
  browser: Browser,
  context: BrowserContext,
  url: string,
  waitFor: (page: Page) => Promise<void>,
  file: string,
  firstContent: string,
): Promise<TraceEvent[][]> {
  await context.addInitScript(firstRenderProbe(firstContent));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const traces: TraceEvent[][] = [];
  for (const cache of ['froid', 'chaud']) {
    await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
    if (cache === 'froid') await page.goto(url, { timeout: 60_000 });
    else await page.reload({ timeout: 60_000 });
    await waitFor(page);
    await page.waitForTimeout(1_000);
    const probe = await page.evaluate(() => (window as { __firstRender?: FirstRender }).__firstRender);
    console.info(`${file}, cache ${cache} — ${firstRenderLine(probe)}`);
    const buffer = await browser.stopTracing();
    writeFileSync(join(OUT, `${file}-${cache}.json`), buffer);
    const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
    traces.push(Array.isArray(parsed) ? parsed : parsed.traceEvents);
  }
  return traces;
}

const readArg = args.indexOf('--read');
if (readArg >= 0) {
  const dir = args[readArg + 1]!;
  for (const name of ['dashboard-froid', 'dashboard-chaud', 'bare-froid', 'bare-chaud']) {
    const path = join(dir, `${name}.json`);
    if (!existsSync(path)) continue;
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    for (const line of summarise(name, Array.isArray(parsed) ? parsed : parsed.traceEvents))
      console.info(line);
  }
  process.exit(0);
}

const product = await startProduct();
const browser = await launchBrowser();
const webRoot = mkdtempSync(join(tmpdir(), 'ebas3-bare-page-'));
try {
  if (WITH_DASHBOARD) {
    const { context: loginContext, page } = await openPage(browser, product.baseUrl, VIEWPORT);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const storageState = await loginContext.storageState();
    await loginContext.close();

    const context = await browser.newContext({
      baseURL: product.baseUrl,
      viewport: VIEWPORT,
      locale: 'fr-FR',
      storageState,
    });
    const [cold, warm] = await traceLoad(
      browser,
      context,
      '/dashboard',
      (p) => p.locator('[data-counter]').first().waitFor({ timeout: 60_000 }),
      'dashboard',
      '[data-counter]',
    );
    await context.close();
    for (const line of [
      ...summarise('/dashboard, cache froid', cold!),
      ...summarise('/dashboard, cache chaud', warm!),
    ]) {
      console.info(line);
    }
  }

  if (WITH_BARE) {
    await buildBarePage(webRoot);
    const bare = await startBareServer(webRoot);
    try {
      const bareContext = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
      const [bareCold, bareWarm] = await traceLoad(
        browser,
        bareContext,
        bare.url,
        (p) => p.getByText('RES-20260050').waitFor({ timeout: 60_000 }),
        'bare',
        '.ant-table-row',
      );
      await bareContext.close();
      for (const line of [
        ...summarise('Page de référence, cache froid', bareCold!),
        ...summarise('Page de référence, cache chaud', bareWarm!),
      ]) {
        console.info(line);
      }
    } finally {
      await bare.stop();
    }
  }
  console.info(`\nTraces : ${OUT}`);
} finally {
  await browser.close();
  await product.stop();
  removeWebRoot(webRoot);
}
