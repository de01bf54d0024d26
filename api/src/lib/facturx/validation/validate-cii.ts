/**
 * Validation of a CII invoice against the official EN 16931 artefacts vendored beside this file (README.md): the
 * UN/CEFACT D16B XSD through xmllint compiled to WebAssembly (xmllint-wasm), then the CEN schematron's XSLT through
 * SaxonJS. Both are npm packages: CI needs nothing but Node. Used by the tests (devDependencies only).
 *
 * SaxonJS runs a compiled stylesheet (SEF). Compiling the 700 kB XSLT takes some 15 s of CPU (40 s on a loaded
 * machine), so the SEF of the vendored XSLT is vendored too, gzipped, named after the XSLT's hash; for another XSLT
 * (an update not yet followed by its SEF) it is compiled once and kept in node_modules/.cache under the same name.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

const HERE = dirname(fileURLToPath(import.meta.url));
const XSLT = join(HERE, 'schematron', 'EN16931-CII-validation.xslt');
const XSD_DIR = join(HERE, 'xsd');
const XSD_MAIN = 'CrossIndustryInvoice_100pD16B.xsd';
const XSD_IMPORTS = [
  'CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd',
  'CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd',
  'CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd',
];
const CACHE_DIR = join(HERE, '..', '..', '..', '..', 'node_modules', '.cache', 'facturx-validation');

export interface SchematronFailure {
  id: string;
  flag: string;
  location: string;
  text: string;
}

export interface CiiValidation {
  xsdErrors: string[];
  /** Failed assertions flagged fatal: the EN 16931 errors. */
  schematronErrors: SchematronFailure[];
  /** Failed assertions flagged warning. */
  schematronWarnings: SchematronFailure[];
}

let sefPromise: Promise<string> | undefined;

/** The compiled schematron (SEF, JSON text): the vendored one, else compiled on first use. */
export function compiledSchematron(): Promise<string> {
  sefPromise ??= (async () => {
    const hash = createHash('sha256').update(readFileSync(XSLT)).digest('hex').slice(0, 16);
    const name = `EN16931-CII-validation-${hash}.sef.json`;
    const vendored = join(HERE, 'schematron', `${name}.gz`);
    if (existsSync(vendored)) return gunzipSync(readFileSync(vendored)).toString('utf8');
    const sef = join(CACHE_DIR, name);
    if (!existsSync(sef)) {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${sef}.${process.pid}.tmp`;
      const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
      await promisify(execFile)(
        process.execPath,
        [xslt3, `-xsl:${XSLT}`, `-export:${partial}`, '-nogo', '-relocate:on'],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      renameSync(partial, sef);
    }
    return readFileSync(sef, 'utf8');
  })();
  return sefPromise;
}

let schemas: {
  main: { fileName: string; contents: string };
  imports: { fileName: string; contents: string }[];
};
function xsdFiles() {
  schemas ??= {
    main: { fileName: XSD_MAIN, contents: readFileSync(join(XSD_DIR, XSD_MAIN), 'utf8') },
    imports: XSD_IMPORTS.map((fileName) => ({
      fileName,
      contents: readFileSync(join(XSD_DIR, fileName), 'utf8'),
    })),
  };
  return schemas;
}

export async function validateXsd(xml: string): Promise<string[]> {
  const { main, imports } = xsdFiles();
  const result = await validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: main,
    preload: imports,
    maxMemoryPages: 16 * 1024,
  });
  return result.errors.map((error) => error.rawMessage);
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The failed assertions of the SVRL report the schematron's XSLT writes. */
export function failedAssertions(svrl: string): SchematronFailure[] {
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map((match) => {
    const attributes = match[1] ?? '';
    const attribute = (name: string) =>
      decode(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '');
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1] ?? '';
    return {
      id: attribute('id'),
      flag: attribute('flag'),
      location: attribute('location'),
      text: decode(text).trim(),
    };
  });
}

export async function validateSchematron(xml: string): Promise<SchematronFailure[]> {
  const stylesheetText = await compiledSchematron();
  const result = (await SaxonJS.transform(
    { stylesheetText, sourceText: xml, destination: 'serialized' },
    'async',
  )) as { principalResult: string };
  return failedAssertions(result.principalResult);
}

export async function validateCii(xml: string): Promise<CiiValidation> {
  const [xsdErrors, failures] = await Promise.all([validateXsd(xml), validateSchematron(xml)]);
  return {
    xsdErrors,
    schematronErrors: failures.filter((failure) => failure.flag !== 'warning'),
    schematronWarnings: failures.filter((failure) => failure.flag === 'warning'),
  };
}

/** A report for a failing test: every error with its rule and where it is. */
export function describeValidation(validation: CiiValidation): string {
  return [
    ...validation.xsdErrors.map((error) => `XSD: ${error}`),
    ...validation.schematronErrors.map((failure) => `[${failure.id}] ${failure.text} (${failure.location})`),
  ].join('\n');
}
