import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { loadTimeRequirements } from 'shared/contract/compatibility';
import { releaseEntryPath, type RemoteDeclarations, type ServedRelease } from 'shared/contract';
import { REMOTES } from 'shared/federation';
import { IMMUTABLE, isFederationFile } from '../lib/release-store/release-files';
import type { ReleaseStore } from '../lib/release-store/release-store';
import type { LiveRelease } from '../modules/releases';
import {
  hostReleaseServer,
  matchesEtag,
  NO_CACHE,
  removeDocumentHeaders,
  staticCacheControl,
  withoutDocumentHeaders,
} from './host-release';
import { registryEncoder } from './registry-encoding';
import {
  builtDeclarations,
  federationName,
  isHost,
  releaseDeclarations,
  withBuiltDeclarations,
} from './served-declarations';

export interface StaticSiteOptions {
  /** Repository root: `host-shell/dist` and `<remote>/dist` are served from it. */
  webRoot: string;
  /** When set, `/runtime-config.json` serves this file as is instead of the generated registry. */
  runtimeConfigFile?: string | undefined;
  /**
   * The release store: with a live release of the host in the registry, the host is served from it (host-release.ts)
   * instead of `host-shell/dist`.
   */
  releaseStore?: ReleaseStore | undefined;
}

export { IMMUTABLE, NO_CACHE };

/** Requests the SPA fallback never answers: the API, the remotes, the releases and the websocket keep their own 404s. */
const NOT_SPA = /^\/(api|remotes|releases|socket\.io)(\/|$)/;

