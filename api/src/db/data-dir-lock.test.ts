import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createUser, FAST_SCRYPT, login } from '../../test/helper';
import { buildApp } from '../app';
import { JWT_SECRET_FILE_NAME } from '../modules/auth/jwt-secret';
import { OWASP_SCRYPT_PARAMS } from '../modules/auth/password';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

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

const LOCKED_MESSAGE = /^Le dossier de données .+ est déjà utilisé par un autre processus EBAS3 \(pid \d+\)/;

describe('acquireDataDirLock', () => {
  it('holds our pid, refuses a second holder while we live, and cleans up on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const path = join(dir, LOCK_FILE_NAME);
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));

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
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('does not delete a lock another process took over', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const path = join(dir, LOCK_FILE_NAME);
    writeFileSync(path, '1\n');
    lock.release();
    expect(readFileSync(path, 'utf8').trim()).toBe('1');
  });
});

describe('PGlite data directory', () => {
  it('locks the directory, persists data and the JWT secret across restarts, takes over a stale lock', async () => {
    const dataDir = join(tempDir(), 'pglite');
    const options = { database: { kind: 'pglite', dataDir } as const, passwordHashing: FAST_SCRYPT };

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
