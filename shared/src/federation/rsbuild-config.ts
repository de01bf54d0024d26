import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, rspack, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  devRemoteManifests,
  HOST_DEV_PORT,
  HOST_NAME,
  PAGES_EXPOSE,
  REMOTES,
  sharedDependencies,
  STANDALONE_DIST_PATH,
  STANDALONE_ENV_MODE,
  type RemoteName,
} from '.';
import type { RemoteDeclarations } from '../contract/route-declarations';
import { devDeclarations, pluginRemoteDeclarations } from './declarations-plugin';
import { HOST_CHUNK_GROUPS, HOST_MODULE_REPLACEMENTS, HOST_SIDE_EFFECT_FREE } from './host-chunks';
import { HOST_PROVIDES_DEFINE } from './host-provides-define';
import { hostProvides, pluginProvides, pluginRequirements } from './requirements-plugin';
import { pluginStartupPreload, type StartupPreloadOptions } from './startup-preload';

export { pluginCompileHints, type EarlyRequestsOptions } from './startup-preload';

/** Where the API runs in development; the dev servers proxy `/api` and `/socket.io` to it. */
const DEV_API = process.env.EBAS3_DEV_API ?? 'http://localhost:8080';

/**
 * Modules shared under a package's name but built from a narrower list of its exports (see the file's comment).
 * The shared module's version stays the package's: the facade is that package, trimmed.
 */
const FACADES = {
  // A package specifier, not the file's absolute path: the federation runtime's data carries it, and a path would
  // make the bundles' bytes depend on where the repository is checked out (the byte budgets, first-load.test.ts).
  'react-router-dom': 'shared/vendor/react-router-dom',
};

/**
 * The shared-dependencies definition with each facade as the module provided for its package. A remote's build sets
 * `strictVersion`: a host providing a version outside a singleton's range fails the load instead of only warning
 * (the second guard behind the requirements check, issue 38 §4).
 */
function sharedModules(strictVersion = false) {
  const shared = sharedDependencies();
  if (strictVersion) for (const config of Object.values(shared)) config.strictVersion = true;
  for (const [name, file] of Object.entries(FACADES)) {
    const config = shared[name];
    if (!config) throw new Error(`Module partagé inconnu : ${name}`);
    shared[name] = { ...config, import: file, version: config.requiredVersion.replace(/^\^/, '') };
  }
  return shared;
}

/** shared/public: the favicon of every app and the MSW worker of standalone remotes. */
const SHARED_PUBLIC = fileURLToPath(new URL('../../public', import.meta.url));

/** The smallest module two chunks share that is kept in its own chunk rather than copied (see `common`). */
const MIN_SHARED_SIZE = { minSize: 5000 };

const common = (port: number, title: string): RsbuildConfig => ({
  plugins: [pluginReact()],
  source: {
    entry: { index: './src/index.ts' },
    // `{ Table } from 'antd'` → `antd/es/table`: the per-component modules the federation shares one by one.
    transformImport: [{ libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true }],
  },
  html: {
    title,
    favicon: `${SHARED_PUBLIC}/favicon.svg`,
    template: fileURLToPath(new URL('../../templates/index.html', import.meta.url)),
  },
  server: {
    port,
    strictPort: true,
    proxy: { '/api': DEV_API, '/socket.io': { target: DEV_API, ws: true } },
  } as RsbuildConfig['server'],
  // A module two shared modules use (antd's style and locale helpers, rc-component's utilities) is kept once in
  // its own chunk from 5 kB on, not copied into each: the default 20 kB threshold copied 129 kB of code into the
  // chunks of login → dashboard (−28 kB brotli on that path; 2 kB or 10 kB measured no better, 0 doubles the files).
  performance: { chunkSplit: { strategy: 'split-by-experience', override: MIN_SHARED_SIZE } },
  dev: {
    // Rsbuild's default compiles each `import()` only when the browser first asks for it. With federation that
    // blanks a dev server's first page: the first build holds only the share table, whose factories the runtime
    // registers at start-up; requesting bootstrap rebuilds the app, which renumbers the split chunks (HMR swaps the
    // chunk-group map), but a registered shared version is never replaced, so a stale factory (antd/es/typography's)
    // loads another module's chunk and its own code is missing: « reading 'call' » in __webpack_require__.
    lazyCompilation: false,
  },
});

/**
 * Rsbuild config of a remote: its pages exposed, the shared singletons, chunks loadable from any origin.
 * Three builds come from it: the dev server and the standalone build (`--env-mode standalone`), each carrying the
 * federation runtime since no host gives it one, and the production build the host loads, which takes the host's.
 */
