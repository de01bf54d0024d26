/**
 * Issue 38 §4 at build: a remote writes what it requires from the host (`requirements.json`), the host what it
 * provides (`provides.json`), each beside its mf-manifest.json. `pnpm release` copies a remote's into release.json's
 * `requirements`; the host also builds its « provides » into the chunk that checks a remote before loading it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RsbuildPlugin } from '@rsbuild/core';
import * as contract from '../contract';
import { PERMISSIONS } from '../auth/permissions';
import { ANTD_COMPONENTS } from './antd-components';
import {
  permissionNames,
  PROVIDES_FILE,
  REQUIREMENTS_FILE,
  type Provides,
  type Requirements,
} from '../contract/compatibility';
import { ROUTE_GUARDS, type RemoteDeclarations } from '../contract/route-declarations';
import { SINGLETON_VERSIONS } from './index';
import { apiCalls, browserSources, exportedNames, importedNames } from './source-scan';

/** The modules whose export names a remote takes from the host; `react-router-dom` is the host's router facade. */
const EXPORTING_MODULES = {
  shared: '../index.ts',
  'shared/ui': '../ui/index.ts',
  'shared/contract': '../contract/index.ts',
  'shared/contract/values': '../contract/values.ts',
  'shared/realtime': '../notifications/realtime.ts',
  'react-router-dom': '../vendor/react-router-dom.ts',
} as const;

const moduleFile = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The federation runtime's version, the one the host's build provides to the remotes (`externalRuntime`). */
function federationVersion(): string {
  // The package exports no ./package.json: read it beside its resolved entry.
  const entry = createRequire(import.meta.url).resolve('@module-federation/rsbuild-plugin');
  const root = entry.slice(
    0,
    entry.lastIndexOf('@module-federation/rsbuild-plugin') + '@module-federation/rsbuild-plugin'.length,
  );
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What the host provides: its singletons, every shared antd component, the export names, permissions, runtime. */
export function hostProvides(): Provides {
  return {
    singletons: { ...SINGLETON_VERSIONS },
    antd: [...ANTD_COMPONENTS],
    exports: Object.fromEntries(
      Object.entries(EXPORTING_MODULES).map(([name, file]) => [name, exportedNames(moduleFile(file))]),
    ),
    permissions: [...Object.keys(PERMISSIONS), ...ROUTE_GUARDS].sort(),
    federation: federationVersion(),
  };
}

interface FederationManifest {
  metaData?: { pluginVersion?: string };
  shared?: { name: string; requiredVersion?: string; version?: string }[];
}

/**
 * What a remote's build requires: the singletons its mf-manifest.json lists (their ranges), and from its sources
 * the antd components, export names, API operations it uses, with the permissions of its route data.
 */
export function remoteRequirements(options: {
  srcDir: string;
  manifest: FederationManifest;
  declarations: readonly unknown[];
}): { requirements: Requirements; unresolvedApiCalls: number } {
  const sources = new Map(browserSources(options.srcDir).map((file) => [file, readFileSync(file, 'utf8')]));
  const imports = importedNames(sources, ['antd', ...Object.keys(EXPORTING_MODULES)]);
  const { antd = [], ...exports } = imports;
  const singletons = Object.fromEntries(
    (options.manifest.shared ?? [])
      .filter((module) => module.name in SINGLETON_VERSIONS)
      .map((module) => [module.name, module.requiredVersion ?? `^${module.version ?? '0.0.0'}`])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  ) as Record<string, string>;
  const api = apiCalls(sources, contract as Record<string, unknown>);
  const pluginVersion = options.manifest.metaData?.pluginVersion;
  return {
    requirements: {
      singletons,
      antd,
      exports,
      permissions: permissionNames(options.declarations),
      ...(pluginVersion !== undefined && { federation: `^${pluginVersion}` }),
      api: api.operations,
    },
    unresolvedApiCalls: api.unresolved,
  };
}

/** Writes a remote's requirements.json after its production build (not the standalone one: no host there). */
export function pluginRequirements(options: { declarations: RemoteDeclarations }): RsbuildPlugin {
  return {
    name: 'ebas3:requirements',
    setup(api) {
      if (api.context.action !== 'build') return;
      api.onAfterBuild(() => {
        const distPath = api.context.distPath;
        const manifest = JSON.parse(
          readFileSync(join(distPath, 'mf-manifest.json'), 'utf8'),
        ) as FederationManifest;
        const { requirements, unresolvedApiCalls } = remoteRequirements({
          srcDir: join(api.context.rootPath, 'src'),
          manifest,
          declarations: [...options.declarations.routes, ...options.declarations.menu],
        });
        writeFileSync(join(distPath, REQUIREMENTS_FILE), `${JSON.stringify(requirements)}\n`);
        if (unresolvedApiCalls > 0)
          api.logger.info(
            `Exigences : ${unresolvedApiCalls} appel(s) d'API au chemin construit à l'exécution, non vérifiés.`,
          );
      });
    },
  };
}

/** The host's « provides », written after its build beside mf-manifest.json (read by `pnpm release` and promote). */
export function pluginProvides(provides: Provides): RsbuildPlugin {
  return {
    name: 'ebas3:provides',
    setup(api) {
      if (api.context.action !== 'build') return;
      api.onAfterBuild(() => {
        writeFileSync(join(api.context.distPath, PROVIDES_FILE), `${JSON.stringify(provides)}\n`);
      });
    },
  };
}
