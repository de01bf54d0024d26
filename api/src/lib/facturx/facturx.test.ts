import { InvoiceService } from '@e-invoice-eu/core';
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import type { FactureDocument } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { toCiiInvoice } from './cii-invoice';
import {
  creditNote,
  largeInvoice,
  mixedRatesInvoice,
  MOTIF_EXONERATION,
  plainInvoice,
} from './facturx.fixture';
import { renderFacturX, readFacturXXml, parseCiiInvoice, CiiParseError } from './index';
import { renderInvoicePdf } from './invoice-pdf';
import { describeValidation, validateCii, validateXsd } from './validation/validate-cii';

// The first run compiles the schematron's XSLT (some 15 s of CPU, more on a loaded machine), then the 500-line
// invoice's schematron run takes some 10 s.
const SLOW = 240_000;

const DOCUMENTS: [string, () => FactureDocument][] = [
  ['a plain invoice', plainInvoice],
  ['an invoice with several VAT rates and a 0 % exempt line', mixedRatesInvoice],
  ['a credit note', creditNote],
  ['a 500-line invoice', () => largeInvoice(500)],
];

const silent = { log: () => undefined, warn: () => undefined, error: () => undefined };

describe('Factur-X EN 16931: the XML passes the official XSD and schematron', () => {
  it.each(DOCUMENTS)(
    '%s',
    async (_, build) => {
      const document = build();
      const { xml } = await renderFacturX(document);
      const validation = await validateCii(xml);
      expect(
        validation.xsdErrors.length + validation.schematronErrors.length,
        describeValidation(validation),
      ).toBe(0);
      // Warnings too: the mapping is meant to be clean, not only valid.
      expect(validation.schematronWarnings.map((warning) => `[${warning.id}] ${warning.text}`)).toEqual([]);
    },
    SLOW,
  );

  it(
    'rejects a document whose totals do not match its lines (the validation can fail)',
    async () => {
      const document = plainInvoice();
      const broken = { ...document, totaux: { ...document.totaux, totalHt: '1.00' } };
      const { xml } = await renderFacturX(broken);
      const validation = await validateCii(xml);
      expect(validation.schematronErrors.map((failure) => failure.id)).toEqual(
        expect.arrayContaining(['BR-CO-10', 'BR-CO-15']),
      );
    },
    SLOW,
  );

  it(
    'rejects, through the XSD, a CII without ApplicableHeaderTradeDelivery (why the delivery block is given)',
    async () => {
      const { xml } = await renderFacturX(plainInvoice());
      expect(await validateXsd(xml)).toEqual([]);
      const withoutDelivery = xml.replace(
        /<ram:ApplicableHeaderTradeDelivery>[\s\S]*?<\/ram:ApplicableHeaderTradeDelivery>/,
        '',
      );
      expect(withoutDelivery).not.toBe(xml);
      expect((await validateXsd(withoutDelivery)).join('\n')).toMatch(/ApplicableHeaderTradeSettlement/);
    },
    SLOW,
  );

  it.each(DOCUMENTS)('%s is valid input for the library (its JSON schema)', async (_, build) => {
    const xml = await new InvoiceService(silent).generate(toCiiInvoice(build()), {
      format: 'CII',
      lang: 'fr-fr',
    });
    expect(String(xml)).toContain('<rsm:CrossIndustryInvoice');
  });
});

