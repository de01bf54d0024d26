import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'ebas3-server-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Every path under `dir` with its permission bits. */
function modes(dir: string): Array<[string, number]> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => [
    path,
    statSync(join(dir, path)).mode & 0o777,
  ]);
}

function expectPrivate(dataDir: string): void {
  // As root, DATA_DIR also gets the traverse bit (o+x, no listing) so that the `postgres` user reaches its cluster
  // (db/embedded-postgres.ts).
  expect(statSync(dataDir).mode & 0o777).toBe(process.getuid?.() === 0 ? 0o701 : 0o700);
  const entries = modes(dataDir);
  expect(entries.length).toBeGreaterThan(100);
  expect(entries).toContainEqual(['jwt-secret', 0o600]);
  expect(entries.filter(([, mode]) => (mode & 0o077) !== 0)).toEqual([]);
}

/** server.ts on `dataDir` (the demo, as npm start, unless `env` says otherwise), its output collected. */
function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: '1',
      JWT_SECRET: '',
      DATABASE_URL: '',
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { output: '' };
  server.stdout.on('data', (chunk: Buffer) => (state.output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (state.output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const waitFor = async (text: string) => {
    const deadline = Date.now() + 90_000;
    while (!state.output.includes(text)) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`« ${text} » attendu :\n${state.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { server, state, exited, waitFor };
}

describe('npm start (server.ts)', () => {
  it('stopped by Ctrl+C while it generates the demo data: stops in order, and the next start generates all of it', async () => {
    const dataDir = join(root, 'interrompu', 'data');
    const first = startServer(dataDir, await freePort());
    try {
      await first.waitFor('génération des données de démonstration');
      first.server.kill('SIGINT');
      expect(await first.exited).toBe(0);
    } finally {
      first.server.kill('SIGKILL');
    }
    expect(first.state.output).toContain("Arrêt demandé (SIGINT) pendant le démarrage : EBAS3 s'arrête");
    expect(first.state.output).not.toContain('EBAS3 est démarré');
    // The embedded PostgreSQL was stopped, not left behind.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = startServer(dataDir, await freePort());
    try {
      await second.waitFor('EBAS3 est démarré');
      expect(second.state.output).toMatch(
        /Données de démonstration : 24 établissements, 12 clients, \d+ pensionnaires, [1-9]\d* réservations/,
      );
    } finally {
      second.server.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 240_000);

  it('writes a fresh data directory readable by its user only: directory 0700, files 0600, JWT secret included', async () => {
    const dataDir = join(root, 'nouveau', 'data');
    const port = await freePort();
    // The default database: the embedded PostgreSQL in DATA_DIR/postgres (its files, socket included, are checked too).
    const { server, exited, waitFor } = startServer(dataDir, port, { DEMO_MODE: '0' });
    try {
      // Started: the banner is printed after listen().
      await waitFor('EBAS3 est démarré');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expectPrivate(dataDir);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
    // And after a clean stop (files the server created while running included).
    expectPrivate(dataDir);
  }, 120_000);
});
