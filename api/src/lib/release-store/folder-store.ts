import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import {
  checkStoreKey,
  checkStorePrefix,
  type ReleaseStore,
  type StoredObject,
  type StoredObjectHeaders,
  type StoredObjectInfo,
} from './release-store';

/** Headers of `<root>/<key>` live in `<root>/.headers/<key>.json`; temporary files in `<root>/.tmp/`. */
const HEADERS_DIR = '.headers';
const TEMP_DIR = '.tmp';

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/**
 * The default store: a folder (RELEASE_STORE unset: `<DATA_DIR>/releases`). Each object is its file at its key's path,
 * so the folder can also be served by any static server; its headers are a JSON side file under `.headers/` (keys
 * never start a segment with a dot, so no key reaches them). Writes are atomic: the bytes and the headers are written
 * to `.tmp/` and renamed into place, headers first: a reader sees the whole old object or the whole new one, and a
 * crash leaves at worst a stray file in `.tmp/`.
 */
export function createFolderStore(root: string): ReleaseStore {
  const filePath = (key: string) => join(root, ...checkStoreKey(key).split('/'));
  const headersPath = (key: string) => join(root, HEADERS_DIR, ...`${key}.json`.split('/'));

  async function writeAtomically(target: string, bytes: Buffer | string): Promise<void> {
    const temp = join(root, TEMP_DIR, `${randomBytes(8).toString('hex')}.tmp`);
    await mkdir(dirname(temp), { recursive: true });
    await writeFile(temp, bytes);
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function readHeaders(key: string): Promise<StoredObjectHeaders> {
    const { contentType, cacheControl, contentEncoding } = JSON.parse(
      await readFile(headersPath(key), 'utf8'),
    ) as StoredObjectHeaders;
    return { contentType, cacheControl, ...(contentEncoding === undefined ? {} : { contentEncoding }) };
  }

  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) yield* walk(join(dir, entry.name), `${keyPrefix}${entry.name}/`);
      else if (entry.isFile()) yield `${keyPrefix}${entry.name}`;
    }
  }

  return {
    description: root,

    async put(key, body, headers) {
      const target = filePath(key);
      const { contentType, cacheControl, contentEncoding } = headers;
      await writeAtomically(headersPath(key), JSON.stringify({ contentType, cacheControl, contentEncoding }));
      await writeAtomically(target, body);
    },

    async get(key): Promise<StoredObject | null> {
      const path = filePath(key);
      try {
        const body = await readFile(path);
        return { body, size: body.length, ...(await readHeaders(key)) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async head(key): Promise<StoredObjectInfo | null> {
      const path = filePath(key);
      try {
        const { size } = await stat(path);
        return { size, ...(await readHeaders(key)) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async list(prefix) {
      checkStorePrefix(prefix);
      // Walk only the folder the prefix names (`mf-stats/2026…` → `mf-stats/`), then filter on the whole prefix.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
      const keys: string[] = [];
      for await (const key of walk(join(root, ...folder.split('/').filter(Boolean)), folder)) {
        if (key.startsWith(prefix)) keys.push(key);
      }
      return keys.sort();
    },

    async delete(key) {
      const path = filePath(key);
      await rm(path, { force: true });
      await rm(headersPath(key), { force: true });
      // Leave no empty folder behind a deleted release, up to the root.
      let dir = dirname(path);
      while (dir.startsWith(root + sep) && dir !== root) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
        dir = dirname(dir);
      }
    },
  };
}
