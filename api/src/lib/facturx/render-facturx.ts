/**
 * A FactureDocument as a Factur-X e-invoice (profile EN 16931): the visible PDF drawn here, turned by
 * @e-invoice-eu/core into a PDF/A-3b carrying its CII XML as the attachment « factur-x.xml » (AFRelationship
 * Alternative) and the Factur-X XMP metadata (fx:ConformanceLevel « EN 16931 »).
 */
import { FormatFactoryService, type Logger } from '@e-invoice-eu/core';
import type { FactureDocument } from 'shared/contract';
import { toCiiInvoice, withLibraryWorkarounds } from './cii-invoice';
import { renderInvoicePdf } from './invoice-pdf';
import { readFacturXXml } from './read-facturx';
import { writeXml } from './xml-writer';

export const FACTURX_FORMAT = 'Factur-X-EN16931';

/** The library reports through a logger: its warnings and errors go to the API's stderr, its chatter nowhere. */
const logger: Logger = {
  log: () => undefined,
  warn: (message: string) => console.warn(`[facturx] ${message}`),
  error: (message: string) => console.error(`[facturx] ${message}`),
};
/**
 * The format service itself rather than InvoiceService.generate: the latter compiles the library's JSON schema of
 * its input on every call (some 200 ms of CPU, two thirds of the 300 ms a 500-line invoice may take). The input is
 * typed by the library's own `Invoice` type, and the test suite runs it through InvoiceService (schema checked)
 * and the XML through the official XSD and schematron.
 */
const service = new FormatFactoryService().createFormatService(FACTURX_FORMAT, logger);

/** What the library's Factur-X format service has beyond its typings (FormatXMLService, FormatFacturXService). */
export interface LibraryFacturXInternals {
  renderXML(tree: object): string;
  cleanAttributes(tree: object): void;
  attachFiles(pdf: unknown, options: object): Promise<void>;
  attachFacturX(pdf: unknown, options: object, xml: string): Promise<void>;
}

/** The XML the library attached, per call of `generate` (keyed by that call's options object). */
const attachedXml = new WeakMap<object, string>();

/** Lets the event loop run: the library's steps await only resolved promises, so they would run as one slice. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Hooks on the library's format service, each keeping the library's behaviour when its internals change:
 * - the CII tree is written by xml-writer.ts rather than through xmlbuilder2's DOM (≈ 600 ms of CPU for 500 lines,
 *   almost all of it deep clones of the tree): the same bytes, which xml-writer.test.ts checks on every sample; a
 *   tree the writer does not handle goes to the library's writer;
 * - the XML the library attaches is kept, so the renderer need not parse the PDF it just made to find it again;
 * - the event loop runs between the PDF's parsing, the CII mapping and the PDF/A-3 writing (attachFiles is called
 *   between the first two, attachFacturX between the last two), so that requests wait behind one step, not three.
 * Returns whether the fast writer is in use.
 */
export function withLibraryHooks(format: object): boolean {
  const library = format as Partial<LibraryFacturXInternals>;
  const { renderXML, cleanAttributes, attachFiles, attachFacturX } = library;
  if (typeof attachFiles === 'function')
    library.attachFiles = async (pdf, options) => {
      await breathe();
      return attachFiles.call(library, pdf, options);
    };
  if (typeof attachFacturX === 'function')
    library.attachFacturX = async (pdf, options, xml) => {
      attachedXml.set(options, xml);
      await breathe();
      return attachFacturX.call(library, pdf, options, xml);
    };
  if (typeof renderXML !== 'function' || typeof cleanAttributes !== 'function') return false;
  library.renderXML = (tree: object) => {
    cleanAttributes.call(library, tree);
    return writeXml(tree) ?? renderXML.call(library, tree);
  };
  return true;
}
export const FAST_XML_WRITER = withLibraryHooks(service);

export interface FacturX {
  /** The PDF/A-3 with its XML attached. */
  pdf: Buffer;
  /** The EN 16931 CII XML, exactly as attached. */
  xml: string;
}

export async function renderFacturX(document: FactureDocument): Promise<FacturX> {
  const visible = await renderInvoicePdf(document);
  await breathe();
  const invoice = withLibraryWorkarounds(toCiiInvoice(document));
  service.fillInvoiceDefaults(invoice);
  const options = {
    format: FACTURX_FORMAT,
    lang: 'fr-fr',
    pdf: { buffer: visible, filename: `${document.numero}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  };
  const output = await service.generate(invoice, options);
  if (typeof output === 'string') throw new Error(`${FACTURX_FORMAT} : un PDF était attendu.`);
  const pdf = Buffer.from(output);
  // The XML the library attached to this PDF (UTF-8 encoded there): what is stored beside the PDF is byte for byte
  // what the PDF carries. Read back from the PDF only if the hook is gone.
  const xml = attachedXml.get(options) ?? (await readFacturXXml(pdf));
  if (xml === null) throw new Error(`${FACTURX_FORMAT} : le XML n'est pas joint au PDF.`);
  return { pdf, xml };
}
