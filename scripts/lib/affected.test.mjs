// scripts/lib/affected.mjs: the packages `pnpm affected` checks for a list of changed files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { selectAffected, workspacePackages } from './affected.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The workspace's graph as it is: every front package and the API depend on shared; bench on api, e2e, shared. */
const PACKAGES = [
  { name: 'host-shell', dir: 'host-shell', dependsOn: ['shared'] },
  { name: 'mf-stats', dir: 'mf-stats', dependsOn: ['shared'] },
  { name: 'mf-demandes', dir: 'mf-demandes', dependsOn: ['shared'] },
  { name: 'shared', dir: 'shared', dependsOn: [] },
  { name: 'api', dir: 'api', dependsOn: ['shared'] },
  { name: 'e2e', dir: 'e2e', dependsOn: ['shared'] },
  { name: 'bench', dir: 'bench', dependsOn: ['e2e', 'shared', 'api'] },
];
const select = (...files) => selectAffected(files, PACKAGES);

test("a remote's own file selects that remote only", () => {
  assert.deepEqual(select('mf-stats/src/features/stats/api/get-stats.ts'), {
    all: false,
    reason: null,
    packages: ['mf-stats'],
  });
});

test('the API selects itself and what depends on it, transitively', () => {
  assert.deepEqual(select('api/src/modules/releases/service.ts').packages, ['api', 'bench']);
  assert.deepEqual(select('e2e/support/browser.ts').packages, ['e2e', 'bench']);
});

test('shared selects every package that depends on it', () => {
  assert.deepEqual(select('shared/src/routes/menu.ts').packages, [
    'host-shell',
    'mf-stats',
    'mf-demandes',
    'shared',
    'api',
    'e2e',
    'bench',
  ]);
});

test('files outside every package select nothing; several files add up', () => {
  assert.deepEqual(select('docs/testing.md', 'README.md', 'scripts/start.sh').packages, []);
  assert.deepEqual(select('mf-demandes/src/a.ts', 'host-shell/src/b.tsx').packages, [
    'host-shell',
    'mf-demandes',
  ]);
  // A folder whose name starts like a package's is not that package.
  assert.deepEqual(select('mf-stats-old/x.ts').packages, []);
});

test('the lockfile, the catalog, patches, root tsconfig, lint config or root package.json select everything', () => {
  for (const file of [
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    'patches/antd@6.2.0.patch',
    'tsconfig.base.json',
    'tsconfig.front-browser.json',
    'eslint.config.js',
    'package.json',
    'scripts/eslint/no-raw-fetch.mjs',
  ]) {
    const selection = select('mf-stats/src/x.ts', file);
    assert.equal(selection.all, true, file);
    assert.equal(selection.reason, file);
    assert.deepEqual(
      selection.packages,
      PACKAGES.map((p) => p.name),
    );
  }
  // A package's own package.json or tsconfig selects that package (and its dependents), not everything.
  assert.deepEqual(select('mf-stats/package.json', 'mf-stats/tsconfig.json').packages, ['mf-stats']);
});

test("the workspace's packages are read from pnpm-workspace.yaml and their package.json", () => {
  const packages = workspacePackages(ROOT);
  const byName = Object.fromEntries(packages.map((p) => [p.name, p]));
  for (const name of ['host-shell', 'mf-stats', 'mf-reservations', 'shared', 'api', 'e2e', 'bench'])
    assert.ok(byName[name], name);
  assert.deepEqual(byName['mf-stats'].dependsOn, ['shared']);
  assert.deepEqual(byName.shared.dependsOn, []);
  assert.ok(byName.bench.dependsOn.includes('api'));
});
