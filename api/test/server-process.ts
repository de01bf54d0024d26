/**
 * server.ts as `npm start` runs it, in a child process of a test (server.test.ts, server-build.test.ts,
 * db/embedded-postgres.test.ts): the embedded PostgreSQL in DATA_DIR, no site, the demo unless `env` says
 * otherwise; its output collected.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** server.ts from the sources, through tsx; a compiled bundle (scripts/build.mjs) is `[<dir>/server.js]`. */
const FROM_SOURCES = ['--import', 'tsx', 'src/server.ts'];

export function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = FROM_SOURCES,
) {
  const server = spawn(process.execPath, nodeArgs, {
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
  /**
   * Until the output holds `text`. A server that exits first or is too slow fails the wait — stopped first, so that
   * it does not outlive the test holding its PostgreSQL.
   */
  const waitFor = async (text: string, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!state.output.includes(text)) {
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill('SIGTERM');
        await exited;
        throw new Error(`« ${text} » attendu :\n${state.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { server, state, exited, waitFor };
}
