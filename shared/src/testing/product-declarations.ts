import type { RemoteDeclarations } from '../contract/route-declarations';
import { REMOTES } from '../federation';

/**
 * Every remote's declarations read from its source (`<remote>/src/routes.ts`), keyed by federation name: what the
 * registry serves the host in production, installed before each package's unit tests (setup-tests.ts). Read through
 * Vite's glob so that `shared`'s sources import no app (scripts/eslint/boundaries.js).
 */
const modules = (
  import.meta as ImportMeta & {
    glob: (pattern: string, options: { eager: true }) => Record<string, { declarations: RemoteDeclarations }>;
  }
).glob('../../../mf-*/src/routes.ts', { eager: true });

export function productDeclarations(): Record<string, RemoteDeclarations> {
  return Object.fromEntries(
    REMOTES.flatMap((remote) => {
      const module = modules[`../../../${remote.dir}/src/routes.ts`];
      return module ? [[remote.name, module.declarations]] : [];
    }),
  );
}
