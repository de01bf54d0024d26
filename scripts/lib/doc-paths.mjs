// The file paths a reference page quotes, and those that do not exist: a page a newcomer copies from must name
// files that are there.
import { execFileSync } from 'node:child_process';

const FILE_ENDING = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|sh|sql)$/;
const PATH_CHARACTERS = /^[\w./@-]+$/;

/** Every `quoted` span of a Markdown text that names a file (`a/b/c.ts`, `c.ts`), and a code block's `// a/b.ts` heading. */
export function quotedPaths(markdown) {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
  const headings = [...markdown.matchAll(/^\s*\/\/ (\S+)/gm)].map((match) => match[1]);
  return [...new Set([...spans, ...headings])].filter(
    (span) => FILE_ENDING.test(span) && PATH_CHARACTERS.test(span) && !span.startsWith('.'),
  );
}

/**
 * The quoted paths that name no file: a path with a folder is read from the repository's root; a bare file name
 * (said within a section that names its folder) must be the name of some file.
 */
export function missingPaths(markdown, files) {
  const known = new Set(files);
  const names = new Set(files.map((file) => file.slice(file.lastIndexOf('/') + 1)));
  return quotedPaths(markdown).filter((path) => (path.includes('/') ? !known.has(path) : !names.has(path)));
}

/** The files git tracks under the repository holding `directory`. */
export function trackedFiles(directory) {
  return execFileSync('git', ['ls-files'], { cwd: directory, encoding: 'utf8' }).split('\n').filter(Boolean);
}
