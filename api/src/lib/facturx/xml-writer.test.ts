import { FormatFactoryService } from '@e-invoice-eu/core';
import type { FactureDocument } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { toCiiInvoice, withLibraryWorkarounds } from './cii-invoice';
import { creditNote, largeInvoice, mixedRatesInvoice, plainInvoice } from './facturx.fixture';
import { readFacturXXml, renderFacturX } from './index';
import { renderInvoicePdf } from './invoice-pdf';
import {
  FACTURX_FORMAT,
  FAST_XML_WRITER,
  withLibraryHooks,
  type LibraryFacturXInternals,
} from './render-facturx';
import { writeXml } from './xml-writer';

const silent = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Text xmlbuilder2 decodes or escapes: entities, markup characters, quotes, an ampersand alone. */
const awkward = (): FactureDocument => {
  const document = plainInvoice();
  return {
    ...document,
    acheteur: { ...document.acheteur, raisonSociale: `Dupont & Fils <"L'Étape"> &amp; &#233;&#x41; &nbsp;` },
    mentions: ['Remise « fidélité » < 5 % & > 0 %'],
  };
};

const DOCUMENTS: [string, () => FactureDocument][] = [
  ['a plain invoice', plainInvoice],
  ['an invoice with several VAT rates and a 0 % exempt line', mixedRatesInvoice],
  ['a credit note', creditNote],
  ['a 500-line invoice', () => largeInvoice(500)],
  ['names with entities, markup characters and quotes', awkward],
];

/** The library's own rendering of a document: its CII tree (attributes cleaned) and the XML xmlbuilder2 makes. */
async function libraryRendering(document: FactureDocument): Promise<{ tree: object; xml: string }> {
  const format = new FormatFactoryService().createFormatService(FACTURX_FORMAT, silent);
  const internals = format as unknown as LibraryFacturXInternals;
  const renderXML = internals.renderXML.bind(format);
  let captured: { tree: object; xml: string } | undefined;
  internals.renderXML = (tree: object) => {
    const copy = structuredClone(tree);
    const xml = renderXML(tree);
    internals.cleanAttributes(copy);
    captured = { tree: copy, xml };
    return xml;
  };
  const invoice = withLibraryWorkarounds(toCiiInvoice(document));
  format.fillInvoiceDefaults(invoice);
  await format.generate(invoice, {
    format: FACTURX_FORMAT,
    lang: 'fr-fr',
    pdf: { buffer: await renderInvoicePdf(document), filename: 'x.pdf', mimetype: 'application/pdf' },
    noWarnings: true,
  });
  if (captured === undefined) throw new Error('renderXML was not called');
  return captured;
}

describe('the CII writer (xml-writer.ts) against the library’s own (xmlbuilder2)', () => {
  it('is the one renderFacturX uses', () => {
    expect(FAST_XML_WRITER).toBe(true);
  });

  it.each(DOCUMENTS)('%s: byte for byte the same XML', async (_, build) => {
    const document = build();
    const library = await libraryRendering(document);
    expect(writeXml(library.tree)).toBe(library.xml);
    const { pdf, xml } = await renderFacturX(document);
    expect(xml).toBe(library.xml);
    expect(await readFacturXXml(pdf)).toBe(xml);
  });

  it('writes elements, attributes, text, `#` content and repeated elements as xmlbuilder2 does', () => {
    expect(
      writeXml({
        a: { '@x': 'a"b', b: 'c', d: ['1', '2'], e: {}, f: '', g: { '#': { '#': 't', '@u': 'v' } } },
      }),
    ).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<a x="a&quot;b">',
        '\t<b>c</b>',
        '\t<d>1</d>',
        '\t<d>2</d>',
        '\t<e/>',
        '\t<f/>',
        '\t<g u="v">t</g>',
        '</a>',
      ].join('\n'),
    );
  });

  it('leaves to the library what it does not handle: comments, CDATA, mixed content, other values', () => {
    expect(writeXml({ a: { '!': 'comment' } })).toBeNull();
    expect(writeXml({ a: { $: 'cdata' } })).toBeNull();
    expect(writeXml({ a: { '#': 'text', b: 'element' } })).toBeNull();
    expect(writeXml({ a: { b: 1 } })).toBeNull();
    expect(writeXml({ a: { b: null } })).toBeNull();
    expect(writeXml({ a: {}, b: {} })).toBeNull();
  });

  it('gives each of two concurrent renders its own XML', async () => {
    const [first, second] = await Promise.all([renderFacturX(plainInvoice()), renderFacturX(creditNote())]);
    expect(first.xml).toContain('<ram:ID>FA-2026-000123</ram:ID>');
    expect(second.xml).toContain('<ram:ID>AV-2026-000004</ram:ID>');
    expect(await readFacturXXml(first.pdf)).toBe(first.xml);
    expect(await readFacturXXml(second.pdf)).toBe(second.xml);
  });

  it('keeps the library’s behaviour on a format service without the hooked methods', () => {
    expect(withLibraryHooks({})).toBe(false);
  });
});