describe('the Factur-X PDF', () => {
  it('is a PDF/A-3 carrying factur-x.xml (Alternative) and the Factur-X XMP of profile EN 16931', async () => {
    const { pdf, xml } = await renderFacturX(mixedRatesInvoice());
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const loaded = await PDFDocument.load(pdf, { updateMetadata: false });
    const attachments = loaded.getAttachments();
    expect(
      attachments.map((attachment) => [attachment.name, attachment.afRelationship, attachment.mimeType]),
    ).toEqual([['factur-x.xml', 'Alternative', 'text/xml']]);
    expect(new TextDecoder().decode(attachments[0]?.data)).toBe(xml);
    const raw = pdf.toString('latin1');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(raw).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(loaded.catalog.has(PDFName.of('OutputIntents'))).toBe(true);
    // Every font embedded (PDF/A): each font descriptor has its font file, and there is at least one.
    const descriptors = loaded.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict)
      .filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(descriptors.length).toBeGreaterThan(0);
    expect(descriptors.every((dict) => dict.has(PDFName.of('FontFile2')))).toBe(true);
  });

  it('lays the annex of stays on pages after the invoice', async () => {
    const document = largeInvoice(500);
    const visible = await PDFDocument.load(await renderInvoicePdf(document));
    const withoutAnnex = await PDFDocument.load(await renderInvoicePdf({ ...document, annexe: [] }));
    expect(withoutAnnex.getPageCount()).toBeGreaterThan(5);
    expect(visible.getPageCount()).toBeGreaterThan(withoutAnnex.getPageCount() + 5);
  });

  it('carries a credit note as type 381 with the invoice it corrects', async () => {
    const { xml } = await renderFacturX(creditNote());
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>FA-2026-000123<\/ram:IssuerAssignedID>\s*<\/ram:InvoiceReferencedDocument>/,
    );
    expect(parseCiiInvoice(xml).factureReference).toBe('FA-2026-000123');
  });
});

