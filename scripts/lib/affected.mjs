// `pnpm affected`'s selection (issue 38 §5): which workspace packages a change touches, and their dependents.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Root files every package builds, checks or tests with: a change to one of them selects everything (the lockfile,
 * the catalog in pnpm-workspace.yaml, patched dependencies, the root TypeScript and lint settings, the root
 * package.json and its scripts, the custom lint rules).
 */
const SELECTS_EVERYTHING = [
  /^pnpm-lock\.yaml$/,
  /^pnpm-workspace\.yaml$/,
  /^patches\//,
  /^tsconfig[^/]*\.json$/,
  /^eslint\.config\.[cm]?js$/,
  /^\.prettierrc[^/]*$/,
  /^\.prettierignore$/,
  /^package\.json$/,
  /^scripts\/eslint\//,
];

/**
 * The packages to check for a list of changed files (paths from the repository's root): the package of each file,
 * then every package that depends on one of them, transitively; or all of them, with the file that says so. Files
 * outside every package (docs, scripts) select nothing. `packages`: `{ name, dir, dependsOn: [names] }`, in the
 * workspace's order, which the answer keeps.
 */
export function selectAffected(changedFiles, packages) {
  const trigger = changedFiles.find((file) => SELECTS_EVERYTHING.some((pattern) => pattern.test(file)));
  if (trigger !== undefined) return { all: true, reason: trigger, packages: packages.map((p) => p.name) };
  const selected = new Set(
    changedFiles.flatMap((file) => packages.filter((p) => file.startsWith(`${p.dir}/`)).map((p) => p.name)),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const p of packages)
      if (!selected.has(p.name) && p.dependsOn.some((name) => selected.has(name))) {
        selected.add(p.name);
        grew = true;
      }
  }
  return {
    all: false,
    reason: null,
    packages: packages.filter((p) => selected.has(p.name)).map((p) => p.name),
  };
}

/** The workspace's packages (pnpm-workspace.yaml's `packages`: folder names, `*` at the end of one allowed). */
export function workspacePackages(root) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^packages:\n((?:\s+- .+\n)+)/m.exec(yaml)?.[1] ?? '';
  const patterns = [...block.matchAll(/- ['"]?([^'"\n]+)['"]?/g)].map((m) => m[1].trim());
  const dirs = patterns.flatMap((pattern) =>
    pattern.endsWith('*')
      ? readdirSync(root, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && entry.name.startsWith(pattern.slice(0, -1)))
          .map((entry) => entry.name)
          .sort()
      : [pattern],
  );
  const manifests = dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }));
  const names = new Set(manifests.map(({ manifest }) => manifest.name));
  return manifests.map(({ dir, manifest }) => ({
    name: manifest.name,
    dir,
    scripts: Object.keys(manifest.scripts ?? {}),
    dependsOn: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((dep) =>
      names.has(dep),
    ),
  }));
}
