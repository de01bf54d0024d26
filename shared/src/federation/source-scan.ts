/**
 * What an app's sources import and call, read from their syntax at build time (requirements-plugin.ts). Node only.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { apiOperation } from '../contract/compatibility';

/** Every non-test TypeScript source under `dir`: what the browser runs. */
export function browserSources(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const path = join(current, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.(test|fixture)\.tsx?$/.test(entry)) files.push(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  return files.sort();
}

const parse = (file: string, text = readFileSync(file, 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/** Value names (not type-only) each of `specifiers` is imported with across `sources` (file path → its text). */
export function importedNames(
  sources: ReadonlyMap<string, string>,
  specifiers: readonly string[],
): Record<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    for (const statement of parse(file, text).statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!specifiers.includes(specifier) || !clause || clause.isTypeOnly) continue;
      const names = found.get(specifier) ?? new Set<string>();
      found.set(specifier, names);
      if (clause.name) names.add('default');
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
    }
  }
  return Object.fromEntries(
    [...found]
      .filter(([, names]) => names.size > 0)
      .map(([specifier, names]) => [specifier, [...names].sort()]),
  );
}

/** The file an entry of the `shared` package (`shared/realtime`) points at, from a file inside that package. */
function sharedEntry(from: string, specifier: string): string | null {
  for (let dir = dirname(from); dir !== dirname(dir); dir = dirname(dir)) {
    const manifestFile = join(dir, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      name?: string;
      exports?: Record<string, string>;
    };
    if (manifest.name !== 'shared') return null;
    const target = manifest.exports?.[`.${specifier.slice('shared'.length)}`];
    return target === undefined ? null : join(dir, target);
  }
  return null;
}

const resolveModule = (from: string, specifier: string): string | null => {
  if (/^shared(\/|$)/.test(specifier)) return sharedEntry(from, specifier);
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
};

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The value names a module exports, following `export * from './…'` within the package. */
export function exportedNames(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const names = new Set<string>();
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const target =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (!statement.exportClause) {
        const resolved = target === null ? null : resolveModule(file, target);
        if (resolved) for (const name of exportedNames(resolved, seen)) names.add(name);
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements)
          if (!element.isTypeOnly) names.add(element.name.text);
      }
    } else if (ts.isExportAssignment(statement)) names.add('default');
    else if (isExported(statement)) {
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
        }
      else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isEnumDeclaration(statement)) &&
        statement.name
      )
        names.add(statement.name.text);
    }
  }
  return [...names].sort();
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Stands for a value only known at run time (`${id}`) in a path template. */
const PARAMETER = '{}';

/** The API operations found in `sources`, and how many calls had a path built at run time (not checked). */
export interface ApiCalls {
  operations: string[];
  unresolved: number;
}

/**
 * The API operations the sources call through the one HTTP client (`apiClient.get(STATS_PATHS.pax)`,
 * ``apiClient.put(`${DEMANDES_PATHS.one}/${id}/refuser`)``), as apiOperation writes them. A path is resolved from
 * string literals, templates, the file's own constants and the values `contract` exports (its path objects and
 * path functions, called with a parameter); a call whose path starts with a run-time value is counted unresolved.
 */
export function apiCalls(sources: ReadonlyMap<string, string>, contract: Record<string, unknown>): ApiCalls {
  const operations = new Set<string>();
  let unresolved = 0;
  for (const [file, text] of sources) {
    const source = parse(file, text);
    const constants = new Map<string, ts.Expression>();
    const visitConstants = (node: ts.Node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isVariableDeclarationList(node.parent) &&
        node.parent.flags & ts.NodeFlags.Const
      )
        constants.set(node.name.text, node.initializer);
      ts.forEachChild(node, visitConstants);
    };
    visitConstants(source);

    const value = (node: ts.Expression, depth = 0): unknown => {
      if (depth > 8) return undefined;
      if (ts.isStringLiteralLike(node)) return node.text;
      if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
        return value(node.expression, depth + 1);
      if (ts.isTemplateExpression(node))
        return node.templateSpans.reduce((path, span) => {
          const part = value(span.expression, depth + 1);
          return `${path}${typeof part === 'string' ? part : PARAMETER}${span.literal.text}`;
        }, node.head.text);
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        const [left, right] = [value(node.left, depth + 1), value(node.right, depth + 1)];
        return `${typeof left === 'string' ? left : PARAMETER}${typeof right === 'string' ? right : PARAMETER}`;
      }
      if (ts.isIdentifier(node)) {
        const local = constants.get(node.text);
        if (local) return value(local, depth + 1);
        return contract[node.text];
      }
      if (ts.isPropertyAccessExpression(node)) {
        const object = value(node.expression, depth + 1);
        return typeof object === 'object' && object !== null
          ? (object as Record<string, unknown>)[node.name.text]
          : undefined;
      }
      if (ts.isElementAccessExpression(node)) {
        const [object, key] = [value(node.expression, depth + 1), value(node.argumentExpression, depth + 1)];
        return typeof object === 'object' && object !== null && typeof key === 'string'
          ? (object as Record<string, unknown>)[key]
          : undefined;
      }
      if (ts.isCallExpression(node)) {
        const callee = value(node.expression, depth + 1);
        if (typeof callee !== 'function') return undefined;
        try {
          const result: unknown = (callee as (...args: string[]) => unknown)(
            ...node.arguments.map(() => PARAMETER),
          );
          return typeof result === 'string'
            ? result.replaceAll(encodeURIComponent(PARAMETER), PARAMETER)
            : undefined;
        } catch {
          return undefined;
        }
      }
      return undefined;
    };

    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'apiClient' &&
        HTTP_METHODS.has(node.expression.name.text) &&
        node.arguments[0]
      ) {
        const path = value(node.arguments[0]);
        if (typeof path === 'string' && path.startsWith('/'))
          operations.add(apiOperation(node.expression.name.text, path));
        else unresolved += 1;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { operations: [...operations].sort(), unresolved };
}
