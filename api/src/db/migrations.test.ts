import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const API_ROOT = join(import.meta.dirname, '../..');
const MIGRATIONS = join(API_ROOT, 'drizzle');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const readJson = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;

/**
 * The migrations folder that `pnpm --filter ./api db:generate` reads: its snapshots form one chain in the journal's
 * order, and the last one is the whole schema of `schema.ts`, so the next schema change generates only itself
 * (docs/database.md « Migrations »).
 */
describe('drizzle migrations', () => {
  it('chain their snapshots in the journal order, each applied after the one before', async () => {
    const { entries } = await readJson<{ entries: JournalEntry[] }>(join(MIGRATIONS, 'meta/_journal.json'));
    let previousId: string | undefined;
    let previousWhen = 0;
    for (const entry of entries) {
      const prefix = entry.tag.split('_')[0]!;
      const snapshot = await readJson<{ id: string; prevId: string }>(
        join(MIGRATIONS, `meta/${prefix}_snapshot.json`),
      );
      if (previousId !== undefined) expect(snapshot.prevId, entry.tag).toBe(previousId);
      expect(entry.when, `${entry.tag} after the migration before it`).toBeGreaterThan(previousWhen);
      previousId = snapshot.id;
      previousWhen = entry.when;
    }
  });

  it('have nothing left to generate from schema.ts', async () => {
    // drizzle-kit reads its output folder relative to the working directory: a copy under node_modules.
    const copy = await mkdtemp(join(API_ROOT, 'node_modules/.migrations-check-'));
    try {
      await cp(MIGRATIONS, copy, { recursive: true });
      const { stdout } = await promisify(execFile)(
        'pnpm',
        [
          'exec',
          'drizzle-kit',
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/db/schema.ts',
          '--out',
          relative(API_ROOT, copy),
        ],
        { cwd: API_ROOT },
      );
      expect(stdout).toContain('No schema changes, nothing to migrate');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
