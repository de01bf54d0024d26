// scripts/lib/doc-paths.mjs: the file paths docs/frontend.md quotes exist, so its example to copy is real files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { missingPaths, quotedPaths, trackedFiles } from './doc-paths.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;

test('a quoted file path is found in spans and code headings, not in other spans', () => {
  const markdown = [
    'See `shared/src/api/query-keys.ts`, `stats-keys.ts`, `?mode=ajout`, `<verb>-<noun>.ts` and `pnpm lint`.',
    '```ts',
    '// mf-referentiel/src/lib/use-write.ts — the hook',
    '```',
  ].join('\n');
  assert.deepEqual(quotedPaths(markdown), [
    'shared/src/api/query-keys.ts',
    'stats-keys.ts',
    'mf-referentiel/src/lib/use-write.ts',
  ]);
});

test('a path with a folder is read from the root; a bare name must name some file', () => {
  const files = ['shared/src/api/query-keys.ts', 'mf-stats/src/features/stats/api/stats-keys.ts'];
  const markdown =
    '`shared/src/api/query-keys.ts` `api/query-keys.ts` `stats-keys.ts` `gone.ts` `features/x.ts`';
  assert.deepEqual(missingPaths(markdown, files), ['api/query-keys.ts', 'gone.ts', 'features/x.ts']);
});

test('every file path docs/frontend.md quotes exists', () => {
  const markdown = readFileSync(`${ROOT}docs/frontend.md`, 'utf8');
  assert.deepEqual(missingPaths(markdown, trackedFiles(ROOT)), []);
});
