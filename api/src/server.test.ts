import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../test/server-process';

const root = mkdtempSync(join(tmpdir(), 'ebas3-server-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` with its permission bits. */
function modes(dir: string): Array<[string, number]> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => [
    path,
    statSync(join(dir, path)).mode & 0o777,
  ]);
}

function expectPrivate(dataDir: string): void {
  // Root or not: the `postgres` user reaches its cluster without the traverse bit (db/embedded-postgres.ts).
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  const entries = modes(dataDir);
  expect(entries.length).toBeGreaterThan(100);
  expect(entries).toContainEqual(['jwt-secret', 0o600]);
  expect(entries.filter(([, mode]) => (mode & 0o077) !== 0)).toEqual([]);
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
