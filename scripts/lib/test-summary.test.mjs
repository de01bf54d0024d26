// scripts/test-summary.mjs: the line CI reads sums every report, the browser tests' dated logs included.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const SUMMARY = new URL('../test-summary.mjs', import.meta.url).pathname;

/** node:test's spec reporter's last lines. */
const e2eLog = (pass, fail, failedName) =>
  [failedName ? `✖ ${failedName} (12.5ms)` : '', `ℹ pass ${pass}`, `ℹ fail ${fail}`, 'ℹ cancelled 0'].join(
    '\n',
  );

function summary(files) {
  const dir = mkdtempSync(join(tmpdir(), 'ebas3-summary-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    try {
      return { code: 0, out: execFileSync(process.execPath, [SUMMARY, dir], { encoding: 'utf8' }) };
    } catch (error) {
      return { code: error.status, out: error.stdout };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('sums the vitest reports, the browser log and each dated browser log', () => {
  const { code, out } = summary({
    'api.json': JSON.stringify({ numPassedTests: 10, numFailedTests: 0, testResults: [] }),
    'e2e.log': e2eLog(5, 0),
    'e2e-dated-2026-12-02.log': e2eLog(3, 1, 'finds the resident'),
    'e2e-dated-2028-01-01.log': e2eLog(4, 0),
  });
  assert.equal(code, 1);
  assert.match(out, /✘ e2e-dated-2026-12-02 › finds the resident/);
  assert.match(out, /Tests: 22 passed, 1 failed\n$/);
});

test('passes when nothing failed', () => {
  const { code, out } = summary({ 'e2e.log': e2eLog(2, 0), 'e2e-dated-2027-01-01.log': e2eLog(2, 0) });
  assert.equal(code, 0);
  assert.match(out, /Tests: 4 passed, 0 failed\n$/);
});

test("counts the lint stage's node:test log (the tests of scripts/), its failures named", () => {
  const { code, out } = summary({
    'api.json': JSON.stringify({ numPassedTests: 10, numFailedTests: 0, testResults: [] }),
    'lint.log': e2eLog(7, 1, 'every cited doc, section title and anchor exists'),
  });
  assert.equal(code, 1);
  assert.match(out, /✘ lint › every cited doc, section title and anchor exists/);
  assert.match(out, /Tests: 17 passed, 1 failed\n$/);
});
