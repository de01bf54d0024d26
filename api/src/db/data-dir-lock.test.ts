import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createUser, FAST_SCRYPT, login } from '../../test/helper';
import { buildApp } from '../app';
import { JWT_SECRET_FILE_NAME } from '../modules/auth/jwt-secret';
import { OWASP_SCRYPT_PARAMS } from '../modules/auth/password';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME, processIdentity } from './data-dir-lock';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ebas3-data-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited: what a crashed server leaves in its lock file. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

const lockPid = (path: string): number => (JSON.parse(readFileSync(path, 'utf8')) as { pid: number }).pid;

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Node arguments running `script` (ESM, with `acquireDataDirLock` in scope) through tsx. */
const lockScript = (script: string) => [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  `import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};\n${script}`,
];

/** A lock left by a previous life of `pid`: same pid, another start identity and nonce. */
const previousLife = (pid: number) =>
  `${JSON.stringify({ pid, process: 'un-autre-démarrage:42', nonce: 'ancien' })}\n`;

const canBePid1 = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

const LOCKED_MESSAGE = /^Le dossier de données .+ est déjà utilisé par un autre processus EBAS3 \(pid \d+\)/;

describe('acquireDataDirLock', () => {
  it('holds our pid, refuses a second holder while we live, and cleans up on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const path = join(dir, LOCK_FILE_NAME);
    expect(lockPid(path)).toBe(process.pid);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(LOCKED_MESSAGE);

    lock.release();
    expect(existsSync(path)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it.each([
    ['a dead pid', () => `${deadPid()}\n`],
    ['garbage', () => 'pas un pid'],
  ])('takes over a stale lock holding %s', (_label, content) => {
    const dir = tempDir();
    const path = join(dir, LOCK_FILE_NAME);
    writeFileSync(path, content());
    const lock = acquireDataDirLock(dir);
    expect(lockPid(path)).toBe(process.pid);
    lock.release();
  });

  it.each([
    // node as pid 1 in a container, restarted after a hard stop: pid 1 is alive (it is us, or init), not the holder.
    ['pid 1, from a previous boot or container start', () => previousLife(1)],
    ['our own pid, from a previous life (legacy pid-only file)', () => `${process.pid}\n`],
    ['our own pid, from a previous life', () => previousLife(process.pid)],
  ])('takes over a lock naming %s', (_label, content) => {
    const dir = tempDir();
    const path = join(dir, LOCK_FILE_NAME);
    writeFileSync(path, content());
    const lock = acquireDataDirLock(dir);
    expect(lockPid(path)).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock naming a live process that is not its holder (a reused pid)', async () => {
    const sleeper = spawn('sleep', ['30']);
    try {
      const pid = sleeper.pid ?? 0;
      await new Promise((resolve) => sleeper.once('spawn', resolve));
      expect(processIdentity(pid)).toMatch(/:\d+$/);
      const dir = tempDir();
      const path = join(dir, LOCK_FILE_NAME);
      writeFileSync(path, previousLife(pid));
      const lock = acquireDataDirLock(dir);
      expect(lockPid(path)).toBe(process.pid);
      lock.release();
    } finally {
      sleeper.kill();
    }
  });

  it.skipIf(!canBePid1)(
    'starts as pid 1 over the lock its own previous life left (container restart)',
    () => {
      for (const content of ['1\n', previousLife(1)]) {
        const dir = tempDir();
        writeFileSync(join(dir, LOCK_FILE_NAME), content);
        // A new pid namespace: the script runs as its pid 1, as node does in a container.
        const child = spawnSync(
          'unshare',
          [
            '--pid',
            '--fork',
            '--mount-proc',
            process.execPath,
            ...lockScript(
              `const lock = acquireDataDirLock(${JSON.stringify(dir)}); console.log(process.pid); lock.release();`,
            ),
          ],
          { cwd: API_DIR, encoding: 'utf8' },
        );
        expect(child.stderr).toBe('');
        expect(child.stdout.trim()).toBe('1');
      }
    },
  );

  it('refuses, in French, a lock held by another live EBAS3 process', async () => {
    const dir = tempDir();
    const holder = spawn(
      process.execPath,
      lockScript(
        `acquireDataDirLock(${JSON.stringify(dir)}); console.log('tenu'); setTimeout(() => {}, 60_000);`,
      ),
      { cwd: API_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout?.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`le processus détenteur est sorti (${code})`)));
      });
      expect(() => acquireDataDirLock(dir)).toThrow(LOCKED_MESSAGE);
      expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('does not delete a lock another process took over', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const path = join(dir, LOCK_FILE_NAME);
    writeFileSync(path, '1\n');
    lock.release();
    expect(readFileSync(path, 'utf8').trim()).toBe('1');
    // Nor one a later start of ours took over (same pid, another nonce).
    rmSync(path);
    const again = acquireDataDirLock(dir);
    writeFileSync(path, previousLife(process.pid));
    again.release();
    expect(lockPid(path)).toBe(process.pid);
  });
});

describe('embedded PostgreSQL data directory', () => {
  it('locks the directory, persists data and the JWT secret across restarts, takes over a stale lock', async () => {
    const dataDir = join(tempDir(), 'data');
    const options = { database: { kind: 'embedded', dataDir } as const, passwordHashing: FAST_SCRYPT };

    const first = await buildApp(options);
    const secretPath = join(dataDir, JWT_SECRET_FILE_NAME);
    expect(statSync(secretPath).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretPath, 'utf8');

    await expect(buildApp(options)).rejects.toThrow(LOCKED_MESSAGE);

    const user = await createUser(first, { prenom: 'Persistant' });
    const token = await login(first, user.email);
    await first.close();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // A crashed server leaves its lock behind.
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${deadPid()}\n`);
    // No passwordHashing: the production default.
    const second = await buildApp({ database: options.database });
    try {
      expect(second.passwordHasher.params).toEqual(OWASP_SCRYPT_PARAMS);
      expect(readFileSync(secretPath, 'utf8')).toBe(secret);
      const me = await second.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id, prenom: 'Persistant' });
    } finally {
      await second.close();
    }

    // With JWT_SECRET set, the data dir's secret is neither read nor created: old tokens no longer verify.
    rmSync(secretPath);
    const third = await buildApp({
      ...options,
      jwtSecret: 'un-secret-fourni-par-la-configuration-0123456789',
    });
    try {
      expect(existsSync(secretPath)).toBe(false);
      const me = await third.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    } finally {
      await third.close();
    }
  }, 180_000);
});