function cacheHeaders(reply: FastifyReply, path: string): void {
  // `path` is the file actually sent: `index.html.br` is still index.html.
  reply.header('cache-control', staticCacheControl(path));
  withoutDocumentHeaders(reply, path);
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** The registry the host loads at start-up: where each remote's manifest is, and where the API is. */
export function generatedRuntimeConfig(built: Readonly<Record<string, RemoteDeclarations>> = {}) {
  const remotes: Record<string, string> = Object.fromEntries(
    REMOTES.map((remote) => [remote.name, `/remotes/${remote.dir}/mf-manifest.json`]),
  );
  return {
    apiBaseUrl: '/api',
    remotes,
    ...(Object.keys(built).length > 0 && { declarations: { ...built } }),
  };
}

/**
 * The registry with the registry of releases applied: a remote with a live release is loaded from that release's
 * versioned path, with its id, its canary and its requirements beside (`releases`) and its routes and menu entries
 * in `declarations`; the others keep the build's entry and the build's declarations (`built`), so a product that
 * never promoted anything serves exactly `generatedRuntimeConfig(built)`. A remote the host was not built with is
 * served like the others (issue 38 §3: a sixth remote is a registry change); the host's own release is not a remote.
 */
export function servedRuntimeConfig(
  live: readonly LiveRelease[],
  built: Readonly<Record<string, RemoteDeclarations>> = {},
) {
  const config: ReturnType<typeof generatedRuntimeConfig> & {
    declarations?: Record<string, RemoteDeclarations>;
    releases?: Record<string, ServedRelease>;
  } = generatedRuntimeConfig();
  const served: Record<string, ServedRelease> = {};
  const declarations: Record<string, RemoteDeclarations> = {};
  for (const release of live) {
    if (isHost(release.remote)) continue;
    const name = federationName(release.remote);
    config.remotes[name] = releaseEntryPath(release.remote, release.id);
    served[name] = {
      id: release.id,
      ...(release.canary && {
        canary: {
          id: release.canary.id,
          entry: releaseEntryPath(release.remote, release.canary.id),
          percent: release.canary.percent,
          // Checked by the host for the users on the canary's side, like the live release's for the others.
          ...(release.canary.requirements !== undefined && {
            requirements: loadTimeRequirements(release.canary.requirements),
          }),
        },
      }),
      // The API operations are checked at release and promote; the host checks the rest before loading.
      ...(release.requirements !== undefined && { requirements: loadTimeRequirements(release.requirements) }),
    };
    const declared = releaseDeclarations(release.routes, release.menu);
    if (declared) declarations[name] = declared;
  }
  for (const [name, declared] of Object.entries(built))
    if (!(name in declarations) && name in config.remotes) declarations[name] = declared;
  if (Object.keys(declarations).length > 0) config.declarations = declarations;
  if (Object.keys(served).length > 0) config.releases = served;
  return config;
}

/**
 * Serves the production build from the API process (one command, one port): the host at `/`, each remote
 * at `/remotes/<dir>/`, the runtime registry, and the SPA fallback to the host's index.html.
 */
export default fp<StaticSiteOptions>(
  async (app, options) => {
    const missing = (dir: string) =>
      app.log.warn(
        `Site : le dossier ${dir} est introuvable, il ne sera pas servi (lancez d'abord pnpm build).`,
      );

    // Read once: the build output does not change under a running server (`pnpm build` then start).
    const built = builtDeclarations(options.webRoot);
    const generated = JSON.stringify(generatedRuntimeConfig(built));
    // Without a database (a bare server in tests) there is no registry of releases: the build's entries.
    const registry = app.hasDecorator('releaseRegistry') ? app.releaseRegistry : undefined;
    const encodeRegistry = registryEncoder();
    app.get('/runtime-config.json', async (request, reply) => {
      reply.header('cache-control', NO_CACHE);
      // Data the page fetches, never a page.
      removeDocumentHeaders(reply);
      let text = generated;
      if (options.runtimeConfigFile !== undefined) {
        // Read on each request: editing the file is how remotes are moved, without a restart (a static
        // deployment's file, written by `pnpm registry export`, wins over the registry).
        text = withBuiltDeclarations(await readFile(options.runtimeConfigFile, 'utf8'), built);
      } else if (registry !== undefined) {
        const live = await registry.liveReleases();
        if (live.length > 0) text = JSON.stringify(servedRuntimeConfig(live, built));
      }
      // no-cache means "revalidate": an unchanged registry costs a 304, not the file. Weak: one tag for every encoding.
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', `W/${etag}`).header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const { body, encoding } = encodeRegistry(text, request.headers['accept-encoding']);
      if (encoding !== undefined) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body);
    });

    for (const remote of REMOTES) {
      const root = join(options.webRoot, remote.dir, 'dist');
      if (!isDirectory(root)) {
        missing(root);
        continue;
      }
      await app.register(fastifyStatic, {
        root,
        prefix: `/remotes/${remote.dir}/`,
        decorateReply: false,
        cacheControl: false,
        dotfiles: 'ignore',
        index: false,
        preCompressed: true,
        allowedPath: isFederationFile,
        setHeaders: (reply, path) => {
          cacheHeaders(reply, path);
          // The host may live on another origin (CDN, dev server): manifests and chunks are fetched cross-origin.
          reply.header('access-control-allow-origin', '*');
          reply.header('cross-origin-resource-policy', 'cross-origin');
        },
      });
    }

    const hostRoot = join(options.webRoot, 'host-shell', 'dist');
    // Promote reads what this host provides when no host release is live (modules/releases/compatibility.ts).
    app.decorate('hostBuildDir', hostRoot);
    const hostBuilt = isDirectory(hostRoot);
    const hostRelease =
      options.releaseStore !== undefined && registry !== undefined
        ? hostReleaseServer(options.releaseStore, registry)
        : undefined;
    if (!hostBuilt) {
      missing(hostRoot);
      if (hostRelease === undefined) return;
    } else {
      await app.register(fastifyStatic, {
        root: hostRoot,
        serve: false,
        cacheControl: false,
        dotfiles: 'ignore',
        preCompressed: true,
        setHeaders: cacheHeaders,
      });
    }

    app.get('/*', async (request, reply) => {
      const path = `/${(request.params as { '*': string })['*']}`;
      if (NOT_SPA.test(path)) return reply.callNotFound();
      const liveHost = await hostRelease?.liveId();
      if (liveHost !== undefined && hostRelease !== undefined)
        return hostRelease.send(request, reply, liveHost, path);
      if (!hostBuilt) return reply.callNotFound();
      const lastSegment = path.slice(path.lastIndexOf('/') + 1);
      // A file name (with an extension) is a real asset: 404 when absent, never index.html.
      if (lastSegment.includes('.')) return reply.sendFile(path.slice(1));
      return reply.sendFile('index.html');
    });
  },
  { name: 'static-site' },
);
