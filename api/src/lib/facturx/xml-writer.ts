/**
 * The CII tree @e-invoice-eu/core builds, written as XML text byte for byte as the library's own `renderXML` writes
 * it through xmlbuilder2 (`create({ encoding: 'utf-8' }, tree).end({ prettyPrint: true, indent: '\t' })`): the XML
 * declaration, one tab per level, a text-only element on one line, an empty one self-closed, xmlbuilder2's entity
 * decoding of the input and its escaping of the output.
 *
 * Why: xmlbuilder2 builds a DOM before writing it, and the library declares the root's namespaces after its children,
 * so the DOM re-creates and deep-clones the whole tree twice (xmlbuilder2's `_updateNamespace`): ≈ 600 ms of CPU for a
 * 500-line invoice, against ≈ 10 ms here. The tree (elements, `@name` attributes, `#` text or content, arrays of
 * repeated elements) is the library's; only its writing is done here. Whatever else the tree holds (comments, CDATA,
 * processing instructions, mixed content, non-string values) makes `writeXml` return null and the caller use the
 * library's writer. facturx.test.ts compares both writers' bytes on every sample document.
 */

type Tree = Record<string, unknown>;

/** The entities xmlbuilder2's object reader decodes in text and attribute values before writing them. */
const ENTITIES: Record<string, string> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>' };
const decode = (text: string): string =>
  text
    .replace(/&(quot|amp|apos|lt|gt);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(?:x([a-fA-F0-9]+)|([0-9]+));/g, (_, hex: string | undefined, decimal: string | undefined) =>
      String.fromCodePoint(hex === undefined ? Number(decimal) : parseInt(hex, 16)),
    );
/** xmlbuilder2's escaping: an `&` that does not already start an entity, `<` and `>` (and `"` in attributes). */
const escapeText = (text: string): string =>
  text
    .replace(/&(?![A-Za-z]+;|#\d+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;');

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Keys xmlbuilder2 reads as something else than an element, attribute or text: comments, CDATA, instructions. */
const SPECIAL = /^[!$?]/;

class Unsupported extends Error {}

function writeElement(name: string, value: unknown, level: number, out: string[]): void {
  if (SPECIAL.test(name)) throw new Unsupported(name);
  const indent = '\t'.repeat(level);
  if (typeof value === 'string') {
    const text = escapeText(decode(value));
    out.push(text === '' ? `${indent}<${name}/>\n` : `${indent}<${name}>${text}</${name}>\n`);
    return;
  }
  if (!isTree(value)) throw new Unsupported(name);
  let attributes = '';
  let text: string | undefined;
  const children: [string, unknown][] = [];
  // A `#` key holding an object is read by xmlbuilder2 as more content of the same element (its attributes, text).
  const collect = (content: Tree) => {
    for (const [key, child] of Object.entries(content)) {
      if (key.startsWith('@')) {
        if (key === '@' || typeof child !== 'string') throw new Unsupported(key);
        attributes += ` ${key.slice(1)}="${escapeAttribute(decode(child))}"`;
      } else if (key.startsWith('#')) {
        if (isTree(child)) collect(child);
        else if (typeof child === 'string' && text === undefined) text = escapeText(decode(child));
        else throw new Unsupported(key);
      } else if (Array.isArray(child)) {
        for (const item of child) children.push([key, item]);
      } else children.push([key, child]);
    }
  };
  collect(value);
  if (text !== undefined && children.length > 0) throw new Unsupported(name);
  if (children.length === 0) {
    out.push(
      text ? `${indent}<${name}${attributes}>${text}</${name}>\n` : `${indent}<${name}${attributes}/>\n`,
    );
    return;
  }
  out.push(`${indent}<${name}${attributes}>\n`);
  for (const [key, child] of children) writeElement(key, child, level + 1, out);
  out.push(`${indent}</${name}>\n`);
}

/** The document `tree` (one root element) as xmlbuilder2 writes it, or null when it holds what is not handled. */
export function writeXml(tree: object): string | null {
  const entries = Object.entries(tree);
  if (entries.length !== 1) return null;
  const [[name, root]] = entries as [[string, unknown]];
  if (name.startsWith('@') || name.startsWith('#') || Array.isArray(root)) return null;
  const out = ['<?xml version="1.0" encoding="utf-8"?>\n'];
  try {
    writeElement(name, root, 0, out);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
  return out.join('').slice(0, -1);
}
