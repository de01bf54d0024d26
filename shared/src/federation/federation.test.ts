import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  devRemoteManifests,
  REMOTES,
  SHARED_PACKAGE_VERSION,
  SINGLETON_VERSIONS,
  sharedDependencies,
  STANDALONE_ENV_MODE,
} from '.';

const read = (relative: string) => readFileSync(fileURLToPath(import.meta.resolve(relative)), 'utf8');

/** The `catalog:` map of pnpm-workspace.yaml: indented `name: version` lines after `catalog:`. */
function pnpmCatalog(): Record<string, string> {
  const catalog: Record<string, string> = {};
  let inCatalog = false;
  for (const line of read('../../../pnpm-workspace.yaml').split('\n')) {
    if (/^catalog:\s*$/.test(line)) {
      inCatalog = true;
      continue;
    }
    if (!inCatalog) continue;
    if (/^\S/.test(line)) break;
    const match = /^\s+['"]?([^'":]+)['"]?:\s*['"]?([^'"\s#]+)/.exec(line);
    if (match?.[1] && match[2]) catalog[match[1]] = match[2];
  }
  return catalog;
}

describe('federation settings', () => {
  it('reads a non-empty pnpm catalog', () => {
    const catalog = pnpmCatalog();
    expect(catalog.react).toMatch(/^\d+\.\d+\.\d+/);
    expect(catalog['@ant-design/icons']).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each(Object.entries(SINGLETON_VERSIONS))('pins %s to the pnpm catalog version', (name, version) => {
    expect(pnpmCatalog()[name]).toBe(version);
  });

  it('SHARED_PACKAGE_VERSION equals shared/package.json version', () => {
    const pkg = JSON.parse(read('../../package.json')) as { version: string };
    expect(SHARED_PACKAGE_VERSION).toBe(pkg.version);
  });

  it('sharedDependencies marks every entry singleton with a required version', () => {
    const shared = sharedDependencies();
    for (const [name, config] of Object.entries(shared)) {
      expect(config.singleton, name).toBe(true);
      expect(config.requiredVersion, name).toMatch(/^\^\d+\.\d+\.\d+/);
    }
    for (const name of Object.keys(SINGLETON_VERSIONS)) expect(shared[name]).toBeDefined();
    expect(shared.shared).toEqual({
      singleton: true,
      requiredVersion: `^${SHARED_PACKAGE_VERSION}`,
      version: SHARED_PACKAGE_VERSION,
    });
    expect(shared['react-dom/client']?.requiredVersion).toBe(`^${SINGLETON_VERSIONS['react-dom']}`);
    expect(shared['react/jsx-runtime']?.requiredVersion).toBe(`^${SINGLETON_VERSIONS.react}`);
  });

  it.each(REMOTES.map((remote) => remote.dir))(
    '%s runs alone with `dev` and with `preview` on its standalone build, not on the production one',
    (dir) => {
      const { scripts } = JSON.parse(read(`../../../${dir}/package.json`)) as {
        scripts: Record<string, string>;
      };
      expect(scripts.dev).toBe('rsbuild dev');
      expect(scripts.build).toBe('rsbuild build');
      expect(scripts.preview).toBe(
        `rsbuild build --env-mode ${STANDALONE_ENV_MODE} && rsbuild preview --env-mode ${STANDALONE_ENV_MODE}`,
      );
    },
  );

  it('gives every remote its own folder, port and dev manifest', () => {
    expect(new Set(REMOTES.map((r) => r.devPort)).size).toBe(REMOTES.length);
    const manifests = devRemoteManifests('example.test');
    expect(manifests.mf_stats).toBe('http://example.test:3005/mf-manifest.json');
    expect(Object.keys(manifests)).toEqual(REMOTES.map((r) => r.name));
  });
});
