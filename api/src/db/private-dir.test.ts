import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePrivateDir } from './private-dir';

const root = mkdtempSync(join(tmpdir(), 'ebas3-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

describe('makePrivateDir', () => {
  it('creates the directory 0700', () => {
    const dir = join(root, 'neuf', 'data');
    makePrivateDir(dir);
    expect(mode(dir)).toBe(0o700);
  });

  it('takes group and other permissions off an existing data directory, owner bits kept', () => {
    const dir = join(root, 'ancien');
    mkdirSync(join(dir, 'base', '1'), { recursive: true });
    writeFileSync(join(dir, 'base', '1', '1259'), 'page');
    writeFileSync(join(dir, 'jwt-secret'), 'secret');
    writeFileSync(join(dir, 'outil'), '#!/bin/sh');
    const outside = join(root, 'hors-du-dossier');
    writeFileSync(outside, 'autre');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dir, 'lien'));
    chmodSync(join(dir, 'base', '1', '1259'), 0o666);
    chmodSync(join(dir, 'jwt-secret'), 0o644);
    chmodSync(join(dir, 'outil'), 0o755);
    chmodSync(join(dir, 'base', '1'), 0o777);
    chmodSync(dir, 0o755);

    makePrivateDir(dir);

    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'base', '1'))).toBe(0o700);
    expect(mode(join(dir, 'base', '1', '1259'))).toBe(0o600);
    expect(mode(join(dir, 'jwt-secret'))).toBe(0o600);
    expect(mode(join(dir, 'outil'))).toBe(0o700);
    // A link is not followed: what it points to outside the directory is left alone.
    expect(mode(outside)).toBe(0o644);
  });
});