export function defineRemoteConfig(name: RemoteName, title: string, declarations: RemoteDeclarations) {
  const remote = REMOTES.find((r) => r.name === name);
  if (!remote) throw new Error(`Remote inconnu : ${name}`);
  const base = common(remote.devPort, `EBAS3 — ${title} (autonome)`);
  return defineConfig(({ env, envMode }) => {
    const standalone = envMode === STANDALONE_ENV_MODE;
    const released = env === 'production' && !standalone;
    return {
      ...base,
      server: {
        ...base.server,
        cors: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The MSW service worker of standalone mode, kept once in shared/public.
        publicDir: { name: SHARED_PUBLIC },
      },
      output: {
        // Chunks must be requested from the remote's own origin, not the host's (ARCHITECTURE pitfall 2).
        assetPrefix: 'auto',
        ...(standalone ? { distPath: { root: STANDALONE_DIST_PATH } } : {}),
      },
      // 'auto' makes the standalone page's script URLs relative: a deep link (/dashboard/etablissement) would
      // fetch /dashboard/static/…. The base only applies to that page; the host loads the remote by its manifest.
      html: { ...base.html, tags: [{ tag: 'base', attrs: { href: '/' }, head: true, append: false }] },
      plugins: [
        ...(base.plugins ?? []),
        pluginRemoteDeclarations(declarations),
        pluginModuleFederation({
          name,
          filename: 'remoteEntry.js',
          exposes: { [PAGES_EXPOSE]: './src/app/pages.tsx' },
          shared: sharedModules(true),
          shareStrategy: 'loaded-first',
          dts: false,
          // The production build takes the federation runtime from the host instead of carrying its own copy
          // (~15 kB brotli of each remote's first visit). The dev server and the standalone build keep it: a remote
          // run alone has no host to take it from.
          experiments: { externalRuntime: released },
        }),
        // What the release requires from the host, beside mf-manifest.json (requirements-plugin.ts).
        ...(released ? [pluginRequirements({ declarations })] : []),
      ],
    };
  });
}

/** An SVG as the text of a `data:` URL: single quotes inside the attribute, only the URL's own characters escaped. */
const svgDataText = (svg: string) =>
  svg
    .trim()
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/[<>#%]/g, encodeURIComponent);

/** Options of the host's build. */
export interface HostConfigOptions {
  /** The chunks index.html has the browser request at once (startup-preload.ts); none when absent. */
  startupPreload?: StartupPreloadOptions;
}

/** Rsbuild config of the host: no remote at build time, they come from the runtime registry. */
export function defineHostConfig(options: HostConfigOptions = {}) {
  const base = common(HOST_DEV_PORT, 'EBAS3');
  // The registry is requested with the page, not after the scripts have run (bootstrap.tsx reads this response).
  const preloadRegistry = {
    tag: 'link',
    attrs: { rel: 'preload', href: '/runtime-config.json', as: 'fetch', crossorigin: 'anonymous' },
    head: true,
    append: false,
  };
  // The icon inside the page: its own request was ~1.5 kB of headers for 246 bytes (issue 37 §5).
  const favicon = {
    tag: 'link',
    attrs: {
      rel: 'icon',
      type: 'image/svg+xml',
      href: `data:image/svg+xml,${svgDataText(readFileSync(`${SHARED_PUBLIC}/favicon.svg`, 'utf8'))}`,
    },
    head: true,
    append: true,
  };
  const remotes = devRemoteManifests();
  const provides = hostProvides();
  return defineConfig({
    ...base,
    // What the host provides, read by the chunk that checks a remote's requirements before loading it.
    source: { ...base.source, define: { [HOST_PROVIDES_DEFINE]: JSON.stringify(provides) } },
    html: { ...base.html, favicon: undefined, tags: [preloadRegistry, favicon] },
    // The shared modules' files grouped by when they are needed (host-chunks.ts).
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        override: { ...MIN_SHARED_SIZE, cacheGroups: HOST_CHUNK_GROUPS },
      },
    },
    server: { ...base.server, historyApiFallback: true },
    tools: {
      rspack: {
        module: { rules: HOST_SIDE_EFFECT_FREE.map((test) => ({ test, sideEffects: false })) },
        plugins: HOST_MODULE_REPLACEMENTS.map(
          ({ request, issuer, replacement }) =>
            new rspack.NormalModuleReplacementPlugin(request, (data) => {
              if (issuer.test(data.context))
                data.request = fileURLToPath(new URL(replacement, import.meta.url));
            }),
        ),
      },
    },
    dev: {
      ...base.dev,
      // In development the registry points at each remote's dev server.
      setupMiddlewares: (middlewares) => {
        middlewares.unshift((req, res, next) => {
          if (req.url?.startsWith('/runtime-config.json')) {
            void devDeclarations(remotes).then((declarations) => {
              res.setHeader('Content-Type', 'application/json');
              res.end(JSON.stringify({ apiBaseUrl: '/api', remotes, declarations }));
            });
            return;
          }
          next();
        });
      },
    },
    plugins: [
      ...(base.plugins ?? []),
      pluginModuleFederation({
        name: HOST_NAME,
        remotes: {},
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        dts: false,
        // Exposes the host's federation runtime to the remotes built with `externalRuntime` (defineRemoteConfig).
        experiments: { provideExternalRuntime: true },
      }),
      ...(options.startupPreload ? [pluginStartupPreload(options.startupPreload)] : []),
      pluginProvides(provides),
    ],
  });
}
