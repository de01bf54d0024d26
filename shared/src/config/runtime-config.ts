import { REMOTES, type RemoteName } from '../federation';
import { adoptEarlyResponse } from '../api/early-requests';
import type { ServedRelease } from '../contract/release-values';
import { declarationProblems, type RemoteDeclarations } from '../contract/route-declarations';

/**
 * The runtime registry served beside index.html (`/runtime-config.json`). Moving or upgrading a remote is an
 * edit of this file, never a rebuild of the host.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /** Each remote's federation manifest: the five of the product, and any other the registry adds (issue 38 §3). */
  remotes: Record<RemoteName, string> & Record<string, string>;
  /**
   * Each remote's routes and menu entries (issue 38 §3): from its live release, or from its build output or dev
   * server for a remote without one. The host builds its router and side menu from them at start-up.
   */
  declarations?: Record<string, RemoteDeclarations>;
  /**
   * The remotes the registry of releases points at a release (issue 38 §2): its id, its canary, its declarations.
   * Absent while nothing was promoted; the host does not act on it yet (canary choice and routes come later).
   */
  releases?: Record<string, ServedRelease>;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The problems of one object: required keys missing, unknown keys, values that are not non-empty strings. */
function objectProblems(
  value: unknown,
  path: string,
  keys: readonly string[],
  checkValues: boolean,
  optionalKeys: readonly string[] = [],
): string[] {
  if (!isObject(value)) return [`${path} doit être un objet`];
  const problems: string[] = [];
  const missing = keys.filter((key) => !(key in value));
  if (missing.length) problems.push(`${path} doit avoir les propriétés requises ${missing.join(', ')}`);
  const unknown = Object.keys(value).filter((key) => !keys.includes(key) && !optionalKeys.includes(key));
  if (unknown.length)
    problems.push(`${path} ne doit pas avoir de propriétés additionnelles (${unknown.join(', ')})`);
  if (checkValues) {
    for (const key of keys) {
      if (!(key in value)) continue;
      const field = value[key];
      const where = `${path === '/' ? '' : path}/${key}`;
      if (typeof field !== 'string') problems.push(`${where} doit être une chaîne de caractères`);
      else if (field.length === 0) problems.push(`${where} doit être une chaîne non vide`);
    }
  }
  return problems;
}

/** A remote's federation name (`mf_stats`): the registry may name remotes the host was not built with. */
const REMOTE_NAME = /^[a-z][a-z0-9_]*$/;

/** `remotes`: the product's five, plus any remote the registry adds under a valid name, each a non-empty string. */
function remotesProblems(value: unknown, known: readonly string[]): string[] {
  if (!isObject(value)) return ['/remotes doit être un objet'];
  const added = Object.keys(value).filter((name) => !known.includes(name));
  return [
    ...objectProblems(value, '/remotes', known, true, added),
    ...added.flatMap((name) => {
      if (!REMOTE_NAME.test(name)) return [`/remotes : nom de module invalide (${name})`];
      const entry = value[name];
      return typeof entry === 'string' && entry.length > 0
        ? []
        : [`/remotes/${name} doit être une chaîne non vide`];
    }),
  ];
}

/** `declarations`: each of a remote the registry names, each usable (route-declarations.ts). */
function declarationsProblems(value: unknown, remoteNames: readonly string[]): string[] {
  if (!isObject(value)) return ['/declarations doit être un objet'];
  return Object.entries(value).flatMap(([name, declared]) =>
    remoteNames.includes(name)
      ? declarationProblems(declared, `/declarations/${name}`)
      : [`/declarations ne doit pas avoir de propriétés additionnelles (${name})`],
  );
}

/** `releases`: remotes the registry names only, each with its release id. */
function releasesProblems(value: unknown, remoteNames: readonly string[]): string[] {
  if (!isObject(value)) return ['/releases doit être un objet'];
  return Object.entries(value).flatMap(([name, release]) => {
    if (!remoteNames.includes(name))
      return [`/releases ne doit pas avoir de propriétés additionnelles (${name})`];
    if (!isObject(release) || typeof release.id !== 'string' || release.id.length === 0)
      return [`/releases/${name}/id doit être une chaîne non vide`];
    return [];
  });
}

/**
 * Validates the registry once at start-up; a broken registry is named precisely rather than half-used. Written by
 * hand rather than with the contract's schema library: the shell must not download one for a 400-byte file.
 */
export function parseRuntimeConfig(data: unknown): RuntimeConfig {
  const known = REMOTES.map((remote) => remote.name);
  const problems = objectProblems(data, '/', ['apiBaseUrl', 'remotes'], false, ['releases', 'declarations']);
  if (isObject(data)) {
    if (typeof data.apiBaseUrl !== 'string' || data.apiBaseUrl.length === 0)
      problems.push('/apiBaseUrl doit être une chaîne non vide');
    if ('remotes' in data) problems.push(...remotesProblems(data.remotes, known));
    const remoteNames = isObject(data.remotes) ? Object.keys(data.remotes) : known;
    if ('releases' in data) problems.push(...releasesProblems(data.releases, remoteNames));
    if ('declarations' in data) problems.push(...declarationsProblems(data.declarations, remoteNames));
  }
  if (problems.length)
    throw new RuntimeConfigError(`Configuration d'exécution invalide : ${problems.join(' ; ')}`);
  return data as unknown as RuntimeConfig;
}

/**
 * Fetches the registry (preloaded by index.html, so the request is already under way when this runs; with a stored
 * session the session preload script has sent it, and its response is adopted: early-requests.ts), with its ETag:
 * the tab's later reads send it back and get a 304 while nothing changed (null when the server sent none).
 */
export async function fetchRuntimeConfig(
  url = RUNTIME_CONFIG_PATH,
): Promise<{ config: RuntimeConfig; etag: string | null }> {
  const early = await adoptEarlyResponse({
    method: 'GET',
    path: url,
    body: null,
    token: null,
    url: new URL(url, window.location.href).href,
  });
  const response = early ?? (await fetch(url));
  if (!response.ok)
    throw new RuntimeConfigError(`Configuration d'exécution introuvable (${response.status})`);
  return { config: parseRuntimeConfig(await response.json()), etag: response.headers.get('etag') };
}
