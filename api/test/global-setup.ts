import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's dump (a file), when the tests run on PGlite. */
    pgliteTemplate: string | undefined;
  }
}

/**
 * On PGlite, migrates one database and dumps it: every test database then starts from that dump instead of running
 * initdb in WebAssembly (about 5 times faster per file; docs/testing.md). Built at each run, from this run's
 * migrations.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const onPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';
  if (onPostgres) {
    project.provide('pgliteTemplate', undefined);
    return () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ebas3-pglite-template-'));
  const file = join(dir, 'template.tar');
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
