/**
 * The API's JSON answers compressed when the client accepts it (docs/performance.md « JSON compression »): a 50-row
 * reservations page is about 40 kB of JSON, 4 kB in gzip.
 *
 * Registered inside the `/api` scope (app.ts): the site's files are served pre-compressed by static-site.ts and the
 * socket.io transport is not a Fastify route, so neither passes here. Only JSON is compressed — the exports (PDF,
 * Excel: already compressed archives), the stored attachments and the stats files go out as they are — and only from
 * 1 kB: below, the header and the compressor's framing eat what is saved. Requests' bodies are read as before (no
 * decompression of requests).
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Below this many bytes an answer is sent as is. */
export const COMPRESSION_THRESHOLD = 1024;

/** The media types compressed: JSON, `application/json` or `application/…+json`, with or without parameters. */
export const COMPRESSED_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * Brotli at quality 1 when the client accepts it, else gzip at level 1 (docs/performance.md « JSON compression »
 * has the measures): on 50-row pages brotli 1 is both the smallest of the fast settings (8.5 % of the JSON) and the
 * cheapest (~90 µs a page against ~130 for gzip 1); browsers offer it over HTTPS only, and gzip 1 (9.8 %) serves
 * the others. Higher settings save a few hundred bytes for two to four times the CPU on the API's main thread.
 */
export const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSED_TYPES,
    zlibOptions: { level: GZIP_LEVEL },
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // A whole answer compressed at once on the main thread (about 0.1 ms for a 40 kB page) rather than through a
    // zlib stream and the thread pool (the default above 8 kB on 2 cores): the answers are buffered anyway.
    syncThreshold: 256 * 1024,
    globalDecompression: false,
  });
}
