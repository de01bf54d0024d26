import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { RELEASE_FILES_PATH } from 'shared/contract';
import { ENCODINGS, IMMUTABLE, isFederationFile } from '../lib/release-store/release-files';
import {
  RELEASE_ID,
  RELEASE_MANIFEST,
  RELEASE_REMOTE,
  type ReleaseFile,
} from '../lib/release-store/release-manifest';
import { readCompleteRelease, releaseKey } from '../lib/release-store/release-package';
import type { ReleaseStore } from '../lib/release-store/release-store';

export interface ReleaseFilesOptions {
  store: ReleaseStore;
}

/** Where releases are served: `/releases/<remote>/<id>/<path>` (the registry's entries point there). */
export const RELEASES_PREFIX = RELEASE_FILES_PATH;

/** Complete releases whose file list is kept in memory (a release never changes, so they never go stale). */
const KNOWN_RELEASES = 64;

/** The encodings the client accepts (RFC 9110 §12.5.3): listed without `q=0`; `*` accepts both. */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === '*') ENCODINGS.forEach(({ encoding }) => accepted.add(encoding));
    else accepted.add(name);
  }
  return accepted;
}

/**
 * Serves the releases of the store (lib/release-store, RELEASE_STORE): every file of a complete release at its
 * versioned path, `immutable` — the manifest and remoteEntry.js included, since a new release has a new path. A
 * file's pre-compressed variant is chosen by Accept-Encoding (brotli, then gzip), as the static site does. Only
 * complete releases (their release.json written, release-package.ts) and only federation files: an incomplete
 * release, a missing file, a standalone page or a variant asked by its own name answer 404. Manifests and chunks are
 * fetched cross-origin by a host on another origin, as the static site's remotes are.
 */
export default fp<ReleaseFilesOptions>(
  async (app, { store }) => {
    const releases = new Map<string, Map<string, ReleaseFile>>();

    async function releaseFiles(remote: string, id: string): Promise<Map<string, ReleaseFile> | null> {
      const cacheKey = `${remote}/${id}`;
      const known = releases.get(cacheKey);
      if (known !== undefined) return known;
      const manifest = await readCompleteRelease(store, remote, id);
      if (manifest === null) return null;
      const files = new Map(manifest.files.map((file) => [file.path, file]));
      releases.set(cacheKey, files);
      if (releases.size > KNOWN_RELEASES) releases.delete(releases.keys().next().value ?? cacheKey);
      return files;
    }

    const notFound = (reply: FastifyReply) => reply.callNotFound();

    app.get<{ Params: { remote: string; id: string; '*': string } }>(
      `${RELEASES_PREFIX}/:remote/:id/*`,
      async (request, reply) => {
        const { remote, id, '*': path } = request.params;
        if (!RELEASE_REMOTE.test(remote) || !RELEASE_ID.test(id) || !isFederationFile(path))
          return notFound(reply);
        const files = await releaseFiles(remote, id);
        if (files === null || !(path === RELEASE_MANIFEST || files.has(path))) return notFound(reply);
        // A variant is reached through its source's path and Accept-Encoding, not by its own name.
        if (
          ENCODINGS.some(
            ({ extension }) => path.endsWith(extension) && files.has(path.slice(0, -extension.length)),
          )
        )
          return notFound(reply);

        const variants = ENCODINGS.filter(({ extension }) => files.has(`${path}${extension}`));
        const accepted = acceptedEncodings(request.headers['accept-encoding']);
        const chosen = variants.find(({ encoding }) => accepted.has(encoding));
        const object = await store.get(releaseKey(remote, id, `${path}${chosen?.extension ?? ''}`));
        if (object === null) return notFound(reply);

        reply
          .header('content-type', object.contentType)
          .header('cache-control', IMMUTABLE)
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin');
        if (variants.length > 0) reply.header('vary', 'Accept-Encoding');
        if (chosen !== undefined) reply.header('content-encoding', chosen.encoding);
        return reply.send(object.body);
      },
    );
  },
  { name: 'release-files' },
);
