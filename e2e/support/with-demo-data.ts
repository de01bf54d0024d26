/**
 * Runs a command (the browser tests) with the demo data generated once: the API starts in demo mode on a new data
 * directory, stops cleanly, and every product of the run starts from a copy of it (DEMO_DATA_TEMPLATE) instead of
 * generating its own — a product start of ≈ 18 s becomes ≈ 4 s. The directory is removed afterwards.
 *
 *   node --import tsx support/with-demo-data.ts <command> [args…]
 *
 * The demo data is dated around the day it is generated, as before; a run that crosses midnight sees it one day
 * older, like a product started just before midnight.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DATA_TEMPLATE, freePort, spawnDemoApi, stopProcess, waitForHealth } from './product';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  console.error('Usage : with-demo-data.ts <commande> [arguments…]');
  process.exit(2);
}

const workDir = mkdtempSync(join(tmpdir(), 'ebas3-e2e-template-'));
const dataDir = join(workDir, 'data');
let exitCode = 1;
try {
  const started = Date.now();
  let output = '';
  const port = await freePort();
  const api = spawnDemoApi({ PORT: String(port), DATA_DIR: dataDir }, (text) => (output += text));
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, api, () => output);
  } finally {
    await stopProcess(api);
  }
  console.log(`Données de démonstration générées une fois pour la série (${Date.now() - started} ms)`);
  exitCode = await new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, [DEMO_DATA_TEMPLATE]: dataDir },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} catch (error) {
  console.error(error);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
