import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { join, relative, sep } from 'node:path';
import { AppError, ConflictError } from '../../errors';
import { pageFirstVisit } from './page-first-visit';
import { readReleaseDeclarations } from './release-declarations';
import { IMMUTABLE, isFederationFile, releaseFileHeaders } from './release-files';
import {
  RELEASE_MANIFEST,
  RELEASE_SCHEMA_VERSION,
  type ReleaseFile,
  type ReleaseManifest,
} from './release-manifest';
import { buildCompatibility } from './release-requirements';
import type { ReleaseStore } from './release-store';

/** The dist folder is not a remote's production build (no readable mf-manifest.json, or no such folder). */
export class ReleaseBuildError extends AppError {
  override name = 'ReleaseBuildError';
  constructor(message: string, options?: ErrorOptions) {
    super(422, message, options);
  }
}

/** Publishing an id already in the store with other bytes: a release never changes (a retried pipeline is fine). */
export class ReleaseConflictError extends ConflictError {
  override name = 'ReleaseConflictError';
  constructor(remote: string, id: string) {
    super(`La version ${id} de ${remote} est déjà publiée avec d'autres fichiers.`);
  }
}

export interface PackageReleaseOptions {
  remote: string;
  distDir: string;
  /** The full commit the dist was built from, and its committer date: the id's date is the commit's, not the build's. */
  commit: string;
  commitDate: Date;
  /** Which dist files belong to the release; the federation files by default (isFederationFile). */
  include?: (path: string) => boolean;
  /** Defaults: now, and `user@host`. */
  builtAt?: Date;
  builder?: string;
}

