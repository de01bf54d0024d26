import { extname } from 'node:path';

/** Every file of a release is at a versioned path that never changes content: cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A remote's dist also holds its standalone mode: an HTML page that starts the mock API (mockServiceWorker.js) and
 * stores a fake token. Production serves only what federation loads (manifest, remoteEntry.js, static/**): the
 * static site (plugins/static-site.ts) and a remote's release (release-package.ts) both leave the rest out.
 */
const STANDALONE_ONLY = /(\.html|^\/?mockServiceWorker\.js)(\.br|\.gz)?$/;
export const isFederationFile = (path: string) => !STANDALONE_ONLY.test(path);

/**
 * The host's release is its whole production build (index.html, its scripts, the favicon, its federation manifest)
 * but the development registry the build copies beside it: `/runtime-config.json` is the registry's, served by the API.
 */
const HOST_BUILD_ONLY = /^runtime-config\.json(\.br|\.gz)?$/;
export const isHostReleaseFile = (path: string) => !HOST_BUILD_ONLY.test(path);

/** The pre-compressed variants scripts/compress-dist.mjs writes beside a file, and their Content-Encoding. */
export const ENCODINGS = [
  { extension: '.br', encoding: 'br' },
  { extension: '.gz', encoding: 'gzip' },
] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/**
 * The headers a release file is stored and served with: its type from the extension (a variant `x.js.br` has the
 * type of `x.js` and Content-Encoding br), immutable.
 */
export function releaseFileHeaders(path: string): {
  contentType: string;
  cacheControl: string;
  contentEncoding?: string;
} {
  const variant = ENCODINGS.find(({ extension }) => path.endsWith(extension));
  const source = variant === undefined ? path : path.slice(0, -variant.extension.length);
  const contentType = CONTENT_TYPES[extname(source).toLowerCase()] ?? 'application/octet-stream';
  return {
    contentType,
    cacheControl: IMMUTABLE,
    ...(variant === undefined ? {} : { contentEncoding: variant.encoding }),
  };
}
