// Sums the vitest JSON reports and the node:test e2e log of a test run, prints one line per stage failure,
// and ends with the line CI reads: "Tests: N passed, N failed". Exits 1 when anything failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [resultsDir, ...failedStages] = process.argv.slice(2);
let passed = 0;
let failed = 0;

for (const file of readdirSync(resultsDir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  console.info(
    `${file.replace(/\.json$/, '').padEnd(28)} ${report.numPassedTests} réussis, ${report.numFailedTests} en échec`,
  );
}

const e2eLog = join(resultsDir, 'e2e.log');
if (existsSync(e2eLog)) {
  const log = readFileSync(e2eLog, 'utf8');
  const pass = Number(/^ℹ pass (\d+)/m.exec(log)?.[1] ?? 0);
  // A file cut by its time limit counts as « cancelled », not « fail »: it failed all the same.
  const fail =
    Number(/^ℹ fail (\d+)/m.exec(log)?.[1] ?? 0) + Number(/^ℹ cancelled (\d+)/m.exec(log)?.[1] ?? 0);
  passed += pass;
  failed += fail;
  console.info(`${'e2e'.padEnd(28)} ${pass} réussis, ${fail} en échec`);
}

for (const stage of failedStages) console.info(`Étape en échec : ${stage}`);
console.info(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedStages.length > 0 ? 1 : 0);
