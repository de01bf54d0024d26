/**
 * The host served from its live release (issue 38 §1): once `pnpm release host-shell` has published a release and
 * `pnpm registry promote host-shell <id>` has put it live, `/`, the SPA fallback and the host's files come from that
 * release in the store rather than from WEB_ROOT's host-shell/dist; a rollback serves the previous one on the next
 * request. The same rules as the build's: index.html and the other entry files revalidated (ETag, 304), the hashed
 * files immutable, the pre-compressed variant chosen by Accept-Encoding. A remote's promote moves only its own
 * pointer: the host's files stay the same bytes. A hashed chunk of an earlier host release stays served while the
 * retention keeps that release: an open tab still running it keeps loading its lazy chunks after a host promote.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE } from '../lib/release-store/release-files';
import { createReleaseReader } from '../lib/release-store/release-reader';
import { HOST_RELEASE } from '../lib/release-store/release-manifest';
import type { ReleaseStore } from '../lib/release-store/release-store';
import type { ServedRegistry } from '../modules/releases';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';

/** Entry points that name hashed files: they must be revalidated, or a deploy is never seen. */
const REVALIDATED_FILES = new Set([
  'index.html',
  'mf-manifest.json',
  'runtime-config.json',
  'remoteEntry.js',
]);
export const NO_CACHE = 'no-cache';
const ENCODED_VARIANT = /\.(br|gz)$/;

/** The Cache-Control of a file of the host or of a remote's build; `path` may be a variant (`index.html.br`). */
export function staticCacheControl(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(ENCODED_VARIANT, '');
  return REVALIDATED_FILES.has(name) ? NO_CACHE : IMMUTABLE;
}

/** The build's hashed scripts and styles (`static/js/…`, `static/css/…`), whatever the app; `path` may be relative. */
const HASHED_ASSET = /(^|[\\/])static[\\/](?:js|css)[\\/].+\.(?:js|css)$/;

/** Removes DOCUMENT_ONLY_HEADERS (CSP, framing…), which security-headers.ts set on the raw response when it came in. */
export function removeDocumentHeaders(reply: FastifyReply): void {
  for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
}

/** A hashed script or style is not a page: the headers only a page obeys go (≈ 1 kB a response). */
export function withoutDocumentHeaders(reply: FastifyReply, path: string): void {
  if (HASHED_ASSET.test(path.replace(ENCODED_VARIANT, ''))) removeDocumentHeaders(reply);
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): a list of tags, `W/` prefixes ignored, or `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export interface HostReleaseServer {
  /** The id of the host's live release, or undefined: the host is then served from WEB_ROOT. */
  liveId(): Promise<string | undefined>;
  /** Answers `path` (`/`, `/dashboard`, `/static/js/x.js`) from the release `id`: a page path gets index.html. */
  send(request: FastifyRequest, reply: FastifyReply, id: string, path: string): Promise<FastifyReply>;
}

/** How long the list of the host's releases in the store is reused, for the chunks of an open tab's older host. */
const HOST_RELEASES_LIST_MS = 10_000;

export function hostReleaseServer(store: ReleaseStore, registry: ServedRegistry): HostReleaseServer {
  const reader = createReleaseReader(store);
  let listed: { at: number; ids: Promise<string[]> } | undefined;
  /** The host's releases in the store, newest id first (ids start with their date): those the retention kept. */
  const hostReleaseIds = (): Promise<string[]> => {
    const now = Date.now();
    if (listed === undefined || now - listed.at >= HOST_RELEASES_LIST_MS) {
      const prefix = `${HOST_RELEASE}/`;
      const ids = store.list(prefix).then((keys) =>
        keys
          .filter((key) => key.endsWith('/release.json') && key.split('/').length === 3)
          .map((key) => key.slice(prefix.length, -'/release.json'.length))
          .sort((a, b) => b.localeCompare(a)),
      );
      // A failed listing is not kept: the next miss lists again.
      ids.catch(() => (listed = undefined));
      listed = { at: now, ids };
    }
    return listed.ids;
  };

  /**
   * A hashed script or style the live release lacks: a tab opened on an earlier host asks for its own lazy chunks
   * (at the root, like every host file), so they are served from the release that has them while the retention
   * keeps it (`pnpm registry gc`). Hashed names: the same name is the same bytes, whichever release has it.
   */
  async function readFromEarlierRelease(
    liveId: string,
    file: string,
    acceptEncoding: string | string[] | undefined,
  ) {
    if (!HASHED_ASSET.test(file)) return null;
    for (const id of await hostReleaseIds()) {
      if (id === liveId) continue;
      const read = await reader.read(HOST_RELEASE, id, file, acceptEncoding);
      if (read !== null) return read;
    }
    return null;
  }

  return {
    async liveId() {
      return (await registry.liveReleases()).find((release) => release.remote === HOST_RELEASE)?.id;
    },

    async send(request, reply, id, path) {
      const lastSegment = path.slice(path.lastIndexOf('/') + 1);
      // A file name (with an extension) is a real asset: 404 when absent, never index.html.
      const file = lastSegment.includes('.') ? path.slice(1) : 'index.html';
      const read =
        (await reader.read(HOST_RELEASE, id, file, request.headers['accept-encoding'])) ??
        (await readFromEarlierRelease(id, file, request.headers['accept-encoding']));
      if (read === null) {
        reply.callNotFound();
        return reply;
      }
      // Each encoding is its own representation: the ETag is the hash of the bytes sent.
      const etag = `"${Buffer.from(read.sha256, 'hex').toString('base64url').slice(0, 27)}"`;
      reply.header('cache-control', staticCacheControl(file)).header('etag', etag);
      withoutDocumentHeaders(reply, file);
      if (read.varies) reply.header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.header('content-type', read.object.contentType);
      if (read.encoding !== undefined) reply.header('content-encoding', read.encoding);
      return reply.send(read.object.body);
    },
  };
}
