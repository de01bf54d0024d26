// `npm start`'s release step (issue 38 §6): what `pnpm build` just built — the host and every remote — released into
// the local store and put live, so that the product runs from releases as a deployment does. No checks, no build:
// `npm start` runs the product, `pnpm release <module>` is the pipeline's gate (docs/deployment.md « Livrer un module »).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES } from 'shared/federation';
import { isHostReleaseFile } from '../lib/release-store/release-files';
import { HOST_RELEASE, type ReleaseManifest } from '../lib/release-store/release-manifest';
import { packageRelease, publishRelease, readCompleteRelease } from '../lib/release-store/release-package';
import type { ReleaseStore } from '../lib/release-store/release-store';
import type { createReleasesService, RegistryActor } from '../modules/releases';
import { firstVisitBudget, kilobytes } from './first-visit-budget';

/** The apps `npm start` releases, the host first: every folder `pnpm build` builds. */
export const BUILT_APPS: readonly string[] = [HOST_RELEASE, ...REMOTES.map((remote) => remote.dir)];

export interface ReleaseBuiltContext {
  repoRoot: string;
  store: ReleaseStore;
  registry: Pick<ReturnType<typeof createReleasesService>, 'register' | 'promote' | 'remoteStatus'>;
  actor: RegistryActor;
  /** The commit checked out and its date; without git, any fixed commit: the id still follows the bytes. */
  commit: { hash: string; date: Date };
  print(line: string): void;
  apps?: readonly string[];
}

/**
 * Publishes each built dist, registers it and promotes it unless it is live already: idempotent (a second start on
 * the same build changes nothing), and a new build gives new ids, put live. An app whose dist is missing is left to
 * the build's serving (`/remotes/<dir>/`, or WEB_ROOT for the host) with a warning. Throws on a store or registry
 * failure: `npm start` then stops, as for a failed build.
 */
export async function releaseBuilt(context: ReleaseBuiltContext): Promise<void> {
  const { repoRoot, store, registry, actor, commit, print } = context;
  print(`Magasin des versions : ${store.description}`);
  for (const app of context.apps ?? BUILT_APPS) {
    const distDir = join(repoRoot, app, 'dist');
    if (!existsSync(join(distDir, 'mf-manifest.json'))) {
      print(`${app} : pas de construction dans ${app}/dist, servi sans version.`);
      continue;
    }
    const { manifest } = await packageRelease({
      remote: app,
      distDir,
      commit: commit.hash,
      commitDate: commit.date,
      ...(app === HOST_RELEASE && { include: isHostReleaseFile }),
    });
    const outcome = await publishRelease(store, { manifest, distDir });
    // Already published: the store's release.json is the one registered (its build time is the first build's).
    const published: ReleaseManifest =
      outcome.status === 'unchanged'
        ? ((await readCompleteRelease(store, app, manifest.id)) ?? manifest)
        : manifest;
    await registry.register(
      { ...published, routes: [...published.routes], menu: [...published.menu] },
      actor,
    );
    const live = (await registry.remoteStatus(app)).live?.id;
    // Not a gate here (`pnpm release` is one): said, so that a local build over budget is seen.
    const budget = firstVisitBudget(app);
    const bytes = published.firstVisit.brotliBytes;
    const weight =
      bytes > budget
        ? ` — attention : première visite de ${kilobytes(bytes)} brotli, au-delà du budget de ${kilobytes(budget)}`
        : '';
    if (live === published.id) {
      print(`${app} : ${published.id} déjà en ligne${weight}`);
      continue;
    }
    await registry.promote(app, published.id, { reason: 'npm start : construction locale' }, actor);
    print(
      `${app} : ${published.id} ${outcome.status === 'published' ? 'publiée' : 'déjà publiée'}, mise en ligne${live === undefined ? '' : ` (remplace ${live})`}${weight}`,
    );
  }
}
