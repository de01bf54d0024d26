/**
 * A FactureDocument in @e-invoice-eu/core's input format (EN 16931 business terms in UBL element names), which the
 * library maps to the CII syntax of the Factur-X EN 16931 profile. Values are copied, never computed: the document
 * was frozen at issue with its amounts already rounded (DOMAIN.md), the XML carries the same figures as the PDF.
 */
import type { Invoice } from '@e-invoice-eu/core';
import type { DocumentAdresse, DocumentTva, FactureDocument } from 'shared/contract';

type UblInvoice = Invoice['ubl:Invoice'];
type Party = UblInvoice['cac:AccountingSupplierParty']['cac:Party'];
type BuyerParty = UblInvoice['cac:AccountingCustomerParty']['cac:Party'];
type InvoiceLine = UblInvoice['cac:InvoiceLine'][number];
type TaxSubtotal = NonNullable<UblInvoice['cac:TaxTotal'][0]['cac:TaxSubtotal']>[number];
type CountryCode = Party['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'];

/**
 * ISO 6523 schemes of a French SIREN (seller's BT-30) and SIRET (buyer's BT-47). The seller's SIRET is printed but
 * not carried as BT-29: the library (2.3.4) drops the seller's party identifiers whatever their form.
 */
const SCHEME_SIREN = '0002';
const SCHEME_SIRET = '0009';
const CURRENCY = 'EUR';

function address(adresse: DocumentAdresse): Party['cac:PostalAddress'] {
  return {
    'cbc:StreetName': adresse.ligne1,
    ...(adresse.ligne2 ? { 'cbc:AdditionalStreetName': adresse.ligne2 } : {}),
    'cbc:CityName': adresse.ville,
    'cbc:PostalZone': adresse.codePostal,
    'cac:Country': { 'cbc:IdentificationCode': adresse.pays as CountryCode },
  };
}

