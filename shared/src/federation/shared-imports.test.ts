import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ANTD_COMPONENTS, antdModule, SHARED_PACKAGE_ENTRIES, sharedDependencies } from '.';

const ROOT = `${dirname(fileURLToPath(import.meta.resolve('../../../package.json')))}/`;
const APP_SOURCES = [
  'shared/src',
  'host-shell/src',
  ...readdirSync(ROOT)
    .filter((dir) => dir.startsWith('mf-'))
    .map((dir) => `${dir}/src`),
];

/** Every non-test source file of the apps and of `shared`: what the browser runs. */
function browserSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(path);
    }
  };
  for (const dir of APP_SOURCES) walk(join(ROOT, dir));
  return files;
}

/** Value (not type-only) names imported from `specifier`, with the files importing each. */
function valueImports(specifier: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of browserSources()) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (statement.moduleSpecifier.text !== specifier) continue;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) found.set('default', [...(found.get('default') ?? []), file]);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) found.set('*', [...(found.get('*') ?? []), file]);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const name = (element.propertyName ?? element.name).text;
          found.set(name, [...(found.get(name) ?? []), file.slice(ROOT.length)]);
        }
      }
    }
  }
  return found;
}

/** The names a module file re-exports (`export { a, b } from '…'`). */
function reExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)
      ? statement.exportClause.elements.map((element) => element.name.text)
      : [],
  );
}

/** Where an import lands among the browser sources: a relative path, or an entry of the `shared` package. */
function resolveImport(from: string, specifier: string): string | null {
  const entries: Record<string, string> = {
    shared: 'shared/src/index.ts',
    'shared/ui': 'shared/src/ui/index.ts',
    'shared/contract': 'shared/src/contract/index.ts',
    'shared/contract/values': 'shared/src/contract/values.ts',
    'shared/realtime': 'shared/src/notifications/realtime.ts',
    'shared/routes': 'shared/src/routes/index.ts',
    'shared/sign-in': 'shared/src/sign-in.ts',
  };
  if (!specifier.startsWith('.')) return entries[specifier] ? join(ROOT, entries[specifier]) : null;
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** The cycles of the value-import graph (type-only imports vanish at build time and are left out). */
function importCycles(): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of browserSources()) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const targets: string[] = [];
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
          ? statement.moduleSpecifier
          : undefined;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = resolveImport(file, specifier.text);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => file.slice(ROOT.length)));
}

/** `antd/es/table` → `antd`, `@rc-component/picker/es/x` → `@rc-component/picker`; `shared/contract` stays whole. */
const packageOf = (specifier: string) =>
  specifier === 'shared/contract'
    ? specifier
    : specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');

/**
 * The packages (bare specifiers the workspace does not resolve) reached from `entry` through value imports and
 * re-exports, `shared`'s own entries followed into their files; `shared/contract` itself is kept as reached.
 */
function packagesReached(entry: string): string[] {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
          ? statement.moduleSpecifier
          : undefined;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = specifier.text === 'shared/contract' ? null : resolveImport(file, specifier.text);
      if (target) visit(target);
      else reached.add(packageOf(specifier.text));
    }
  };
  visit(join(ROOT, entry));
  return [...reached].sort();
}

const missing = (imports: Map<string, string[]>, allowed: readonly string[]) =>
  Object.fromEntries([...imports].filter(([name]) => !allowed.includes(name)));

describe('modules shared piece by piece', () => {
  it('the apps import from antd only the components listed in ANTD_COMPONENTS', () => {
    const imports = valueImports('antd');
    expect(imports.size).toBeGreaterThan(10);
    // A component missing from the list would be bundled by the remote with its own ConfigProvider context.
    expect(missing(imports, ANTD_COMPONENTS)).toEqual({});
  });

  it('each listed antd component exists and is shared under its own module', () => {
    const shared = sharedDependencies();
    for (const component of ANTD_COMPONENTS) {
      const module = antdModule(component);
      expect(shared[module], module).toMatchObject({ singleton: true });
      expect(() => import.meta.resolve(module), module).not.toThrow();
    }
    expect(shared.antd).toBeUndefined();
    expect(shared['@ant-design/icons']).toBeUndefined();
  });

  it('antd is never imported from a deep path that would escape the per-component sharing', () => {
    // A type-only import is erased at build: it loads nothing, so it escapes nothing.
    const deep = browserSources().filter((file) =>
      /^import (?!type )[^;]*from 'antd\/(?!es\/locale\/)/m.test(readFileSync(file, 'utf8')),
    );
    expect(deep).toEqual([]);
  });

  it('the react-router-dom facade exports every router name the apps import', () => {
    const facade = reExports(fileURLToPath(import.meta.resolve('../vendor/react-router-dom.ts')));
    const imports = valueImports('react-router-dom');
    expect(imports.size).toBeGreaterThan(5);
    expect(missing(imports, facade)).toEqual({});
  });

  it('the browser sources have no import cycle (remotes are wings over shared)', () => {
    expect(importCycles()).toEqual([]);
  });

  it('shared/contract/values and shared/ui, with every file they import, are free of the schema library', () => {
    expect(packagesReached('shared/src/contract/values.ts')).toEqual([]);
    // shared/ui reaches antd, React, dayjs…, never TypeBox nor the contract's schemas (`shared/contract`).
    const ui = packagesReached('shared/src/ui/index.ts');
    expect(ui).toContain('antd');
    expect(ui.filter((specifier) => specifier === 'typebox' || specifier === 'shared/contract')).toEqual([]);
  });

  it('the screens of mf-reservations, mf-demandes and mf-rooming-pointage take only types from shared/contract', () => {
    const screens = [...valueImports('shared/contract')].filter(([, files]) =>
      files.some((file) => /^mf-(reservations|demandes|rooming-pointage)\//.test(file)),
    );
    expect(Object.fromEntries(screens)).toEqual({});
  });

  it('the host provides every shared module it does not import at start-up', () => {
    const file = join(ROOT, 'host-shell/src/app/provided-modules.ts');
    const text = readFileSync(file, 'utf8');
    const provided = [...text.matchAll(/^\s+'([^']+)': \(\) => import\('([^']+)'\),$/gm)].map((match) => {
      expect(match[2], 'each loader imports its own key').toBe(match[1]);
      return match[1];
    });
    const expected = [
      ...ANTD_COMPONENTS.map(antdModule),
      ...SHARED_PACKAGE_ENTRIES.filter((entry) => entry !== 'shared'),
    ];
    expect(provided.sort()).toEqual(expected.sort());
  });
});
