// Promote and rollback through the registry's API (issue 38 §2): each returns in ≤ 1 s (p95 of 20), and the host's
// files are byte-identical before and after any remote's promote or rollback (a pointer moves, nothing is copied or
// rebuilt). The compiled API (`pnpm build`) in demo mode on a fresh data directory serves the host's build
// (WEB_ROOT); two releases per remote are registered, the first promoted, then the bench alternates over the five
// remotes: promote the second, roll back to the first, timing each request, and hashing (SHA-256) every file of
// host-shell/dist after each. Prints a markdown table (docs/performance.md « Promote and rollback »).
// Usage: pnpm build && pnpm --filter ./bench registry-promote [--runs 20]
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REGISTRY_PATH } from 'shared/contract';
import { REMOTES } from 'shared/federation';
import { agentToken, cliArgs, requireCompiledApi, spawnApi } from './lib/api-process';
import { printTable } from './lib/load';

const { values } = parseArgs({ args: cliArgs(), options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(values.runs);
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const HOST_DIST = join(ROOT, 'host-shell', 'dist');
/** The ports the release tooling's benches use (8600–8649). */
const PORT = 8600 + Math.floor(Math.random() * 50);
const TARGET_P95_MS = 1000;

/** SHA-256 of every file under `dir`, by relative path, sorted. */
function hashTree(dir: string): string {
  const lines: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        lines.push(`${relative(dir, path)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`);
    }
  };
  walk(dir);
  return `${lines.length} ${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Until /api/health answers: the demo data of a fresh directory takes minutes on a machine loaded by others. */
async function untilHealthy(api: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`L'API s'est arrêtée (${api.exitCode}).`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("L'API n'a pas démarré en 10 minutes.");
}

requireCompiledApi();
const dataDir = mkdtempSync(join(tmpdir(), 'ebas3-bench-registry-'));
let api: ChildProcess | undefined;
try {
  api = spawnApi('compiled', dataDir, PORT, { WEB_ROOT: ROOT });
  await untilHealthy(api);
  const base = `http://127.0.0.1:${PORT}/api`;
  const token = await agentToken(base, 'admin');
  const call = async (path: string, body: unknown) => {
    const started = performance.now();
    const answer = await fetch(`${base}${REGISTRY_PATH}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const ms = performance.now() - started;
    if (!answer.ok) throw new Error(`POST ${path} → ${answer.status} ${await answer.text()}`);
    return ms;
  };
  const remotes = REMOTES.map((remote) => remote.dir);
  const idOf = (remote: string, n: number) => `20261207-bench${n}-${remote.replace(/-/g, '')}`.slice(0, 80);
  for (const remote of remotes) {
    for (const n of [1, 2])
      await call('/releases', {
        release: {
          remote,
          id: idOf(remote, n),
          commit: `bench${n}`,
          builtAt: '2026-12-07T10:00:00.000Z',
          files: [{ path: 'mf-manifest.json', size: 812, sha256: 'a'.repeat(64) }],
        },
      });
    await call(`/${remote}/promote`, { id: idOf(remote, 1) });
  }

  const before = hashTree(HOST_DIST);
  const promotes: number[] = [];
  const rollbacks: number[] = [];
  let changed = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const remote = remotes[run % remotes.length] as string;
    promotes.push(await call(`/${remote}/promote`, { id: idOf(remote, 2), reason: 'bench' }));
    if (hashTree(HOST_DIST) !== before) changed += 1;
    rollbacks.push(await call(`/${remote}/rollback`, { reason: 'bench' }));
    if (hashTree(HOST_DIST) !== before) changed += 1;
  }
  const [files] = before.split(' ');
  const row = (name: string, samples: number[]) => [
    name,
    samples.length,
    percentile(samples, 50).toFixed(0),
    percentile(samples, 95).toFixed(0),
    Math.max(...samples).toFixed(0),
    percentile(samples, 95) <= TARGET_P95_MS ? 'oui' : 'NON',
  ];
  printTable(
    ['action', 'requêtes', 'p50 (ms)', 'p95 (ms)', 'max (ms)', `p95 ≤ ${TARGET_P95_MS} ms`],
    [row('promote', promotes), row('rollback', rollbacks)],
  );
  console.info(
    `\nFichiers de l'hôte (host-shell/dist, ${files} fichiers, SHA-256 de chacun) : ${changed === 0 ? `identiques après chacune des ${RUNS * 2} actions` : `CHANGÉS après ${changed} action(s)`}.`,
  );
  console.info(`Charge de la machine (loadavg 1 min) : ${loadavg()[0]?.toFixed(1)}.`);
  if (changed > 0 || percentile(promotes, 95) > TARGET_P95_MS || percentile(rollbacks, 95) > TARGET_P95_MS)
    process.exitCode = 1;
} finally {
  if (api && api.exitCode === null) {
    const exited = once(api, 'exit');
    api.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
