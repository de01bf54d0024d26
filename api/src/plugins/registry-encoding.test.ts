import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { registryEncoder } from './registry-encoding';

const registry = JSON.stringify({
  apiBaseUrl: '/api',
  declarations: Object.fromEntries(
    Array.from({ length: 40 }, (_, index) => [
      `route-${index}`,
      { path: `chemin-${index}`, title: `Page ${index}` },
    ]),
  ),
});

describe('the registry compressed', () => {
  it('sends brotli, else gzip, of a registry over 1 kB, and the same bytes for the same text', () => {
    const encode = registryEncoder();
    const brotli = encode(registry, 'gzip, deflate, br, zstd');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body as Buffer).toString()).toBe(registry);
    expect((brotli.body as Buffer).length).toBeLessThan(Buffer.byteLength(registry) / 4);
    expect(encode(registry, 'br').body).toBe(brotli.body);
    const gzip = encode(registry, 'gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(registry);
  });

  it('sends the text as it is without an accepted encoding, or under 1 kB', () => {
    const encode = registryEncoder();
    expect(encode(registry, undefined)).toEqual({ body: registry });
    expect(encode(registry, 'br;q=0, identity')).toEqual({ body: registry });
    expect(encode('{"apiBaseUrl":"/api","remotes":{}}', 'br')).toEqual({
      body: '{"apiBaseUrl":"/api","remotes":{}}',
    });
  });
});
