// scripts/compress-dist.mjs, run as `pnpm build` runs it; the files it writes are what static-site.ts serves.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/compress-dist.mjs', import.meta.url));

const text = (line: string, times: number) => line.repeat(times);
const FILES: Record<string, string | Buffer> = {
  'index.html': `<!doctype html><html lang="fr">${text('<link rel="preload" as="script">', 40)}</html>`,
  'mf-manifest.json': JSON.stringify({
    shared: Array.from({ length: 80 }, (_, i) => ({ name: `lib-${i}` })),
  }),
  // Real code (this very file) for the settings' test: repeated lines would compress the same at any level.
  'static/js/main.1a2b.js': readFileSync(fileURLToPath(import.meta.url)),
  'static/js/async/412.9c1d.js': text('import("./chunk");\n', 80),
  'static/css/main.3c4d.css': text('.ant-table { color: #1f1f1f; }\n', 60),
  'static/svg/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${text('<path d="M0 0h10v10H0z"/>', 60)}</svg>`,
  'static/js/main.1a2b.js.LICENSE.txt': text('Copyright (c) Meta Platforms, Inc. and affiliates.\n', 30),
  'static/js/main.1a2b.js.map': JSON.stringify({ version: 3, mappings: text('AAAA,CAAC;', 200) }),
  // Under 1 kB: left alone.
  'static/js/small.5e6f.js': 'console.log("petit")',
  // Not a text asset.
  'static/image/photo.png': Buffer.alloc(4096, 7),
  // Random bytes do not compress: no variant that would be larger than the file.
  'static/js/random.7a8b.txt': randomBytes(3000),
};

let dist: string;
const run = () => execFileSync(process.execPath, [SCRIPT, dist], { encoding: 'utf8' });
const variants = () =>
  readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(br|gz)$/.test(path))
    .map((path) => relative(dist, join(dist, path)))
    .sort();

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'ebas3-dist-'));
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  // A variant left by an earlier build of a file that no longer compresses.
  writeFileSync(join(dist, 'static/js/random.7a8b.txt.br'), 'périmé');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('compress-dist', () => {
  it('writes brotli and gzip beside every text asset of 1 kB or more, and only there', () => {
    expect(run()).toMatch(/^Compression : 9 fichiers dans 1 dossiers/);
    const compressed = Object.keys(FILES).filter((path) => !/small|photo|random/.test(path));
    expect(variants()).toEqual(compressed.flatMap((path) => [`${path}.br`, `${path}.gz`]).sort());
    expect(existsSync(join(dist, 'static/js/random.7a8b.txt.br'))).toBe(false);
  });

  it('gives back the very bytes of the file, smaller, with its modification time', () => {
    for (const path of Object.keys(FILES).filter((name) => existsSync(join(dist, `${name}.br`)))) {
      const original = readFileSync(join(dist, path));
      const br = readFileSync(join(dist, `${path}.br`));
      const gz = readFileSync(join(dist, `${path}.gz`));
      expect(brotliDecompressSync(br).equals(original), path).toBe(true);
      expect(gunzipSync(gz).equals(original), path).toBe(true);
      expect(br.length, path).toBeLessThan(original.length);
      expect(gz.length, path).toBeLessThan(original.length);
      // Last-Modified has a one-second resolution.
      const seconds = (file: string) => Math.floor(statSync(join(dist, file)).mtimeMs / 1000);
      expect(seconds(`${path}.br`), path).toBe(seconds(path));
      expect(seconds(`${path}.gz`), path).toBe(seconds(path));
    }
  });

  it('uses the strongest settings: brotli quality 11, gzip level 9', () => {
    const original = readFileSync(join(dist, 'static/js/main.1a2b.js'));
    const gzip9 = gzipSync(original, { level: 9 });
    expect(readFileSync(join(dist, 'static/js/main.1a2b.js.gz')).equals(gzip9)).toBe(true);
    expect(gzip9.length).toBeLessThan(gzipSync(original, { level: 4 }).length);
    const br = readFileSync(join(dist, 'static/js/main.1a2b.js.br'));
    expect(br.length).toBeLessThanOrEqual(
      brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    );
    expect(br.length).toBeLessThan(
      brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
    );
  });

  it('can run again on its own output: same variants, none of a variant', () => {
    const before = variants().map((path) => readFileSync(join(dist, path)));
    run();
    expect(variants().map((path) => readFileSync(join(dist, path)))).toEqual(before);
  });

  it('fails in French on a folder that does not exist', () => {
    expect(() =>
      execFileSync(process.execPath, [SCRIPT, join(dist, 'absent')], { encoding: 'utf8', stdio: 'pipe' }),
    ).toThrow(/introuvable/);
  });
});