describe('reading a Factur-X PDF back', () => {
  it('gives null for a PDF without the XML and for bytes that are no PDF', async () => {
    expect(await readFacturXXml(await renderInvoicePdf(plainInvoice()))).toBeNull();
    expect(await readFacturXXml(Buffer.from('not a pdf'))).toBeNull();
  });

  it('reads the names older ZUGFeRD versions gave the XML, not an Order-X order', async () => {
    const withAttachment = async (name: string) => {
      const pdf = await PDFDocument.load(await renderInvoicePdf(plainInvoice()));
      await pdf.attach(new TextEncoder().encode('<x/>'), name, { mimeType: 'text/xml' });
      return Buffer.from(await pdf.save());
    };
    expect(await readFacturXXml(await withAttachment('ZUGFeRD-invoice.xml'))).toBe('<x/>');
    expect(await readFacturXXml(await withAttachment('order-x.xml'))).toBeNull();
  });

  it('render → read → parse gives back the document’s figures', async () => {
    const document = mixedRatesInvoice();
    const { pdf } = await renderFacturX(document);
    const xml = await readFacturXXml(pdf);
    expect(xml).not.toBeNull();
    const parsed = parseCiiInvoice(xml ?? '');
    expect(parsed).toMatchObject({
      numero: document.numero,
      typeCode: '380',
      dateEmission: document.dateEmission,
      dateEcheance: document.dateEcheance,
      devise: 'EUR',
      periode: document.periode,
      vendeur: {
        raisonSociale: document.vendeur.raisonSociale,
        identifiantLegal: document.vendeur.siren,
        numeroTva: document.vendeur.numeroTva,
      },
      acheteur: { raisonSociale: document.acheteur.raisonSociale, identifiantLegal: document.acheteur.siret },
      totaux: {
        totalHt: document.totaux.totalHt,
        totalTva: document.totaux.totalTva,
        totalTtc: document.totaux.totalTtc,
        netAPayer: document.totaux.netAPayer,
      },
    });
    expect(parsed.tva).toEqual(
      document.tva.map((tva) => ({
        categorieTva: tva.categorieTva,
        tauxTva: tva.tauxTva,
        baseHt: tva.baseHt,
        montantTva: tva.montantTva,
        ...(tva.motifExoneration ? { motifExoneration: MOTIF_EXONERATION } : {}),
      })),
    );
    expect(parsed.lignes).toEqual(
      document.lignes.map((ligne) => ({
        numero: String(ligne.numero),
        libelle: ligne.libelle,
        quantite: ligne.quantite,
        unite: ligne.unite,
        prixUnitaireHt: ligne.prixUnitaireHt,
        montantHt: ligne.montantHt,
        tauxTva: ligne.tauxTva,
        categorieTva: ligne.categorieTva,
        ...(ligne.periode ? { periode: ligne.periode } : {}),
      })),
    );
    expect(parsed.notes.join('\n')).toContain('40 €');
  });

  it('reads a credit note’s reference and another producer’s prefixes and number forms', () => {
    const xml = `<?xml version="1.0"?>
<x:CrossIndustryInvoice xmlns:x="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:a="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:u="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <x:ExchangedDocument><a:ID>H-77</a:ID><a:TypeCode>381</a:TypeCode>
    <a:IssueDateTime><u:DateTimeString format="102">20261203</u:DateTimeString></a:IssueDateTime></x:ExchangedDocument>
  <x:SupplyChainTradeTransaction>
    <a:IncludedSupplyChainTradeLineItem>
      <a:AssociatedDocumentLineDocument><a:LineID>001</a:LineID><a:IncludedNote><a:Content>Chambre 12</a:Content></a:IncludedNote></a:AssociatedDocumentLineDocument>
      <a:SpecifiedTradeProduct><a:Name>Nuitée</a:Name></a:SpecifiedTradeProduct>
      <a:SpecifiedLineTradeAgreement><a:NetPriceProductTradePrice><a:ChargeAmount>54.5000</a:ChargeAmount></a:NetPriceProductTradePrice></a:SpecifiedLineTradeAgreement>
      <a:SpecifiedLineTradeDelivery><a:BilledQuantity unitCode="DAY">2.000</a:BilledQuantity></a:SpecifiedLineTradeDelivery>
      <a:SpecifiedLineTradeSettlement>
        <a:ApplicableTradeTax><a:TypeCode>VAT</a:TypeCode><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>10</a:RateApplicablePercent></a:ApplicableTradeTax>
        <a:BillingSpecifiedPeriod><a:StartDateTime><u:DateTimeString format="102">20261101</u:DateTimeString></a:StartDateTime><a:EndDateTime><u:DateTimeString format="102">20261103</u:DateTimeString></a:EndDateTime></a:BillingSpecifiedPeriod>
        <a:SpecifiedTradeSettlementLineMonetarySummation><a:LineTotalAmount>109</a:LineTotalAmount></a:SpecifiedTradeSettlementLineMonetarySummation>
      </a:SpecifiedLineTradeSettlement>
    </a:IncludedSupplyChainTradeLineItem>
    <a:ApplicableHeaderTradeAgreement><a:SellerTradeParty><a:Name>Hôtel du Parc</a:Name></a:SellerTradeParty><a:BuyerTradeParty><a:Name>Centrale</a:Name></a:BuyerTradeParty></a:ApplicableHeaderTradeAgreement>
    <a:ApplicableHeaderTradeSettlement>
      <a:InvoiceCurrencyCode>EUR</a:InvoiceCurrencyCode>
      <a:InvoiceReferencedDocument><a:IssuerAssignedID>H-70</a:IssuerAssignedID></a:InvoiceReferencedDocument>
      <a:SpecifiedTradeSettlementHeaderMonetarySummation>
        <a:TaxBasisTotalAmount>109</a:TaxBasisTotalAmount><a:TaxTotalAmount currencyID="EUR">10.9</a:TaxTotalAmount>
        <a:GrandTotalAmount>119.90</a:GrandTotalAmount><a:DuePayableAmount>119.9</a:DuePayableAmount>
      </a:SpecifiedTradeSettlementHeaderMonetarySummation>
    </a:ApplicableHeaderTradeSettlement>
  </x:SupplyChainTradeTransaction>
</x:CrossIndustryInvoice>`;
    const parsed = parseCiiInvoice(xml);
    expect(parsed).toMatchObject({
      numero: 'H-77',
      typeCode: '381',
      dateEmission: '2026-12-03',
      factureReference: 'H-70',
      vendeur: { raisonSociale: 'Hôtel du Parc' },
      totaux: { totalHt: '109.00', totalTva: '10.90', totalTtc: '119.90', netAPayer: '119.90' },
    });
    expect(parsed.lignes).toEqual([
      {
        numero: '001',
        libelle: 'Nuitée',
        quantite: '2',
        unite: 'DAY',
        prixUnitaireHt: '54.50',
        montantHt: '109.00',
        tauxTva: '10.00',
        categorieTva: 'S',
        periode: { debut: '2026-11-01', fin: '2026-11-03' },
        note: 'Chambre 12',
      },
    ]);
  });

  it('refuses what is not a CII invoice with a CiiParseError', () => {
    expect(() =>
      parseCiiInvoice('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
    ).toThrow(CiiParseError);
    expect(() => parseCiiInvoice('not xml <')).toThrow(CiiParseError);
  });
});