export interface ReleasePackage {
  manifest: ReleaseManifest;
  /** The dist folder the files are read from when publishing. */
  distDir: string;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Every file of `distDir` the filter keeps (path relative, `/`-separated), with size and SHA-256, sorted by path. */
export async function hashReleaseFiles(
  distDir: string,
  include: (path: string) => boolean = isFederationFile,
): Promise<ReleaseFile[]> {
  const files: ReleaseFile[] = [];
  for await (const absolute of walk(distDir)) {
    const path = relative(distDir, absolute).split(sep).join('/');
    // release.json is the publisher's, and dotfiles are never release content (the store refuses them).
    if (path === RELEASE_MANIFEST || path.split('/').some((segment) => segment.startsWith('.'))) continue;
    if (!include(path)) continue;
    const bytes = await readFile(absolute);
    files.push({ path, size: bytes.length, sha256: sha256(bytes) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `20261207-002700`: the commit's date, in UTC, sortable. */
const compactDate = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');

/**
 * The release id, a function of the content only: the commit's date and short hash, then 12 hex digits of a SHA-256
 * over the sorted `path sha256` lines. The same commit built twice (byte-identical output) gives the same id; a
 * rebuilt file, a renamed file or another commit gives another.
 */
export function releaseId(commit: string, commitDate: Date, files: readonly ReleaseFile[]): string {
  const lines = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => `${file.path} ${file.sha256}\n`)
    .join('');
  return `${compactDate(commitDate)}-${commit.slice(0, 7)}-${sha256(lines).slice(0, 12)}`;
}

interface FederationManifest {
  metaData?: { pluginVersion?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

async function readFederationManifest(distDir: string): Promise<FederationManifest> {
  const path = join(distDir, 'mf-manifest.json');
  try {
    return JSON.parse(await readFile(path, 'utf8')) as FederationManifest;
  } catch (error) {
    throw new ReleaseBuildError(
      `${path} est introuvable ou illisible : ce dossier n'est pas la construction de production d'un module (pnpm --filter ./<module> build).`,
      { cause: error },
    );
  }
}

/** The first visit's files (manifest, remoteEntry.js, the exposes' synchronous assets) and their brotli bytes. */
function firstVisit(
  manifest: FederationManifest,
  files: readonly ReleaseFile[],
): ReleaseManifest['firstVisit'] {
  const sizes = new Map(files.map((file) => [file.path, file.size]));
  const entry = manifest.metaData?.remoteEntry;
  const entryPath = [entry?.path, entry?.name ?? 'remoteEntry.js'].filter(Boolean).join('/');
  const paths = new Set(['mf-manifest.json', entryPath]);
  for (const expose of manifest.exposes ?? []) {
    for (const path of [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])])
      paths.add(path);
  }
  const listed = [...paths].filter((path) => sizes.has(path)).sort();
  const brotliBytes = listed.reduce(
    (sum, path) => sum + (sizes.get(`${path}.br`) ?? sizes.get(path) ?? 0),
    0,
  );
  return { brotliBytes, files: listed };
}

/**
 * A built remote's dist folder as a release: its files hashed, its id from the content, its release.json. The dist
 * must already hold its pre-compressed variants (scripts/compress-dist.mjs: `pnpm release` runs it after the build).
 */
export async function packageRelease(options: PackageReleaseOptions): Promise<ReleasePackage> {
  const { remote, distDir, commit, commitDate } = options;
  if (!(await stat(distDir).catch(() => null))?.isDirectory())
    throw new ReleaseBuildError(`Le dossier ${distDir} est introuvable : construisez d'abord ${remote}.`);
  const federation = await readFederationManifest(distDir);
  const files = await hashReleaseFiles(distDir, options.include);
  const manifest: ReleaseManifest = {
    schemaVersion: RELEASE_SCHEMA_VERSION,
    remote,
    id: releaseId(commit, commitDate, files),
    commit,
    commitDate: commitDate.toISOString(),
    builtAt: (options.builtAt ?? new Date()).toISOString(),
    builder: options.builder ?? `${userInfo().username}@${hostname()}`,
    federationPluginVersion: federation.metaData?.pluginVersion ?? 'inconnue',
    files,
    // The host's release is a page: its first visit is what index.html names (page-first-visit.ts).
    firstVisit: files.some((file) => file.path === 'index.html')
      ? await pageFirstVisit(distDir, files)
      : firstVisit(federation, files),
    ...(await readReleaseDeclarations(remote, distDir)),
    ...(await buildCompatibility(distDir)),
  };
  return { manifest, distDir };
}

/** The store key of a release's file: `<remote>/<id>/<path>`. */
export const releaseKey = (remote: string, id: string, path: string) => `${remote}/${id}/${path}`;

/** A release's release.json when the release is complete, null otherwise (absent, or its upload never finished). */
export async function readCompleteRelease(
  store: ReleaseStore,
  remote: string,
  id: string,
): Promise<ReleaseManifest | null> {
  const object = await store.get(releaseKey(remote, id, RELEASE_MANIFEST));
  return object === null ? null : (JSON.parse(object.body.toString('utf8')) as ReleaseManifest);
}

const sameFiles = (a: readonly ReleaseFile[], b: readonly ReleaseFile[]) =>
  a.length === b.length &&
  a.every((file, index) => file.path === b[index]?.path && file.sha256 === b[index]?.sha256);

export type PublishOutcome =
  /** Uploaded now; `manifestKey` is its release.json in the store. */
  | { status: 'published'; manifestKey: string }
  /** Already complete in the store with the same files: nothing written (a retried pipeline). */
  | { status: 'unchanged'; manifestKey: string };

/** Files uploaded at once. */
const UPLOAD_CONCURRENCY = 4;

/**
 * Uploads a release: every file (immutable headers, pre-compressed variants with their Content-Encoding), then
 * release.json last, so that a release without it — an upload stopped half-way — is never served and is completed by
 * the next attempt. An id already complete with the same files is a no-op; with other files, ReleaseConflictError.
 */
export async function publishRelease(store: ReleaseStore, release: ReleasePackage): Promise<PublishOutcome> {
  const { manifest, distDir } = release;
  const manifestKey = releaseKey(manifest.remote, manifest.id, RELEASE_MANIFEST);
  const existing = await readCompleteRelease(store, manifest.remote, manifest.id);
  if (existing !== null) {
    if (sameFiles(existing.files, manifest.files)) return { status: 'unchanged', manifestKey };
    throw new ReleaseConflictError(manifest.remote, manifest.id);
  }

  let next = 0;
  const upload = async () => {
    while (next < manifest.files.length) {
      const file = manifest.files[next++];
      if (file === undefined) break;
      const bytes = await readFile(join(distDir, ...file.path.split('/')));
      // The dist changed since it was packaged: the release.json would lie about it.
      if (sha256(bytes) !== file.sha256)
        throw new ReleaseBuildError(`${file.path} a changé depuis l'empaquetage : relancez pnpm release.`);
      await store.put(
        releaseKey(manifest.remote, manifest.id, file.path),
        bytes,
        releaseFileHeaders(file.path),
      );
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, upload));

  await store.put(manifestKey, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), {
    contentType: 'application/json; charset=utf-8',
    cacheControl: IMMUTABLE,
  });
  return { status: 'published', manifestKey };
}
