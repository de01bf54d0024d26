import type { RsbuildPlugin } from '@rsbuild/core';
import {
  declarationProblems,
  DECLARATIONS_FILE,
  type RemoteDeclarations,
} from '../contract/route-declarations';

/**
 * Writes a remote's routes and menu entries (its `src/routes.ts`) beside mf-manifest.json, so that they reach the
 * host at run time — through the release (`pnpm release` copies them into release.json), or read from the build
 * output and the dev server by the served registry — and never through the host's bundle. A declaration that
 * would be refused later fails the build now.
 */
export function pluginRemoteDeclarations(declarations: RemoteDeclarations): RsbuildPlugin {
  return {
    name: 'ebas3:remote-declarations',
    setup(api) {
      const problems = declarationProblems(declarations);
      if (problems.length) throw new Error(`Déclarations de routes invalides : ${problems.join(' ; ')}`);
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset(DECLARATIONS_FILE, new sources.RawSource(`${JSON.stringify(declarations)}\n`));
      });
    },
  };
}

/**
 * The development registry's declarations: each remote's dev server serves the file its build emits; a remote
 * whose dev server is not running is left out (its routes are then not found, as when it is down in production).
 */
export async function devDeclarations(
  manifests: Record<string, string>,
): Promise<Record<string, RemoteDeclarations>> {
  const entries = await Promise.all(
    Object.entries(manifests).map(async ([name, manifest]) => {
      try {
        // eslint-disable-next-line no-restricted-globals -- the host's dev server (Node) asks a remote's, not the API.
        const response = await fetch(new URL(DECLARATIONS_FILE, manifest));
        const declared: unknown = response.ok ? await response.json() : undefined;
        return declarationProblems(declared).length === 0 ? [[name, declared as RemoteDeclarations]] : [];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(entries.flat());
}
