import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { RELEASE_FILES_PATH } from 'shared/contract';
import { IMMUTABLE, isFederationFile } from '../lib/release-store/release-files';
import { RELEASE_ID, RELEASE_REMOTE } from '../lib/release-store/release-manifest';
import { createReleaseReader } from '../lib/release-store/release-reader';
import type { ReleaseStore } from '../lib/release-store/release-store';

export interface ReleaseFilesOptions {
  store: ReleaseStore;
}

/** Where releases are served: `/releases/<remote>/<id>/<path>` (the registry's entries point there). */
export const RELEASES_PREFIX = RELEASE_FILES_PATH;

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
    const reader = createReleaseReader(store);
    const notFound = (reply: FastifyReply) => reply.callNotFound();

    app.get<{ Params: { remote: string; id: string; '*': string } }>(
      `${RELEASES_PREFIX}/:remote/:id/*`,
      async (request, reply) => {
        const { remote, id, '*': path } = request.params;
        if (!RELEASE_REMOTE.test(remote) || !RELEASE_ID.test(id) || !isFederationFile(path))
          return notFound(reply);
        const read = await reader.read(remote, id, path, request.headers['accept-encoding']);
        if (read === null) return notFound(reply);

        reply
          .header('content-type', read.object.contentType)
          .header('cache-control', IMMUTABLE)
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin');
        if (read.varies) reply.header('vary', 'Accept-Encoding');
        if (read.encoding !== undefined) reply.header('content-encoding', read.encoding);
        return reply.send(read.object.body);
      },
    );
  },
  { name: 'release-files' },
);
