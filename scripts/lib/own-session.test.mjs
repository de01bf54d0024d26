// scripts/lib/own-session.sh: how `npm start` hands the terminal's Ctrl+C to the API (run by `pnpm lint`).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./own-session.sh', import.meta.url));

// A stand-in for the API: reports its session and each signal, takes CLOSE_MS to close after the first, exits at once
// (status 1) on the second, as server.ts does.
const FAKE_API = `
const { execFileSync } = require('node:child_process');
const sid = (pid) => execFileSync('ps', ['-o', 'sid=', '-p', String(pid)]).toString().trim();
let count = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    count += 1;
    console.log('signal', signal);
    if (count > 1) process.exit(1);
    setTimeout(() => process.exit(0), Number(process.env.CLOSE_MS));
  });
}
setInterval(() => {}, 1000);
// Ready once the handlers are in place: a signal sent before would kill it with the default action.
console.log('sessions', sid(process.pid), sid(process.ppid), process.pid);
`;
const fake = join(mkdtempSync(join(tmpdir(), 'own-session-')), 'fake-api.cjs');
writeFileSync(fake, FAKE_API);

const running = new Set();

// A failed assertion must not leave the fake API running (the test runner would wait for it).
afterEach(() => {
  for (const pid of running) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
});

/** Starts the fake API through run_in_own_session; resolves once it has reported its sessions. */
async function start(closeMs) {
  const shell = spawn('bash', ['-c', `source '${SCRIPT}'; run_in_own_session node '${fake}'`], {
    env: { ...process.env, CLOSE_MS: String(closeMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  shell.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) =>
    shell.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  while (!output.includes('sessions')) await sleep(20);
  running.add(shell.pid);
  running.add(Number(output.split('\n')[0].split(' ')[3]));
  return { shell, exited, lines: () => output.trim().split('\n') };
}

test('the command runs in a session of its own, not in the shell’s', async () => {
  const api = await start(0);
  const [, own, parent] = api.lines()[0].split(' ');
  assert.notEqual(own, parent);
  api.shell.kill('SIGTERM');
  await api.exited;
});

test('one key press passed on once (the terminal’s and npm’s copies), the shell waiting for the API to close', async () => {
  const api = await start(1500);
  const sent = Date.now();
  api.shell.kill('SIGINT');
  // npm's copy, a moment after the terminal's.
  await sleep(100);
  api.shell.kill('SIGINT');
  const { code, at } = await api.exited;
  assert.deepEqual(api.lines().slice(1), ['signal SIGINT']);
  assert.equal(code, 0);
  assert.ok(at - sent >= 1400, `the shell returned after ${at - sent} ms, before the API had closed`);
});

test('a second Ctrl+C a while later is passed on: the API exits at once with its status', async () => {
  const api = await start(10_000);
  api.shell.kill('SIGINT');
  await sleep(1500);
  api.shell.kill('SIGINT');
  const { code } = await api.exited;
  assert.deepEqual(api.lines().slice(1), ['signal SIGINT', 'signal SIGINT']);
  assert.equal(code, 1);
});

test('SIGTERM (a service manager) is passed on too', async () => {
  const api = await start(0);
  api.shell.kill('SIGTERM');
  const { code } = await api.exited;
  assert.deepEqual(api.lines().slice(1), ['signal SIGTERM']);
  assert.equal(code, 0);
});

test('bash -n: the script parses', () => {
  execFileSync('bash', ['-n', SCRIPT]);
});
