/**
 * `/runtime-config.json` compressed (issue 37 §5): with the remotes' routes and menu entries (issue 38 §3) the registry
 * is ≈ 6 kB of JSON on the login page and the dashboard, ≈ 1 kB with brotli. The text changes only with the registry,
 * so each encoding is computed once per text (the last few kept) rather than per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptedEncodings } from '../lib/release-store/release-reader';

/** Below this, headers outweigh what compression saves (the same threshold as the API's JSON answers). */
const MIN_BYTES = 1024;
const KEPT_TEXTS = 4;

export interface EncodedRegistry {
  body: string | Buffer;
  encoding?: 'br' | 'gzip';
}

export function registryEncoder() {
  const kept = new Map<string, { br?: Buffer; gzip?: Buffer }>();
  return (text: string, acceptEncoding: string | string[] | undefined): EncodedRegistry => {
    if (Buffer.byteLength(text) < MIN_BYTES) return { body: text };
    const accepted = acceptedEncodings(acceptEncoding);
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
    if (encoding === undefined) return { body: text };
    let variants = kept.get(text);
    if (variants === undefined) {
      if (kept.size >= KEPT_TEXTS) kept.delete(kept.keys().next().value as string);
      variants = {};
      kept.set(text, variants);
    }
    variants[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(text, { level: 9 });
    return { body: variants[encoding], encoding };
  };
}
