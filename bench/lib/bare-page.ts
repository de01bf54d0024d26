// The reference page of the first-paint bench (bench/bare-page): built with the product's production settings but
// without module federation, pre-compressed by scripts/compress-dist.mjs, and served by the API's own static-site
// plugin — the same server, headers and encodings as the product's host, so only the page differs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRsbuild } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { freePort } from 'e2e/support/product';
import { pluginCompileHints } from 'shared/rsbuild';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BARE_PAGE = join(ROOT, 'bench', 'bare-page');
const TEMPLATES = join(ROOT, 'shared', 'templates');

/**
 * Builds the bare page into `<webRoot>/host-shell/dist` (where the static-site plugin looks for the host) and
 * writes its `.br`/`.gz` variants. The settings copy `common()` of shared/src/federation/rsbuild-config.ts
 * (antd per-component imports, chunk split, HTML template), which does not export them, and the compile hint of
 * the host's start-up files.
 * @returns the page's scripts and stylesheets as sent (brotli when smaller), for the printed summary
 */
export async function buildBarePage(webRoot: string): Promise<{ files: number; brotli: number }> {
  const distPath = join(webRoot, 'host-shell', 'dist');
  const rsbuild = await createRsbuild({
    cwd: BARE_PAGE,
    config: {
      logLevel: 'warn',
      // The host's start-up files carry V8's compile hint (shared/src/federation/startup-preload.ts): so do these.
      plugins: [pluginReact(), pluginCompileHints()],
      source: {
        entry: { index: './src/index.tsx' },
        transformImport: [{ libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true }],
      },
      html: {
        title: 'EBAS3 — page de référence',
        favicon: join(ROOT, 'shared', 'public', 'favicon.svg'),
        template: join(TEMPLATES, 'index.html'),
      },
      output: { distPath: { root: distPath }, cleanDistPath: true },
      performance: { chunkSplit: { strategy: 'split-by-experience', override: { minSize: 5000 } } },
    },
  });
  const result = await rsbuild.build();
  await result.close();
  // scripts/compress-dist.mjs is plain JavaScript without types; its one export used here is typed by hand.
  const compressScript = join(ROOT, 'scripts', 'compress-dist.mjs');
  const { compressDist } = (await import(compressScript)) as {
    compressDist: (dirs: string[]) => Promise<{ file: string; raw: number; br: number; gz: number }[]>;
  };
  const assets = (await compressDist([distPath])).filter(({ file }) => /\.(js|css)$/.test(file));
  return { files: assets.length, brotli: assets.reduce((total, { br }) => total + br, 0) };
}

export interface BareServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the API (api/src/server.ts, without demo data) with `webRoot` as its WEB_ROOT: it serves the bare page at
 * `/` exactly as it serves the host. Its database lives in `<webRoot>/data` and goes with the folder.
 */
export async function startBareServer(webRoot: string): Promise<BareServer> {
  const port = await freePort();
  const dataDir = join(webRoot, 'data');
  mkdirSync(dataDir, { recursive: true });
  let output = '';
  const api: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(ROOT, 'api'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      DEMO_MODE: '0',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  api.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (api.exitCode !== null || api.signalCode !== null) return;
    const exited = new Promise((r) => api.once('exit', r));
    api.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  // As the product's start (e2e/support/product.ts): E2E_API_START_TIMEOUT_MS on a machine loaded by others.
  const deadline = Date.now() + (Number(process.env.E2E_API_START_TIMEOUT_MS) || 60_000);
  while (Date.now() < deadline) {
    if (api.exitCode !== null)
      throw new Error(`Le serveur de la page de référence s'est arrêté :\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`Le serveur de la page de référence ne répond pas sur ${url} :\n${output}`);
}

/** Removes the folder given to buildBarePage/startBareServer (its build and its database). */
export function removeWebRoot(webRoot: string): void {
  rmSync(webRoot, { recursive: true, force: true });
}
