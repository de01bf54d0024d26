import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from './raw';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../../test/server-process';
import { type Database, openDatabase } from './client';
import { isRoot, SERVER_BINARIES_CACHE, serverBinaries } from './server-binaries';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'ebas3-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Both drivers answer `{ rows }`; the shared Database type leaves execute()'s result untyped. */
async function query<T>(db: Database, statement: SQL): Promise<T[]> {
  return rowsOf<T>(db, statement);
}

async function rows(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ kind: 'embedded', dataDir });
  try {
    const result = await query<{ v: string }>(handle.db, sql`select v from probe order by v`);
    return result.map((row) => row.v);
  } finally {
    await handle.close();
  }
}

describe('embedded PostgreSQL', () => {
  it('runs the migrations with fsync on, keeps a write across a clean restart, and stops its server', async () => {
    const dataDir = join(root, 'propre');
    const handle = await openDatabase({ kind: 'embedded', dataDir });
    const pid = postmasterPid(dataDir);
    try {
      const migrations = await query<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(migrations[0]!.n).toBeGreaterThan(0);
      const fsync = await query<{ fsync: string }>(handle.db, sql`show fsync`);
      expect(fsync[0]!.fsync).toBe('on');
      // The server keeps its planner's memory between statements (SERVER_ENVIRONMENT); this process does not get it.
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('GLIBC_TUNABLES=glibc.malloc.top_pad=16777216');
      expect(process.env.GLIBC_TUNABLES).toBeUndefined();
      await handle.db.execute(sql`create table probe (v text)`);
      await handle.db.execute(sql`insert into probe values ('avant redémarrage')`);
    } finally {
      await handle.close();
    }
    expect(alive(pid)).toBe(false);
    // Private: the password file is the owner's only.
    expect(statSync(join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);
    expect(await rows(dataDir)).toEqual(['avant redémarrage']);
  }, 30_000);

  it('starts again after a kill -9 of the process holding the server, with the acknowledged write', async () => {
    const dataDir = join(root, 'kill9');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/db/embedded-postgres.fixture.ts', dataDir],
      {
        cwd: API_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 30_000;
    while (!output.includes('written')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`Échec du processus enfant :\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const orphan = postmasterPid(dataDir);
    child.kill('SIGKILL');
    await exited;
    // The server outlives node: the next start has to deal with it.
    expect(alive(orphan)).toBe(true);
    expect(await rows(dataDir)).toEqual(['avant kill -9']);
    expect(alive(orphan)).toBe(false);
  }, 40_000);

  it('stops postgres when the server process gets SIGTERM', async () => {
    const dataDir = join(root, 'sigterm');
    const port = await freePort();
    const { server: child, state, exited, waitFor } = startServer(dataDir, port, { DEMO_MODE: '0' });
    await waitFor('EBAS3 est démarré', 40_000);
    const pid = postmasterPid(dataDir);
    child.kill('SIGTERM');
    expect(await exited, state.output).toBe(0);
    expect(alive(pid)).toBe(false);
  }, 50_000);
});

describe('a data directory inside a 0700 folder (a clone in /root, `mktemp -d`)', () => {
  it('starts, answers and stops without opening any folder above its own', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'ebas3-0700-'));
    try {
      expect(statSync(parent).mode & 0o777).toBe(0o700);
      const dataDir = join(parent, 'data');
      const handle = await openDatabase({ kind: 'embedded', dataDir });
      const pid = postmasterPid(dataDir);
      try {
        await handle.db.execute(sql`create table dossier_ferme (v text)`);
        await handle.db.execute(sql`insert into dossier_ferme values ('lu')`);
        expect(await query<{ v: string }>(handle.db, sql`select v from dossier_ferme`)).toEqual([
          { v: 'lu' },
        ]);
        // As root the server runs as `postgres`, from the copy of its programs that user can read
        // (server-binaries.ts), and reaches its cluster without the right to enter `parent`. Not root, it runs as
        // this process's own user, who owns `parent`: there is nothing root-specific to check.
        if (isRoot()) {
          expect(statSync(`/proc/${pid}`).uid).toBe(
            Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
          );
          expect(serverBinaries().startsWith(`${SERVER_BINARIES_CACHE}/`)).toBe(true);
          expect(realpathSync(`/proc/${pid}/exe`)).toBe(join(serverBinaries(), 'bin', 'postgres'));
        }
      } finally {
        await handle.close();
      }
      expect(alive(pid)).toBe(false);
      // npm start used to add o+x to every folder above DATA_DIR (0700 became 0701): nothing is opened now.
      expect(statSync(parent).mode & 0o777).toBe(0o700);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the embedded server module', () => {
  it('leaves the exit code a process sets (embedded-postgres’s exit hooks made a failed vitest run exit 0)', async () => {
    const script = ["await import('./src/db/embedded-postgres.ts');", 'process.exitCode = 3;'].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: API_DIR,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, errors).toBe(3);
  }, 30_000);
});