function seller(document: FactureDocument): Party {
  const { vendeur } = document;
  const contact = {
    ...(vendeur.telephone ? { 'cbc:Telephone': vendeur.telephone } : {}),
    ...(vendeur.email ? { 'cbc:ElectronicMail': vendeur.email } : {}),
  };
  return {
    'cac:PostalAddress': address(vendeur.adresse),
    'cac:PartyTaxScheme': [{ 'cbc:CompanyID': vendeur.numeroTva, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': vendeur.raisonSociale,
      'cbc:CompanyID': vendeur.siren,
      'cbc:CompanyID@schemeID': SCHEME_SIREN,
      ...(vendeur.formeJuridique ? { 'cbc:CompanyLegalForm': vendeur.formeJuridique } : {}),
    },
    ...(Object.keys(contact).length > 0 ? { 'cac:Contact': contact } : {}),
  };
}

function buyer(document: FactureDocument): BuyerParty {
  const { acheteur } = document;
  return {
    'cac:PostalAddress': address(acheteur.adresse),
    ...(acheteur.numeroTva
      ? {
          'cac:PartyTaxScheme': { 'cbc:CompanyID': acheteur.numeroTva, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        }
      : {}),
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': acheteur.raisonSociale,
      ...(acheteur.siret ? { 'cbc:CompanyID': acheteur.siret, 'cbc:CompanyID@schemeID': SCHEME_SIRET } : {}),
    },
    ...(acheteur.email ? { 'cac:Contact': { 'cbc:ElectronicMail': acheteur.email } } : {}),
  };
}

/** A zero-rated line (Z) carries no exemption text in EN 16931 (BR-Z-10); an exempt one (E) must (BR-E-10). */
function taxSubtotal(tva: DocumentTva): TaxSubtotal {
  return {
    'cbc:TaxableAmount': tva.baseHt,
    'cbc:TaxableAmount@currencyID': CURRENCY,
    'cbc:TaxAmount': tva.montantTva,
    'cbc:TaxAmount@currencyID': CURRENCY,
    'cac:TaxCategory': {
      'cbc:ID': tva.categorieTva,
      'cbc:Percent': tva.tauxTva,
      ...(tva.categorieTva !== 'Z' && tva.categorieTva !== 'S' && tva.motifExoneration
        ? { 'cbc:TaxExemptionReason': tva.motifExoneration }
        : {}),
      'cac:TaxScheme': { 'cbc:ID': 'VAT' },
    },
  };
}

function line(ligne: FactureDocument['lignes'][number]): InvoiceLine {
  return {
    'cbc:ID': String(ligne.numero),
    'cbc:InvoicedQuantity': ligne.quantite,
    'cbc:InvoicedQuantity@unitCode': ligne.unite,
    'cbc:LineExtensionAmount': ligne.montantHt,
    'cbc:LineExtensionAmount@currencyID': CURRENCY,
    ...(ligne.periode
      ? { 'cac:InvoicePeriod': { 'cbc:StartDate': ligne.periode.debut, 'cbc:EndDate': ligne.periode.fin } }
      : {}),
    'cac:Item': {
      'cbc:Name': ligne.libelle,
      'cac:ClassifiedTaxCategory': {
        'cbc:ID': ligne.categorieTva,
        'cbc:Percent': ligne.tauxTva,
        'cac:TaxScheme': { 'cbc:ID': 'VAT' },
      },
    },
    'cac:Price': { 'cbc:PriceAmount': ligne.prixUnitaireHt, 'cbc:PriceAmount@currencyID': CURRENCY },
  };
}

function paymentMeans(document: FactureDocument): Pick<UblInvoice, 'cac:PaymentMeans'> {
  // A credit note is settled against the invoice it corrects: no payment instruction.
  if (document.type === 'avoir') return {};
  const { iban, bic } = document.vendeur;
  // 58 SEPA credit transfer when the seller gave its account, else 30 credit transfer (the account is then on file).
  if (!iban)
    return { 'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '30', 'cbc:PaymentID': document.numero }] };
  return {
    'cac:PaymentMeans': [
      {
        'cbc:PaymentMeansCode': '58',
        'cbc:PaymentID': document.numero,
        'cac:PayeeFinancialAccount': {
          'cbc:ID': iban.replace(/\s+/g, ''),
          ...(bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': bic } } : {}),
        },
      },
    ],
  };
}

/**
 * What @e-invoice-eu/core 2.3.4 needs beyond its own schema: its CII mapping reads a preceding invoice's number
 * (BT-25) directly under each `cac:BillingReference`, not under `cac:InvoiceDocumentReference` where its schema and
 * UBL put it, so a credit note would lose the invoice it corrects; the number is copied there. The date (BT-26) is
 * not: the library would write it as udt:DateTimeString where the XSD wants qdt:DateTimeString, and EN 16931 needs
 * it only when the number is not unique (ours are). The format service is called without the schema check
 * (render-facturx.ts); the tests of BG-3 and of the XSD catch the day the library changes.
 */
export function withLibraryWorkarounds(invoice: Invoice): Invoice {
  const references = invoice['ubl:Invoice']['cac:BillingReference'];
  if (references === undefined) return invoice;
  return {
    'ubl:Invoice': {
      ...invoice['ubl:Invoice'],
      'cac:BillingReference': references.map((reference) => ({
        ...reference,
        'cbc:ID': reference['cac:InvoiceDocumentReference']['cbc:ID'],
      })),
    },
  };
}

/** The library's input for one document (valid against the library's JSON schema). */
export function toCiiInvoice(document: FactureDocument): Invoice {
  if (document.lignes.length === 0) throw new Error(`Le document ${document.numero} n'a aucune ligne.`);
  const [first, ...rest] = document.lignes.map(line) as [InvoiceLine, ...InvoiceLine[]];
  const { totaux } = document;
  const prepaid = totaux.dejaPaye !== '0.00' && totaux.dejaPaye !== '0';
  return {
    'ubl:Invoice': {
      'cbc:ID': document.numero,
      'cbc:IssueDate': document.dateEmission,
      ...(document.type === 'facture' ? { 'cbc:DueDate': document.dateEcheance } : {}),
      'cbc:InvoiceTypeCode': document.type === 'avoir' ? '381' : '380',
      // One note (CII-SR-030 warns on a second Content in ram:IncludedNote, and the library writes one note per
      // document): the mentions one per line.
      'cbc:Note': [
        [document.penalitesRetard, document.indemniteRecouvrement, ...document.mentions].join('\n'),
      ],
      'cbc:DocumentCurrencyCode': CURRENCY,
      ...(document.acheteur.reference ? { 'cbc:BuyerReference': document.acheteur.reference } : {}),
      'cac:InvoicePeriod': { 'cbc:StartDate': document.periode.debut, 'cbc:EndDate': document.periode.fin },
      ...(document.factureReference
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': document.factureReference.numero,
                  'cbc:IssueDate': document.factureReference.dateEmission,
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': { 'cac:Party': seller(document) },
      'cac:AccountingCustomerParty': { 'cac:Party': buyer(document) },
      // The library writes ram:ApplicableHeaderTradeDelivery (mandatory in the CII XSD) only from a delivery block:
      // the services are delivered to the client, named as the deliver-to party (BT-70).
      'cac:Delivery': {
        'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': document.acheteur.raisonSociale } },
      },
      ...paymentMeans(document),
      'cac:PaymentTerms': { 'cbc:Note': document.conditionsPaiement },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': totaux.totalTva,
          'cbc:TaxAmount@currencyID': CURRENCY,
          'cac:TaxSubtotal': document.tva.map(taxSubtotal),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': totaux.totalHt,
        'cbc:LineExtensionAmount@currencyID': CURRENCY,
        'cbc:TaxExclusiveAmount': totaux.totalHt,
        'cbc:TaxExclusiveAmount@currencyID': CURRENCY,
        'cbc:TaxInclusiveAmount': totaux.totalTtc,
        'cbc:TaxInclusiveAmount@currencyID': CURRENCY,
        ...(prepaid
          ? { 'cbc:PrepaidAmount': totaux.dejaPaye, 'cbc:PrepaidAmount@currencyID': CURRENCY }
          : {}),
        'cbc:PayableAmount': totaux.netAPayer,
        'cbc:PayableAmount@currencyID': CURRENCY,
      },
      'cac:InvoiceLine': [first, ...rest],
    },
  };
}
