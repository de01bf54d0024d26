import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

/** One JavaScript or CSS file the page downloaded, with its size as served compressed. */
export interface Transfer {
  url: string;
  origin: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** scripts/compress-dist.mjs: files under 1 kB are sent as they are, the others compressed with these settings. */
const MIN_SIZE = 1024;
const brotli = (body: Buffer) =>
  body.length < MIN_SIZE
    ? body.length
    : brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }).length;
const gzip = (body: Buffer) => (body.length < MIN_SIZE ? body.length : gzipSync(body, { level: 9 }).length);

/**
 * Records the scripts and stylesheets a page downloads. The compressed size is recomputed from the body with the
 * settings of scripts/compress-dist.mjs (brotli 11, gzip 9), which is what the server sends to a browser: the
 * figure depends only on the bytes built, never on the network or the machine's load.
 */
export function recordTransfers(page: Page): { take: () => Promise<Transfer[]> } {
  // A body still being read when the page closes fails: such a failure is kept (a handled promise) and reported by
  // the next take(); one that no take() asks for any more — the page closed after the last one — is dropped.
  let pending: Promise<Transfer | { failed: unknown }>[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || response.status() !== 200) return;
    const url = new URL(response.url());
    pending.push(
      response.body().then(
        (body) => ({
          url: url.pathname,
          origin: url.origin,
          raw: body.length,
          gzip: gzip(body),
          brotli: brotli(body),
        }),
        (failed: unknown) => ({ failed }),
      ),
    );
  });
  return {
    take: async () => {
      const settled = await Promise.all(pending);
      pending = [];
      const failure = settled.find((entry) => 'failed' in entry);
      if (failure) throw failure.failed;
      return settled as Transfer[];
    },
  };
}

export const sumBrotli = (transfers: Transfer[]) => transfers.reduce((total, t) => total + t.brotli, 0);

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The per-file table printed when a budget is exceeded (largest first). */
export function transferTable(title: string, transfers: Transfer[]): string {
  const rows = [...transfers]
    .sort((a, b) => b.brotli - a.brotli)
    .map((t) => `  ${kB(t.brotli).padStart(9)}  ${kB(t.raw).padStart(9)}  ${t.origin}${t.url}`);
  return [`${title} — ${transfers.length} fichiers, ${kB(sumBrotli(transfers))} (brotli)`, ...rows].join(
    '\n',
  );
}

/** One response as the browser's network layer counted it. */
export interface WireTransfer {
  url: string;
  /** Chrome's resource type: Document, Script, Stylesheet, Fetch, XHR, Font, Image… */
  type: string;
  /** Bytes received: status line, headers and the body as sent (compressed when the server compressed it). */
  wire: number;
  /** The body's Content-Encoding ('' when sent as it is). */
  encoding: string;
}

/**
 * Records every response of a page as the browser counts it (DevTools' « transferred »): Chrome's
 * `encodedDataLength` of each finished request — headers included, the body as it came over the wire. With a cold
 * cache and a product served from one machine, the figure depends only on what was built and what the API sends.
 */
export async function recordWire(
  page: Page,
): Promise<{ take: () => Promise<WireTransfer[]>; settle: () => Promise<void> }> {
  const session = await page.context().newCDPSession(page);
  const seen = new Map<string, { url: string; type: string; encoding: string }>();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  let finished: WireTransfer[] = [];
  session.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  });
  session.on('Network.responseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    seen.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encoding: encoding?.[1] ?? '',
    });
  });
  session.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    seen.delete(event.requestId);
    lastActivity = Date.now();
  });
  session.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
    const response = seen.get(event.requestId);
    if (!response || response.url.startsWith('data:')) return;
    seen.delete(event.requestId);
    finished.push({ ...response, wire: event.encodedDataLength });
  });
  await session.send('Network.enable');
  return {
    take: async () => {
      const taken = finished;
      finished = [];
      return taken;
    },
    /**
     * Resolves once nothing has been on the network for QUIET_MS: a screen's data is asked for after its chunks
     * have run, sometimes later than `networkidle`'s 500 ms, and what the shell defers comes later still; either
     * would otherwise count in the next step, or not at all.
     */
    settle: async () => {
      while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS)
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

/**
 * Longer than the shell's deferred parts wait (host-shell/src/lib/deferred.tsx: 2.5 s, then up to 2 s for an idle
 * moment): a step's figure includes them, every time.
 */
const QUIET_MS = 5_000;

export const sumWire = (transfers: WireTransfer[]) => transfers.reduce((total, t) => total + t.wire, 0);

/** Script and style requests: what the request budget counts. */
export const codeRequests = (transfers: WireTransfer[]) =>
  transfers.filter((t) => t.type === 'Script' || t.type === 'Stylesheet');

/** The per-response table printed with a budget (largest first). */
export function wireTable(title: string, transfers: WireTransfer[]): string {
  const rows = [...transfers]
    .sort((a, b) => b.wire - a.wire)
    .map(
      (t) =>
        `  ${kB(t.wire).padStart(9)}  ${t.type.padEnd(10)} ${(t.encoding || '-').padEnd(4)} ${new URL(t.url).pathname}`,
    );
  return [
    `${title} — ${transfers.length} réponses (${codeRequests(transfers).length} scripts et styles), ${kB(sumWire(transfers))} reçus`,
    ...rows,
  ].join('\n');
}
