// Pre-compresses the production build: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
// beside every text asset of at least 256 bytes, which the API serves by Accept-Encoding (api/src/plugins/static-site.ts).
// `node scripts/compress-dist.mjs [dist-folder…]`; without arguments: host-shell/dist and every mf-*/dist.
// Run by `pnpm build` after the workspace build; idempotent (the variants are rewritten from their source each time).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Extensions worth compressing; images other than SVG, fonts and archives are compressed already. */
export const COMPRESSED_EXTENSIONS = ['.js', '.css', '.html', '.json', '.svg', '.txt', '.map'];
/**
 * Below this, the saved bytes do not pay for the extra file and the Content-Encoding header (~25 bytes). The host's
 * index.html (~1,000 bytes, half of it once compressed) is above it.
 */
export const MIN_SIZE = 256;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const ENCODINGS = [
  {
    extension: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data) => gzipAsync(data, { level: 9 }) },
];

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes the `.br` and `.gz` variants of one file; a variant that would not be smaller is not written (and a stale
 * one is removed), so the server falls back to the next encoding or to the file itself.
 * @returns {Promise<{ raw: number, br: number, gz: number }>} the sizes served for each encoding
 */
async function compressFile(path) {
  const [data, stats] = await Promise.all([readFile(path), stat(path)]);
  const sizes = { raw: data.length, br: data.length, gz: data.length };
  for (const { extension, compress } of ENCODINGS) {
    const target = path + extension;
    const compressed = await compress(data);
    if (compressed.length < data.length) {
      await writeFile(target, compressed);
      // Same Last-Modified as the source for every encoding of it.
      await utimes(target, stats.atime, stats.mtime);
      sizes[extension.slice(1)] = compressed.length;
    } else {
      await rm(target, { force: true });
    }
  }
  return sizes;
}

/**
 * Compresses every eligible file under `dirs`, several at a time (zlib runs on libuv's thread pool).
 * @param {string[]} dirs
 * @returns {Promise<{ file: string, raw: number, br: number, gz: number }[]>}
 */
export async function compressDist(dirs) {
  const files = [];
  for (const dir of dirs) {
    for await (const path of walk(dir)) {
      if (!COMPRESSED_EXTENSIONS.some((extension) => path.endsWith(extension))) continue;
      if ((await stat(path)).size < MIN_SIZE) continue;
      files.push(path);
    }
  }
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      results.push({ file, ...(await compressFile(file)) });
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return results.sort((a, b) => b.raw - a.raw);
}

/** host-shell/dist and every mf-*\/dist that exists under the repository root. */
export function defaultDistFolders(root) {
  return ['host-shell', ...readdirSync(root).filter((name) => name.startsWith('mf-'))]
    .map((name) => join(root, name, 'dist'))
    .filter((dir) => existsSync(dir) && statSync(dir).isDirectory());
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const args = process.argv.slice(2);
  const dirs = args.length > 0 ? args.map((dir) => resolve(dir)) : defaultDistFolders(root);
  for (const dir of dirs) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      console.error(`Dossier introuvable : ${dir}`);
      process.exit(1);
    }
  }
  if (dirs.length === 0) {
    console.error('Aucun dossier dist à compresser : lancez d’abord la construction (pnpm build).');
    process.exit(1);
  }
  const started = performance.now();
  const results = await compressDist(dirs);
  const total = results.reduce(
    (sum, { raw, br, gz }) => ({ raw: sum.raw + raw, br: sum.br + br, gz: sum.gz + gz }),
    { raw: 0, br: 0, gz: 0 },
  );
  console.info(
    `Compression : ${results.length} fichiers dans ${dirs.length} dossiers, ${kB(total.raw)} → brotli ${kB(total.br)}, gzip ${kB(total.gz)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
