// Citations of the project docs in code comments and in the docs themselves: `docs/performance.md « Live feed »`,
// `docs/testing.md, "Some title"`, `docs/api.md#anchor`, and inside docs/ the relative `[api.md](api.md#anchor)` or
// `[auth.md](auth.md) « Sessions »`. A title may be wrapped over comment lines and may hold guillemets of its own
// (« What « prolongable » reads »). Tested by docs-citations.test.mjs, which fails when a cited file or section is
// missing.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-standalone',
  '.git',
  'test-results',
  'coverage',
  '.data',
]);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|sh|md)$/;
// This module and its test cite made-up docs and sections as examples.
const SKIPPED_FILES = new Set(['scripts/lib/docs-citations.mjs', 'scripts/lib/docs-citations.test.mjs']);

/** Every source and Markdown file under `root`, relative paths. */
export function sourceFiles(root, dir = root) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.'))
        files.push(...sourceFiles(root, join(dir, entry.name)));
    } else if (SOURCE.test(entry.name)) {
      const path = relative(root, join(dir, entry.name));
      if (!SKIPPED_FILES.has(path)) files.push(path);
    }
  }
  return files;
}

/**
 * The text with each line break, its indentation and a comment's leader (`//`, `*`, `#`) made one space, so that a
 * citation wrapped over comment lines reads as one; `lineOf(i)` gives the original line of a character.
 */
function joinLines(text) {
  let joined = '';
  const lines = [];
  text.split('\n').forEach((line, index) => {
    const part = index === 0 ? line : ` ${line.replace(/^\s*(?:\/\/+|\*(?!\*)|#+(?=\s))?\s*/, '')}`;
    joined += part;
    for (let i = 0; i < part.length; i += 1) lines.push(index + 1);
  });
  return { joined, lineOf: (i) => lines[i] ?? lines.length };
}

/** The title starting at `text[start]` (« … » with nested pairs, or "…"), and where it ends; null when none. */
function readTitle(text, start) {
  if (text[start] === '"') {
    const end = text.indexOf('"', start + 1);
    return end < 0 ? null : { title: text.slice(start + 1, end), end: end + 1 };
  }
  if (text[start] !== '«') return null;
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === '«') depth += 1;
    else if (text[i] === '»') {
      depth -= 1;
      if (depth === 0) return { title: text.slice(start + 1, i), end: i + 1 };
    }
  }
  return null;
}

/** The titles cited right after a file name: ` « A »`, `, « A », « B »`, `, "A"`. */
function readTitles(text, from) {
  const titles = [];
  let at = from;
  if (text[at] === ')') at += 1; // the end of a Markdown link: [docs/x.md](docs/x.md) « A »
  for (;;) {
    const gap = /^(?:,\s*|\s+)/.exec(text.slice(at, at + 4));
    if (!gap) break;
    const read = readTitle(text, at + gap[0].length);
    if (!read) break;
    titles.push(normalise(read.title));
    at = read.end;
  }
  return titles;
}

const normalise = (title) => title.replace(/`/g, '').replace(/\s+/g, ' ').trim();

/** Every citation of a doc in one file: { file, line, doc, anchor?, titles }. `path` is relative to the root. */
export function citationsIn(path, text) {
  const { joined, lineOf } = joinLines(text);
  const found = [];
  const inDocs = path.startsWith('docs/');
  // docs/x.md anywhere; inside docs/ also the relative link target ](x.md…).
  const pattern = inDocs
    ? /(?<![\w/.-])(?:docs\/|(?<=\]\())([a-z0-9-]+\.md)(?:#([\w-]+))?/g
    : /(?<![\w/.-])docs\/([a-z0-9-]+\.md)(?:#([\w-]+))?/g;
  for (const match of joined.matchAll(pattern)) {
    found.push({
      file: path,
      line: lineOf(match.index),
      doc: `docs/${match[1]}`,
      anchor: match[2],
      titles: readTitles(joined, match.index + match[0].length),
    });
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
export const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

/**
 * A Markdown file's sections (outside fenced code) and the anchors of its headings. A section is a heading, a bold
 * lead-in opening a line or a list item (`**Items kept as JSON** (…)`, `- **Root.** …`) or a table row's first
 * cell: the docs name their rules in all three.
 */
export function sectionsOf(markdown) {
  const sections = [];
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    const lead = /^\s*(?:[-*]\s+)?\*\*(.+?)\*\*/.exec(line);
    const cell = /^\|([^|]+)\|/.exec(line);
    for (const match of [heading, lead, cell]) if (match) sections.push(comparable(match[1]));
    if (!heading) continue;
    const base = slug(heading[1].replace(/`/g, ''));
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return { sections, anchors };
}

/** A title as compared: no guillemets, backticks or emphasis, spaces collapsed, lower case. */
const comparable = (title) =>
  title
    .replace(/[«»`*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * What is wrong with a citation given the cited doc's text (undefined when the file is missing): a title must be
 * the start of one of its sections (case aside), an anchor one of its headings' anchors.
 */
export function problemsOf(citation, markdown) {
  const where = `${citation.file}:${citation.line}`;
  if (markdown === undefined) return [`${where}: ${citation.doc} does not exist`];
  const { sections, anchors } = sectionsOf(markdown);
  const problems = [];
  for (const title of citation.titles) {
    if (!sections.some((section) => section.startsWith(comparable(title))))
      problems.push(`${where}: ${citation.doc} has no section « ${title} »`);
  }
  if (citation.anchor && !anchors.has(citation.anchor))
    problems.push(`${where}: ${citation.doc} has no anchor #${citation.anchor}`);
  return problems;
}

/** Every problem of every citation under `root`. */
export function citationProblems(root) {
  const docs = new Map();
  const docText = (doc) => {
    if (!docs.has(doc)) {
      try {
        docs.set(doc, readFileSync(join(root, doc), 'utf8'));
      } catch {
        docs.set(doc, undefined);
      }
    }
    return docs.get(doc);
  };
  const citations = sourceFiles(root).flatMap((path) =>
    citationsIn(path, readFileSync(join(root, path), 'utf8')),
  );
  return {
    citations,
    problems: citations.flatMap((citation) => problemsOf(citation, docText(citation.doc))),
  };
}
