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
