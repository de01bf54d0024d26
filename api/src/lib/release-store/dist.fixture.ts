// A remote's and the host's production dists for the release tests (release-package, release files, host release).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const COMPRESS_SCRIPT = fileURLToPath(new URL('../../../../scripts/compress-dist.mjs', import.meta.url));

const MANIFEST = JSON.stringify({
  id: 'mf_stats',
  name: 'mf_stats',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, pluginVersion: '2.9.1' },
  shared: [],
  exposes: [
    {
      id: 'mf_stats:pages',
      name: 'pages',
      assets: {
        js: { sync: ['static/js/async/expose.1a2b.js'], async: ['static/js/async/late.3c4d.js'] },
        css: { sync: ['static/css/async/expose.5e6f.css'], async: [] },
      },
    },
  ],
});

/** A remote's production dist as the build leaves it (its standalone page included), pre-compressed. */
export function distFixture(changes: Record<string, string> = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'ebas3-dist-'));
  const files: Record<string, string> = {
    'mf-manifest.json': MANIFEST,
    'remoteEntry.js': `var mf_stats;\n${'mf_stats.register("pages");\n'.repeat(80)}`,
    'static/js/async/expose.1a2b.js': `export const StatsPerPax = "${'Statistiques par pensionnaire '.repeat(60)}";\n`,
    'static/js/async/late.3c4d.js': 'export const late = 1;\n',
    'static/css/async/expose.5e6f.css': `.stats { color: #1677ff; }\n${'.ligne { padding: 4px; }\n'.repeat(60)}`,
    'index.html': `<!doctype html><title>mf-stats autonome</title>${'<p>autonome</p>'.repeat(100)}`,
    'mockServiceWorker.js': `self.addEventListener("fetch", () => {});\n${'// msw\n'.repeat(200)}`,
    ...changes,
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  execFileSync(process.execPath, [COMPRESS_SCRIPT, dist]);
  return dist;
}

/**
 * The host's production dist (`host-shell/dist`) in `root`, pre-compressed: an index.html over 1 kB that names its
 * version and its hashed start-up script, its federation manifest, and the development registry the build copies.
 */
export function hostDistFixture(root: string, version: string): string {
  const dist = join(root, 'host-shell', 'dist');
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="fr"><head><title>EBAS3 ${version}</title><link rel="icon" href="/favicon.svg"><script defer src="/static/js/index.${version}.js"></script>${'<link rel="preload" as="script" href="/static/js/async/lib.0a1b.js">'.repeat(20)}</head><body><div id="root"></div></body></html>`,
    [`static/js/index.${version}.js`]: `console.log("hôte ${version}");\n${'export const libelle = "Réservations";\n'.repeat(40)}`,
    'static/js/async/lib.0a1b.js': 'export const lib = 1;\n',
    'static/js/async/later.9f8e.js': 'export const later = 1;\n',
    'mf-manifest.json': JSON.stringify({ id: 'host_shell', name: 'host_shell', metaData: {}, exposes: [] }),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    // The development registry the build copies: never part of a release, the API generates its own.
    'runtime-config.json': '{"apiBaseUrl":"http://localhost:3000/dev"}',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  execFileSync(process.execPath, [COMPRESS_SCRIPT, dist]);
  return dist;
}
