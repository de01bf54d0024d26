import { BadRequestError } from '../../errors';

/** The HTTP headers a stored object is served with: kept beside its bytes, given back by `get` and `head`. */
export interface StoredObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** `br` or `gzip` for a pre-compressed variant (`x.js.br`); absent for the file itself. */
  contentEncoding?: string | undefined;
}

export interface StoredObjectInfo extends StoredObjectHeaders {
  /** Bytes stored (the encoded size for a variant). */
  size: number;
}

export interface StoredObject extends StoredObjectInfo {
  body: Buffer;
}

/**
 * Where releases live (docs/deployment.md « Livrer un module »): a flat map from key to bytes and headers, keys being
 * `/`-separated paths (`mf-stats/<id>/remoteEntry.js`). Two implementations: a folder (folder-store.ts) and an
 * S3-compatible bucket (s3-store.ts); one contract test suite runs against both (release-store.test.ts).
 *
 * The store does not enforce immutability (S3-compatible servers such as s3rver ignore conditional writes): `put`
 * overwrites. A release is never rewritten because publishing checks its `release.json` first (release-package.ts)
 * and the registry refuses a second release under the same id.
 */
export interface ReleaseStore {
  /** A short description for logs and messages: the folder or `s3://bucket/prefix`. */
  readonly description: string;
  put(key: string, body: Buffer, headers: StoredObjectHeaders): Promise<void>;
  /** The bytes and headers, or null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  /** The headers and size without the bytes, or null when there is no such key. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Every key starting with `prefix` (a plain string prefix, as S3's), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Removes a key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class InvalidStoreKeyError extends BadRequestError {
  override name = 'InvalidStoreKeyError';
  constructor(key: string) {
    super(`Chemin de fichier de version invalide : « ${key} ».`);
  }
}

const MAX_KEY_LENGTH = 900;

/**
 * A key is a relative path of non-empty segments: no `.` or `..` (it would escape the store's folder or prefix), no
 * segment starting with a dot (the folder store keeps its headers and temporary files there), no backslash, no
 * control character. Throws InvalidStoreKeyError otherwise.
 */
export function checkStoreKey(key: string): string {
  if (
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    key.includes('\\') ||
    [...key].some((char) => char.charCodeAt(0) < 0x20)
  )
    throw new InvalidStoreKeyError(key);
  if (key.split('/').some((segment) => segment === '' || segment.startsWith('.')))
    throw new InvalidStoreKeyError(key);
  return key;
}

/** A list prefix: empty, or a key, possibly ending with `/`. */
export function checkStorePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkStoreKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}
