import { ENCODINGS } from './release-files';
import { RELEASE_MANIFEST, type ReleaseFile } from './release-manifest';
import { readCompleteRelease, releaseKey } from './release-package';
import type { ReleaseStore, StoredObject } from './release-store';

/** Complete releases whose file list is kept in memory (a release never changes, so they never go stale). */
const KNOWN_RELEASES = 64;

/** The encodings the client accepts (RFC 9110 §12.5.3): listed without `q=0`; `*` accepts both. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
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

export interface ReleaseFileRead {
  object: StoredObject;
  /** The pre-compressed variant sent, when one was chosen. */
  encoding?: 'br' | 'gzip' | undefined;
  /** The file has pre-compressed variants: the answer varies on Accept-Encoding. */
  varies: boolean;
  /** SHA-256 of the bytes sent (the variant's), from release.json: an ETag that needs no hashing. */
  sha256: string;
}

/**
 * Reads the files of complete releases (release.json written, release-package.ts), for the release files served
 * under /releases (plugins/release-files.ts) and the host served from its live release (plugins/static-site.ts):
 * a file by its path and the client's Accept-Encoding (brotli, then gzip), never a variant by its own name.
 */
export function createReleaseReader(store: ReleaseStore) {
  const releases = new Map<string, Map<string, ReleaseFile>>();

  async function files(remote: string, id: string): Promise<Map<string, ReleaseFile> | null> {
    const cacheKey = `${remote}/${id}`;
    const known = releases.get(cacheKey);
    if (known !== undefined) return known;
    const manifest = await readCompleteRelease(store, remote, id);
    if (manifest === null) return null;
    const list = new Map(manifest.files.map((file) => [file.path, file]));
    releases.set(cacheKey, list);
    if (releases.size > KNOWN_RELEASES) releases.delete(releases.keys().next().value ?? cacheKey);
    return list;
  }

  return {
    files,

    /** The file of a complete release, or null: no such release, no such file, or a variant asked by its name. */
    async read(
      remote: string,
      id: string,
      path: string,
      acceptEncoding: string | string[] | undefined,
    ): Promise<ReleaseFileRead | null> {
      const list = await files(remote, id);
      if (list === null) return null;
      const file = list.get(path);
      if (file === undefined && path !== RELEASE_MANIFEST) return null;
      // A variant is reached through its source's path and Accept-Encoding, not by its own name.
      if (
        ENCODINGS.some(
          ({ extension }) => path.endsWith(extension) && list.has(path.slice(0, -extension.length)),
        )
      )
        return null;
      const variants = ENCODINGS.filter(({ extension }) => list.has(`${path}${extension}`));
      const accepted = acceptedEncodings(acceptEncoding);
      const chosen = variants.find(({ encoding }) => accepted.has(encoding));
      const sentPath = `${path}${chosen?.extension ?? ''}`;
      const object = await store.get(releaseKey(remote, id, sentPath));
      if (object === null) return null;
      return {
        object,
        encoding: chosen?.encoding,
        varies: variants.length > 0,
        sha256: list.get(sentPath)?.sha256 ?? '',
      };
    },
  };
}

export type ReleaseReader = ReturnType<typeof createReleaseReader>;
