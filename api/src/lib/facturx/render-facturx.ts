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

export interface FacturX {
  /** The PDF/A-3 with its XML attached. */
  pdf: Buffer;
  /** The EN 16931 CII XML, exactly as attached. */
  xml: string;
}

export async function renderFacturX(document: FactureDocument): Promise<FacturX> {
  const visible = await renderInvoicePdf(document);
  const invoice = withLibraryWorkarounds(toCiiInvoice(document));
  service.fillInvoiceDefaults(invoice);
  const output = await service.generate(invoice, {
    format: FACTURX_FORMAT,
    lang: 'fr-fr',
    pdf: { buffer: visible, filename: `${document.numero}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  if (typeof output === 'string') throw new Error(`${FACTURX_FORMAT} : un PDF était attendu.`);
  const pdf = Buffer.from(output);
  // The XML is taken back from the PDF: what is stored beside the PDF is byte for byte what the PDF carries.
  const xml = await readFacturXXml(pdf);
  if (xml === null) throw new Error(`${FACTURX_FORMAT} : le XML n'est pas joint au PDF.`);
  return { pdf, xml };
}
