// Every citation of a doc in the code and the docs names a file and sections that exist (docs-citations.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { citationProblems, citationsIn, problemsOf, slug } from './docs-citations.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;

test('every cited doc, section title and anchor exists', () => {
  const { citations, problems } = citationProblems(ROOT);
  assert.ok(citations.length > 100, `only ${citations.length} citations found: the scan missed the tree`);
  assert.deepEqual(problems, []);
});

test('reads a title wrapped over comment lines, with guillemets of its own, and several titles', () => {
  const source = [
    '/**',
    ' * The list (docs/performance.md « What « prolongable » reads », « Exports off the',
    ' * main thread »). Plain: docs/testing.md, "Running one stage"; docs/api.md#list-endpoints.',
    ' */',
    '// [docs/auth.md](docs/auth.md) « Sessions »',
  ].join('\n');
  assert.deepEqual(
    citationsIn('api/x.ts', source).map(({ line, doc, anchor, titles }) => ({ line, doc, anchor, titles })),
    [
      {
        line: 2,
        doc: 'docs/performance.md',
        anchor: undefined,
        titles: ['What « prolongable » reads', 'Exports off the main thread'],
      },
      { line: 3, doc: 'docs/testing.md', anchor: undefined, titles: ['Running one stage'] },
      { line: 3, doc: 'docs/api.md', anchor: 'list-endpoints', titles: [] },
      { line: 5, doc: 'docs/auth.md', anchor: undefined, titles: [] },
      { line: 5, doc: 'docs/auth.md', anchor: undefined, titles: ['Sessions'] },
    ],
  );
});

test('inside docs/, reads the relative links', () => {
  const found = citationsIn(
    'docs/api.md',
    'See [performance.md](performance.md#exports) and [auth.md](auth.md) « Sessions ».',
  );
  assert.deepEqual(
    found.map(({ doc, anchor, titles }) => ({ doc, anchor, titles })),
    [
      { doc: 'docs/performance.md', anchor: 'exports', titles: [] },
      { doc: 'docs/auth.md', anchor: undefined, titles: ['Sessions'] },
    ],
  );
});

test('a missing file, section or anchor is a problem; a section that starts with the title is not', () => {
  const doc = [
    '# Performance',
    '## Exports (issue 4)',
    '- **Root.** Postgres refuses to run as root',
    '**Items kept as `JSON`** (a table)',
    '| « Mon compte » | the page |',
    '```',
    '## Not a heading',
    '```',
  ].join('\n');
  const cite = (titles, anchor) => ({ file: 'a.ts', line: 3, doc: 'docs/performance.md', titles, anchor });
  assert.deepEqual(
    problemsOf(cite(['exports', 'Root', 'Items kept as JSON', 'Mon compte'], 'exports-issue-4'), doc),
    [],
  );
  assert.deepEqual(problemsOf(cite([], 'root'), doc), ['a.ts:3: docs/performance.md has no anchor #root']);
  assert.deepEqual(problemsOf(cite(['Not a heading', 'Live feed'], 'live-feed'), doc), [
    'a.ts:3: docs/performance.md has no section « Not a heading »',
    'a.ts:3: docs/performance.md has no section « Live feed »',
    'a.ts:3: docs/performance.md has no anchor #live-feed',
  ]);
  assert.deepEqual(problemsOf(cite([]), undefined), ['a.ts:3: docs/performance.md does not exist']);
});

test("anchors follow GitHub's rule", () => {
  assert.equal(slug('Exports (issue 4 — measured)'), 'exports-issue-4--measured');
  assert.equal(slug('Statistics (shared/src/contract/stats.ts)'), 'statistics-sharedsrccontractstatsts');
  assert.equal(slug('Rooming et pointage'), 'rooming-et-pointage');
});

// Reference pages stay short enough to find a figure in (issue 37 §1): a run log that grows them back fails here.
test('the performance and testing references stay within their length', async () => {
  const { readFileSync } = await import('node:fs');
  const lines = (file) => readFileSync(`${ROOT}docs/${file}`, 'utf8').split('\n').length;
  assert.ok(
    lines('performance.md') <= 600,
    `docs/performance.md: ${lines('performance.md')} lines (600 at most)`,
  );
  assert.ok(lines('testing.md') <= 300, `docs/testing.md: ${lines('testing.md')} lines (300 at most)`);
});
