// Sums the vitest JSON reports and the node:test logs (the browser tests, the lint stage's tests of scripts/) of a test
// run, names every failed test with the first lines of its message (CI shows only the end of a long log), prints one
// line per stage failure, and ends with the line CI reads: "Tests: N passed, N failed". Exits 1 when anything failed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const [resultsDir, ...failedStages] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];

/** The first lines of a failure message, without colour codes: enough to tell one failure from another. */
const firstLines = (message, count = 6) =>
  stripVTControlCharacters(String(message))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .map((line) => `    ${line}`)
    .join('\n');

for (const file of readdirSync(resultsDir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  console.info(
    `${file.replace(/\.json$/, '').padEnd(28)} ${report.numPassedTests} réussis, ${report.numFailedTests} en échec`,
  );
  for (const suite of report.testResults ?? []) {
    const where = `${file.replace(/\.json$/, '')} › ${suite.name.replace(`${process.cwd()}/`, '')}`;
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`✘ ${where} › ${test.fullName}\n${firstLines(test.failureMessages?.join('\n') ?? '')}`);
    }
    // A file that failed before any test ran (an import error, a failing hook) has a message and no failed test.
    if (suite.status === 'failed' && failedTests.length === 0 && suite.message) {
      failures.push(`✘ ${where}\n${firstLines(suite.message)}`);
    }
  }
}

// The node:test logs (spec reporter): the browser tests' e2e.log and e2e-dated-<day>.log for each chosen instant, and
// lint.log, the lint stage's tests of scripts/ (ESLint's own « ✖ N problems » line is named with them when it fails).
for (const file of readdirSync(resultsDir).filter((f) => /^(e2e(-dated-[\d-]+)?|lint)\.log$/.test(f))) {
  const log = readFileSync(join(resultsDir, file), 'utf8');
  const name = file.replace(/\.log$/, '');
  const pass = Number(/^ℹ pass (\d+)/m.exec(log)?.[1] ?? 0);
  // A file cut by its time limit counts as « cancelled », not « fail »: it failed all the same.
  const fail =
    Number(/^ℹ fail (\d+)/m.exec(log)?.[1] ?? 0) + Number(/^ℹ cancelled (\d+)/m.exec(log)?.[1] ?? 0);
  passed += pass;
  failed += fail;
  console.info(`${name.padEnd(28)} ${pass} réussis, ${fail} en échec`);
  const names = new Set([...log.matchAll(/^\s*✖ (.+?)(?: \([\d.]+ms\))?$/gm)].map(([, test]) => test));
  names.delete('failing tests:'); // node:test's heading above its list of failures
  for (const test of names) failures.push(`✘ ${name} › ${test}`);
}

if (failures.length > 0) console.info(`\nTests en échec :\n${failures.join('\n')}\n`);

for (const stage of failedStages) console.info(`Étape en échec : ${stage}`);
console.info(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedStages.length > 0 ? 1 : 0);
