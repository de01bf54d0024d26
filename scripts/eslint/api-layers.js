// ESLint rule `ebas3/api-layers`: the API's import graph runs one way (docs/api.md « Modules et couches »).
// Files of api/src are placed on layers, from the bottom up:
// - `errors.ts`, `config-constants.ts`, `api-dir.ts` (the api/ folder, from src/ and from the bundle in dist/): leaves,
//   import nothing of the API;
// - `db/`: imports only db/ and the leaves;
// - `lib/`: imports only lib/, db/ and the leaves;
// - `modules/<m>/`: imports its own files, lib/, db/, the leaves, and another module only through its `index.ts`
//   (its public services), never a plugin nor the top;
// - `plugins/`: imports the layers below, and modules only through their `index.ts`;
// - `config.ts`: a leaf but for the modes beside it;
// - the top (`app.ts`, `server.ts`, `demo/`, …): anything.
// From `shared`, db/, lib/ and the modules import only `shared/contract` (the API's contract with the screens). Test files are not checked: a test may reach into the file it tests.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const API_SRC = resolve(ROOT, 'api', 'src');
const LEAVES = new Set([
  'errors.ts',
  'errors',
  'config-constants.ts',
  'config-constants',
  'api-dir.ts',
  'api-dir',
]);
const TEST = /\.(test|fixture)\.[cm]?[jt]sx?$/;

/** Where a path of api/src sits: its layer, and for a module its name and whether it is the module's index. */
function place(path) {
  const parts = relative(API_SRC, path).split(sep);
  if (parts[0] === '..' || parts[0] === '') return { layer: 'outside' };
  const [first, second, third] = parts;
  if (parts.length === 1) {
    if (LEAVES.has(first)) return { layer: 'leaf' };
    if (first === 'config.ts' || first === 'config') return { layer: 'config' };
    return { layer: 'top' };
  }
  if (first === 'db' || first === 'lib' || first === 'plugins') return { layer: first };
  if (first === 'modules') {
    const index = parts.length === 2 || (parts.length === 3 && /^index(\.[jt]s)?$/.test(third));
    return { layer: 'module', module: second, index };
  }
  return { layer: 'top' };
}

/** May a file on `from` import `to`? A message saying why not, or undefined. */
function problem(from, to, specifier) {
  if (to.layer === 'outside') return undefined;
  if (to.layer === 'leaf') return undefined;
  switch (from.layer) {
    case 'leaf':
      return `${specifier} : ce fichier est une feuille, il n'importe rien de l'API.`;
    case 'config':
      return `${specifier} : config.ts est une feuille (ses modes sont dans config-constants.ts).`;
    case 'db':
      return to.layer === 'db' ? undefined : `db/ n'importe que db/ (${specifier} remonte).`;
    case 'lib':
      return to.layer === 'db' || to.layer === 'lib'
        ? undefined
        : `lib/ n'importe que lib/ et db/ (${specifier} remonte).`;
    case 'module':
      if (to.layer === 'db' || to.layer === 'lib') return undefined;
      if (to.layer === 'module') {
        if (to.module === from.module || to.index) return undefined;
        return `Le module « ${from.module} » passe par modules/${to.module}/index.ts pour importer « ${to.module} » (${specifier}).`;
      }
      if (to.layer === 'plugins')
        return `Le module « ${from.module} » n'importe pas de plugin (${specifier}) : recevoir ce qu'il faut, ou le placer dans lib/.`;
      return `Le module « ${from.module} » n'importe pas ${specifier} : au-dessus de lui.`;
    case 'plugins':
      if (to.layer === 'db' || to.layer === 'lib' || to.layer === 'plugins') return undefined;
      if (to.layer === 'module')
        return to.index ? undefined : `Un plugin passe par modules/${to.module}/index.ts (${specifier}).`;
      return `Un plugin n'importe pas ${specifier} : au-dessus de lui.`;
    default:
      return undefined;
  }
}

/** The path a relative import lands on; null for a package. */
function target(specifier, file) {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  return null;
}

const SHARED = /^shared(\/|$)/;
const CONTRACT = /^shared\/contract(\/|$)/;

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Couches de l'API : db/ et lib/ n'importent ni module ni plugin, un module n'importe un autre que par son index.ts, aucun module n'importe un plugin.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (TEST.test(file)) return {};
    const from = place(file);
    if (from.layer === 'outside' || from.layer === 'top') return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let message;
      if (SHARED.test(specifier)) {
        if (from.layer !== 'plugins' && !CONTRACT.test(specifier))
          message = `L'API n'importe de shared que shared/contract (${specifier}).`;
      } else {
        const path = target(specifier, file);
        if (path) message = problem(from, place(path), specifier);
      }
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
