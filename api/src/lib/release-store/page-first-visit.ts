import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReleaseFile, ReleaseManifest } from './release-manifest';

/** The same-origin files a page names: `src="/…"` and `href="/…"` (scripts, preloads, styles, icon). */
const NAMED_FILE = /\s(?:src|href)="\/([^"?#]+)[^"]*"/g;

/**
 * The first visit of the host's release: its index.html and every file of the release the page names, brotli where
 * a `.br` variant exists — what any first load downloads before the shell decides anything (the dashboard's chunks
 * a stored session preloads, and the remotes, come after). The registry (`/runtime-config.json`) is the API's.
 */
export async function pageFirstVisit(
  distDir: string,
  files: readonly ReleaseFile[],
  page = 'index.html',
): Promise<ReleaseManifest['firstVisit']> {
  const sizes = new Map(files.map((file) => [file.path, file.size]));
  const html = await readFile(join(distDir, page), 'utf8');
  const paths = new Set([page]);
  for (const [, path] of html.matchAll(NAMED_FILE))
    if (path !== undefined && sizes.has(path)) paths.add(path);
  const listed = [...paths].sort();
  const brotliBytes = listed.reduce(
    (sum, path) => sum + (sizes.get(`${path}.br`) ?? sizes.get(path) ?? 0),
    0,
  );
  return { brotliBytes, files: listed };
}
