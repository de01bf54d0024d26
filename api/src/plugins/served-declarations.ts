/**
 * The routes and menu entries `/runtime-config.json` serves (issue 38 §3): a remote's live release carries its own
 * (release.json `routes`, `menu`); a remote without one — `npm start` before anything is released, the browser
 * tests — has them from its build output (`<remote>/dist/declarations.json`, written by its build).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declarationProblems, DECLARATIONS_FILE, type RemoteDeclarations } from 'shared/contract';
import { HOST_NAME, REMOTES } from 'shared/federation';

/** A remote's federation name from its folder's: `mf-facturation` → `mf_facturation` (the build's convention). */
export const federationName = (dir: string): string =>
  REMOTES.find((remote) => remote.dir === dir)?.name ?? dir.replace(/-/g, '_');

/** The host is a release too, but not a remote: the registry never lists it among the remotes. */
export const isHost = (dir: string): boolean => federationName(dir) === HOST_NAME;

/** A release's declarations when usable; a release from before issue 38 §3 (`routes: []`) declares nothing. */
export function releaseDeclarations(routes: unknown, menu: unknown): RemoteDeclarations | undefined {
  const declared = { routes, menu };
  if (!Array.isArray(routes) || routes.length === 0 || declarationProblems(declared).length > 0)
    return undefined;
  return declared as RemoteDeclarations;
}

/** The declarations each known remote's build wrote, by federation name; a remote not built is left out. */
export function builtDeclarations(webRoot: string): Record<string, RemoteDeclarations> {
  const found: Record<string, RemoteDeclarations> = {};
  for (const remote of REMOTES) {
    try {
      const declared: unknown = JSON.parse(
        readFileSync(join(webRoot, remote.dir, 'dist', DECLARATIONS_FILE), 'utf8'),
      );
      if (declarationProblems(declared).length === 0) found[remote.name] = declared as RemoteDeclarations;
    } catch {
      // Not built (or built before issue 38 §3): its routes are not served until it is built or released.
    }
  }
  return found;
}

/**
 * A static deployment's file (`RUNTIME_CONFIG_FILE`, hand-written or from before issue 38 §3) without `declarations`:
 * the remotes it names get their build's, so their routes and menu entries still reach the host. A file that has
 * `declarations` is served as written. Returns the text to serve.
 */
export function withBuiltDeclarations(text: string, built: Record<string, RemoteDeclarations>): string {
  const config = JSON.parse(text) as { remotes?: Record<string, unknown>; declarations?: unknown };
  if (config.declarations !== undefined || typeof config.remotes !== 'object' || config.remotes === null)
    return text;
  const declarations = Object.fromEntries(
    Object.keys(config.remotes).flatMap((name) => (built[name] ? [[name, built[name]]] : [])),
  );
  return Object.keys(declarations).length === 0 ? text : JSON.stringify({ ...config, declarations });
}
