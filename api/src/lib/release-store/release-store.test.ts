// The release store contract, run against the folder store and against a real S3-protocol server (s3rver).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { createFolderStore } from './folder-store';
import { InvalidStoreKeyError, type ReleaseStore } from './release-store';
import { createS3Store } from './s3-store';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const JS = 'text/javascript; charset=utf-8';

interface StoreUnderTest {
  store: ReleaseStore;
  /** Writes an object beside the store's own keys (outside its folder or prefix). */
  putOutside?: (key: string) => Promise<void>;
  close(): Promise<void>;
}

const implementations: [string, () => Promise<StoreUnderTest>][] = [
  [
    'folder',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'ebas3-releases-'));
      return {
        store: createFolderStore(join(root, 'releases')),
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3 (s3rver)',
    async () => {
      const server: TestS3Server = await startS3Server();
      return {
        store: createS3Store({ bucket: server.bucket, prefix: 'ebas3/releases', client: server.client }),
        putOutside: async (key) => {
          await server.client.send(
            new PutObjectCommand({ Bucket: server.bucket, Key: key, Body: Buffer.from('autre') }),
          );
        },
        close: () => server.close(),
      };
    },
  ],
];

describe.each(implementations)('release store: %s', (_name, open) => {
  let subject: StoreUnderTest;
  let store: ReleaseStore;
  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(() => subject.close());

  it('gives back a file over 1 MB and a .br variant byte for byte, with their content type and cache headers', async () => {
    const large = randomBytes(1_300_000);
    const script = Buffer.from(`export const pages = ${JSON.stringify('é'.repeat(4_000))};\n`);
    const compressed = brotliCompressSync(script);
    await store.put('mf-stats/r1/static/js/big.js', large, { contentType: JS, cacheControl: IMMUTABLE });
    await store.put('mf-stats/r1/static/js/big.js.br', compressed, {
      contentType: JS,
      cacheControl: IMMUTABLE,
      contentEncoding: 'br',
    });

    const big = await store.get('mf-stats/r1/static/js/big.js');
    expect(big).not.toBeNull();
    expect(big?.body.equals(large)).toBe(true);
    expect(big).toMatchObject({ size: large.length, contentType: JS, cacheControl: IMMUTABLE });
    expect(big?.contentEncoding).toBeUndefined();

    const variant = await store.get('mf-stats/r1/static/js/big.js.br');
    expect(variant?.body.equals(compressed)).toBe(true);
    expect(variant).toMatchObject({
      size: compressed.length,
      contentType: JS,
      cacheControl: IMMUTABLE,
      contentEncoding: 'br',
    });

    expect(await store.head('mf-stats/r1/static/js/big.js.br')).toEqual({
      size: compressed.length,
      contentType: JS,
      cacheControl: IMMUTABLE,
      contentEncoding: 'br',
    });
    expect(await store.head('mf-stats/r1/static/js/big.js')).toEqual({
      size: large.length,
      contentType: JS,
      cacheControl: IMMUTABLE,
    });
  });

  it('lists the keys under a prefix, sub-folders included, sorted, and only the store’s own', async () => {
    const json = { contentType: 'application/json', cacheControl: IMMUTABLE };
    for (const key of [
      'mf-demandes/r9/mf-manifest.json',
      'mf-stats/r2/mf-manifest.json',
      'mf-stats/r2/a/b/c.json',
    ])
      await store.put(key, Buffer.from('{}'), json);
    await subject.putOutside?.('ebas3/other/mf-stats/r2/intrus.json');
    await subject.putOutside?.('mf-stats/r2/intrus.json');

    expect(await store.list('mf-stats/r2/')).toEqual([
      'mf-stats/r2/a/b/c.json',
      'mf-stats/r2/mf-manifest.json',
    ]);
    // A plain string prefix, as S3's: `mf-stats/r` names both releases.
    expect(await store.list('mf-stats/r')).toEqual([
      'mf-stats/r1/static/js/big.js',
      'mf-stats/r1/static/js/big.js.br',
      'mf-stats/r2/a/b/c.json',
      'mf-stats/r2/mf-manifest.json',
    ]);
    expect(await store.list('')).toEqual([
      'mf-demandes/r9/mf-manifest.json',
      'mf-stats/r1/static/js/big.js',
      'mf-stats/r1/static/js/big.js.br',
      'mf-stats/r2/a/b/c.json',
      'mf-stats/r2/mf-manifest.json',
    ]);
    expect(await store.list('mf-referentiel/')).toEqual([]);
  });

  it('answers null for a missing key and forgets a deleted one (deleting twice is no error)', async () => {
    expect(await store.get('mf-stats/r2/absent.js')).toBeNull();
    expect(await store.head('mf-stats/r2/absent.js')).toBeNull();
    expect(await store.get('mf-absent/r1/remoteEntry.js')).toBeNull();

    await store.delete('mf-stats/r2/a/b/c.json');
    await store.delete('mf-stats/r2/a/b/c.json');
    expect(await store.get('mf-stats/r2/a/b/c.json')).toBeNull();
    expect(await store.head('mf-stats/r2/a/b/c.json')).toBeNull();
    expect(await store.list('mf-stats/r2/')).toEqual(['mf-stats/r2/mf-manifest.json']);
  });

  it('overwrites a key (immutability is the publisher’s and the registry’s, not the store’s)', async () => {
    await store.put('mf-stats/r3/x.txt', Buffer.from('un'), {
      contentType: 'text/plain',
      cacheControl: 'no-cache',
    });
    await store.put('mf-stats/r3/x.txt', Buffer.from('deux'), {
      contentType: 'text/css',
      cacheControl: IMMUTABLE,
    });
    const object = await store.get('mf-stats/r3/x.txt');
    expect(object?.body.toString()).toBe('deux');
    expect(object).toMatchObject({ contentType: 'text/css', cacheControl: IMMUTABLE });
  });

  it.each([
    '../x.js',
    'mf-stats/../../x.js',
    'mf-stats/./x.js',
    '/mf-stats/x.js',
    'mf-stats//x.js',
    '..',
    '',
    'a\\..\\b',
    '.headers/x.json',
    'mf-stats/.tmp/x',
    'mf-stats/a\nb.js',
  ])('refuses the key %j, which could leave the store’s folder or prefix', async (key) => {
    const headers = { contentType: 'text/plain', cacheControl: IMMUTABLE };
    await expect(store.put(key, Buffer.from('x'), headers)).rejects.toBeInstanceOf(InvalidStoreKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidStoreKeyError);
    await expect(store.head(key)).rejects.toBeInstanceOf(InvalidStoreKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidStoreKeyError);
    if (key !== '') await expect(store.list(key)).rejects.toBeInstanceOf(InvalidStoreKeyError);
  });
});
