/**
 * Module Federation settings shared by the host and every remote. This file is read by the Rsbuild configs
 * (Node) and must stay free of browser or React imports.
 */

import { ANTD_COMPONENTS, antdModule } from './antd-components';

export { ANTD_COMPONENTS, antdModule, type AntdComponent } from './antd-components';

/** The five feature remotes: federation name, workspace folder and dev-server port. */
export const REMOTES = [
  { name: 'mf_reservations', dir: 'mf-reservations', devPort: 3001 },
  { name: 'mf_demandes', dir: 'mf-demandes', devPort: 3002 },
  { name: 'mf_rooming_pointage', dir: 'mf-rooming-pointage', devPort: 3003 },
  { name: 'mf_referentiel', dir: 'mf-referentiel', devPort: 3004 },
  { name: 'mf_stats', dir: 'mf-stats', devPort: 3005 },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];

/**
 * `--env-mode` of a remote's standalone build (each remote's `pnpm preview` builds it, then serves it): a complete
 * app with its own federation runtime and its own shared copies, written to STANDALONE_DIST_PATH so that the
 * production `dist` the host loads stays as it is.
 */
export const STANDALONE_ENV_MODE = 'standalone';
export const STANDALONE_DIST_PATH = 'dist-standalone';

export const HOST_NAME = 'host_shell';
export const HOST_DEV_PORT = 3000;

/** Every remote exposes its pages under this module name; the default export maps route ids to components. */
export const PAGES_EXPOSE = './pages';

/**
 * Versions of the shared singletons. They must equal the pnpm catalog (a unit test checks it): a singleton
 * loaded with two versions would break the one-router, one-store, one-style-cache contract. @ant-design/icons is
 * not among them: icons hold no state, each app bundles the few it imports.
 */
export const SINGLETON_VERSIONS = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  '@tanstack/react-query': '5.108.0',
  dayjs: '1.11.23',
  zustand: '5.1.0',
  axios: '1.21.1',
  'socket.io-client': '4.8.4',
  typebox: '1.4.3',
} as const;

/** antd is shared component by component (antd-components.ts), all at this version. */
export const ANTD_VERSION = '6.6.7';

/** Version of the workspace `shared` package; an explicit range keeps `workspace:*` out of the runtime. */
export const SHARED_PACKAGE_VERSION = '0.1.0';

/**
 * The entry points of `shared`, each its own singleton: `shared` is what the shell needs at start-up, `shared/ui`
 * the screens' building blocks, `shared/contract` the API contract (with TypeBox, also shared),
 * `shared/contract/values` its values without the schemas (what the screens import), `shared/realtime`
 * the live feed's one connection (the host's deferred feed takes it without the screens' Table, Select and
 * DatePicker that `shared/ui` brings), so no remote downloads a copy of them.
 */
export const SHARED_PACKAGE_ENTRIES = [
  'shared',
  'shared/ui',
  'shared/contract',
  'shared/contract/values',
  'shared/realtime',
] as const;

interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  /** Set by a remote's build: a provided version outside `requiredVersion` fails the load. */
  strictVersion?: boolean;
  version?: string;
  eager?: boolean;
  /** The module provided under this name when it is not the package itself (rsbuild-config.ts FACADES). */
  import?: string;
}

/** The one shared-dependencies definition every app's federation config is built from. */
export function sharedDependencies(): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const [name, version] of Object.entries(SINGLETON_VERSIONS)) {
    shared[name] = { singleton: true, requiredVersion: `^${version}` };
  }
  for (const component of ANTD_COMPONENTS) {
    shared[antdModule(component)] = {
      singleton: true,
      requiredVersion: `^${ANTD_VERSION}`,
      version: ANTD_VERSION,
    };
  }
  shared['react-dom/client'] = { singleton: true, requiredVersion: `^${SINGLETON_VERSIONS['react-dom']}` };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: `^${SINGLETON_VERSIONS.react}` };
  for (const entry of SHARED_PACKAGE_ENTRIES) {
    shared[entry] = {
      singleton: true,
      requiredVersion: `^${SHARED_PACKAGE_VERSION}`,
      version: SHARED_PACKAGE_VERSION,
    };
  }
  return shared;
}

/** Remote entry URLs used in development: each remote's dev server. Production reads the runtime registry. */
export function devRemoteManifests(host = 'localhost'): Record<RemoteName, string> {
  return Object.fromEntries(
    REMOTES.map((remote) => [remote.name, `http://${host}:${remote.devPort}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
}
