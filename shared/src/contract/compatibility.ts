/**
 * Compatibility of a release with the host (issue 38 §4): what a remote requires, what the host provides, and the one
 * pure check between them. `pnpm release`, promote and the host before loading a remote all call
 * `unmetRequirements`; the rsbuild plugin of requirements-plugin.ts writes both sides at build. Browser-safe: no
 * Node import, the host loads this file only when a remote with requirements is about to load.
 */

/** A remote's build writes its requirements, the host's build its « provides », beside mf-manifest.json. */
export const REQUIREMENTS_FILE = 'requirements.json';
export const PROVIDES_FILE = 'provides.json';

/** The app whose release provides what the remotes require. */
export const HOST_APP = 'host-shell';

/** What a remote's build needs from the host: `requirements.json` beside its mf-manifest.json, and release.json's. */
export interface Requirements {
  /** Shared singleton → the range the remote was built against (`react` → `^19.3.1`). */
  singletons?: Record<string, string>;
  /** The antd exports it imports (`Table`, `DatePicker`); each is a singleton only the host provides. */
  antd?: string[];
  /** Module (`shared`, `shared/ui`, `shared/contract`, the router facade `react-router-dom`) → names imported. */
  exports?: Record<string, string[]>;
  /** The permission and guard names its routes and menu entries use (`manageUsers`, `subject`). */
  permissions?: string[];
  /** The federation runtime range: a production remote runs on the host's runtime. */
  federation?: string;
  /** The API operations it calls, `GET /stats/{}/excel` (apiOperation); checked at release and promote only. */
  api?: string[];
}

/** What the host's build provides: `provides.json` beside its mf-manifest.json. */
export interface Provides {
  singletons: Record<string, string>;
  antd: string[];
  exports: Record<string, string[]>;
  permissions: string[];
  federation: string;
  /** The running API's operations (apiOperation); absent where they are not known (in the browser). */
  api?: string[];
}

/** `{ method, path }` as requirements compare it: upper-case method, no `/api` prefix, every parameter `{}`. */
export function apiOperation(method: string, path: string): string {
  const bare = path.split('?')[0] ?? '';
  const normalized = bare
    .replace(/^\/api(?=\/)/, '')
    .replace(/\{[^}]*\}|:[A-Za-z_][\w]*/g, '{}')
    .replace(/\/+$/, '');
  return `${method.toUpperCase()} ${normalized || '/'}`;
}

/**
 * The permission and guard names of a remote's route and menu declarations (route-declarations.ts): every string
 * `permission` and every name in `guards`. Takes the data as the remote declares it, whatever its other fields.
 */
export function permissionNames(declarations: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const item of declarations) {
    if (typeof item !== 'object' || item === null) continue;
    const { permission, guards } = item as Record<string, unknown>;
    if (typeof permission === 'string') names.add(permission);
    if (Array.isArray(guards)) for (const guard of guards) if (typeof guard === 'string') names.add(guard);
  }
  return [...names].sort();
}

/**
 * The part of the requirements `/runtime-config.json` serves for the host to check at load: singletons, antd
 * components, permissions and federation runtime (~0.5 kB a remote). The export names and API operations (~1.5 kB a
 * remote, more than the file's 8 kB budget allows for five) are checked at release and promote, against the same host.
 */
export function loadTimeRequirements(requirements: unknown): unknown {
  if (typeof requirements !== 'object' || requirements === null) return requirements;
  const { api: _api, exports: _exports, ...rest } = requirements as Requirements;
  return rest;
}

type Version = [number, number, number];

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `version` satisfies `range`: `^x.y.z` (same major, or the same minor below 1.0), `~x.y.z` (same minor),
 * `>=x.y.z`, `x.y.z` exactly, or `*`. Pre-release tags are ignored; an unreadable range or version is unmet.
 */
export function satisfies(version: string, range: string): boolean {
  const wanted = range.trim();
  if (wanted === '*' || wanted === '') return true;
  const actual = parseVersion(version);
  const operator = /^(\^|~|>=)?/.exec(wanted)?.[1] ?? '';
  const base = parseVersion(wanted.slice(operator.length));
  if (!actual || !base) return false;
  if (compare(actual, base) < 0) return false;
  if (operator === '>=') return true;
  if (operator === '') return compare(actual, base) === 0;
  if (operator === '~' || base[0] === 0) return actual[0] === base[0] && actual[1] === base[1];
  return actual[0] === base[0];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Every requirement the host does not meet, each as a French sentence that names it
 * (« react ^20.0.0 requis, l'hôte fournit 19.3.1 »); empty when the release is compatible. `required` is read
 * defensively (it comes from a registry row); API operations are checked only when `provided.api` is known.
 */
export function unmetRequirements(required: unknown, provided: Provides): string[] {
  const wanted = record(required);
  const unmet: string[] = [];
  for (const [name, range] of Object.entries(record(wanted.singletons))) {
    if (typeof range !== 'string') continue;
    const version = provided.singletons[name];
    if (version === undefined) unmet.push(`${name} ${range} requis, l'hôte ne le fournit pas`);
    else if (!satisfies(version, range)) unmet.push(`${name} ${range} requis, l'hôte fournit ${version}`);
  }
  const antd = new Set(provided.antd);
  for (const component of strings(wanted.antd))
    if (!antd.has(component)) unmet.push(`composant antd ${component} requis, l'hôte ne le fournit pas`);
  for (const [module, names] of Object.entries(record(wanted.exports))) {
    const exported = new Set(provided.exports[module] ?? []);
    for (const name of strings(names))
      if (!exported.has(name)) unmet.push(`export ${name} de ${module} requis, l'hôte ne le fournit pas`);
  }
  const permissions = new Set(provided.permissions);
  for (const permission of strings(wanted.permissions))
    if (!permissions.has(permission))
      unmet.push(`permission ${permission} requise, l'hôte ne la connaît pas`);
  if (typeof wanted.federation === 'string' && !satisfies(provided.federation, wanted.federation))
    unmet.push(`runtime de fédération ${wanted.federation} requis, l'hôte fournit ${provided.federation}`);
  if (provided.api !== undefined) {
    const operations = new Set(provided.api);
    for (const operation of strings(wanted.api))
      if (!operations.has(operation))
        unmet.push(`opération d'API ${operation} requise, l'API ne la fournit pas`);
  }
  return unmet;
}
