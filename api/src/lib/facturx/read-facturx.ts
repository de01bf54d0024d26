/**
 * Reading a Factur-X PDF back: the embedded CII XML, from our own invoices or from a hotel's. A hotel's software may
 * name the attachment after an older ZUGFeRD version or XRechnung: every name those standards gave it is read.
 */
import { PDFDocument } from '@cantoo/pdf-lib';

/** Attachment names of the hybrid formats, in the order they are preferred (lower case). */
const XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** The embedded invoice XML of a Factur-X / ZUGFeRD PDF, or null when the PDF carries none (or is no PDF). */
export async function readFacturXXml(pdf: Uint8Array): Promise<string | null> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return null;
  }
  const attachments = document.getAttachments();
  for (const name of XML_NAMES) {
    const found = attachments.find((attachment) => attachment.name.toLowerCase() === name);
    if (found) return new TextDecoder('utf-8').decode(found.data).replace(/^\uFEFF/, '');
  }
  return null;
}
