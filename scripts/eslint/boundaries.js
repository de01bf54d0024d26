// ESLint rule `ebas3/boundaries`: the import graph keeps its shape (ARCHITECTURE « Top level », STYLE « Frontend
// apps »). Relative and package imports are both resolved to the folder they land in:
// - `shared` imports no app;
// - an app (host or remote) imports no other app;
// - a file of `src/features/<a>/` imports nothing from `src/features/<b>/`: pages that combine features compose
//   them in `src/app/`, features share through `src/lib/` or `shared`.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const APP = /^(host-shell|mf-[a-z-]+)$/;

/** Where a path sits: its package folder, and its feature when it is inside `src/features/<feature>/`. */
function place(path) {
  const parts = relative(ROOT, path).split(sep);
  const pkg = parts[0] ?? '';
  const feature = parts[1] === 'src' && parts[2] === 'features' ? parts[3] : undefined;
  return { pkg, feature };
}

/** The folder an import lands in, or null for a third-party package. */
function target(specifier, file) {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  const name = specifier.split('/')[0];
  if (name === 'shared' || APP.test(name)) return resolve(ROOT, name, 'src');
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Frontières : shared n'importe aucune app, aucune app n'importe une autre, aucune feature n'importe une autre.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = place(file);
    if (from.pkg !== 'shared' && !APP.test(from.pkg)) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const path = target(specifier, file);
      if (!path) return;
      const to = place(path);
      let message;
      if (from.pkg === 'shared' && APP.test(to.pkg))
        message = `shared n'importe aucune application (${specifier}).`;
      else if (APP.test(from.pkg) && APP.test(to.pkg) && to.pkg !== from.pkg)
        message = `${from.pkg} n'importe pas ${to.pkg} : passer par shared ou par le registre des remotes.`;
      else if (from.feature && to.pkg === from.pkg && to.feature && to.feature !== from.feature)
        message = `La feature « ${from.feature} » n'importe pas « ${to.feature} » : composer les deux dans src/app/, ou partager par src/lib/ ou shared.`;
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
