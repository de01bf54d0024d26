/**
 * A CII invoice (EN 16931, as Factur-X embeds it) read into a plain object: what the reconciliation of a hotel's
 * invoice needs (number, dates, seller, totals, VAT breakdown, lines with their period and note). Elements are found
 * by namespace and local name, never by prefix: another producer may choose other prefixes. Amounts stay decimal
 * strings, at least two places ('54.5' → '54.50'); nothing is computed.
 */
import { create } from 'xmlbuilder2';

const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';

export interface CiiParty {
  raisonSociale: string;
  /** BT-30 / BT-47 legal registration (SIREN or SIRET for a French company). */
  identifiantLegal?: string;
  /** BT-29 / BT-46 identifiers (SIRET). */
  identifiants: string[];
  numeroTva?: string;
}

export interface CiiLine {
  /** BT-126, as written (a producer may number '1', '001', 'A'). */
  numero: string;
  libelle: string;
  quantite: string;
  unite?: string;
  prixUnitaireHt: string;
  montantHt: string;
  tauxTva?: string;
  categorieTva?: string;
  periode?: { debut: string; fin: string };
  note?: string;
}

export interface CiiInvoice {
  numero: string;
  /** UNTDID 1001: 380 invoice, 381 credit note, … */
  typeCode: string;
  dateEmission: string;
  dateEcheance?: string;
  devise: string;
  periode?: { debut: string; fin: string };
  factureReference?: string;
  vendeur: CiiParty;
  acheteur: CiiParty;
  notes: string[];
  tva: {
    categorieTva: string;
    tauxTva?: string;
    baseHt: string;
    montantTva: string;
    motifExoneration?: string;
  }[];
  totaux: { totalHt: string; totalTva: string; totalTtc: string; dejaPaye?: string; netAPayer: string };
  lignes: CiiLine[];
}

export class CiiParseError extends Error {}

/** The minimal DOM the parser walks (xmlbuilder2's). */
interface XmlElement {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly textContent: string | null;
  readonly nodeType: number;
  readonly childNodes: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
}

const childrenOf = (element: XmlElement | undefined, name: string, ns = RAM): XmlElement[] =>
  element
    ? Array.from(element.childNodes).filter(
        (child) => child.nodeType === 1 && child.localName === name && child.namespaceURI === ns,
      )
    : [];
/** The element at the end of a path of RAM children. */
const at = (element: XmlElement | undefined, ...path: string[]): XmlElement | undefined =>
  path.reduce<XmlElement | undefined>((current, name) => childrenOf(current, name)[0], element);
const text = (element: XmlElement | undefined, ...path: string[]): string | undefined => {
  const value = at(element, ...path)?.textContent?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/** '54.5' → '54.50', '12' → '12.00', '47.3300' → '47.33', '0.12345' kept. */
export function decimal(value: string): string {
  const trimmed = value.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) throw new CiiParseError(`Montant illisible : « ${value} ».`);
  const [whole = '0', fraction = ''] = trimmed.replace(/^\+/, '').split('.');
  const significant = fraction.replace(/0+$/, '');
  return `${whole}.${significant.padEnd(2, '0')}`;
}
const quantityOf = (value: string): string => {
  const [whole = '0', fraction = ''] = decimal(value).split('.');
  const significant = fraction.replace(/0+$/, '');
  return significant === '' ? whole : `${whole}.${significant}`;
};

/** udt:DateTimeString format 102 (YYYYMMDD) → 'YYYY-MM-DD'. */
function date(element: XmlElement | undefined): string | undefined {
  const node = childrenOf(element, 'DateTimeString', UDT)[0];
  const value = node?.textContent?.trim();
  if (value === undefined) return undefined;
  const format = node?.getAttribute('format') ?? '102';
  if (format !== '102' || !/^\d{8}$/.test(value)) throw new CiiParseError(`Date illisible : « ${value} ».`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}
const period = (element: XmlElement | undefined) => {
  const debut = date(at(element, 'StartDateTime'));
  const fin = date(at(element, 'EndDateTime'));
  return debut && fin ? { debut, fin } : undefined;
};
const amount = (element: XmlElement | undefined, ...path: string[]) => {
  const value = text(element, ...path);
  return value === undefined ? undefined : decimal(value);
};
const required = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new CiiParseError(`Facture CII incomplète : ${what} manquant.`);
  return value;
};

function party(element: XmlElement | undefined): CiiParty {
  const numeroTva = childrenOf(element, 'SpecifiedTaxRegistration')
    .map((registration) => at(registration, 'ID'))
    .find((id) => id?.getAttribute('schemeID') === 'VA')
    ?.textContent?.trim();
  const identifiantLegal = text(element, 'SpecifiedLegalOrganization', 'ID');
  return {
    raisonSociale: required(text(element, 'Name'), 'nom de partie'),
    ...(identifiantLegal ? { identifiantLegal } : {}),
    identifiants: childrenOf(element, 'ID').map((id) => id.textContent?.trim() ?? ''),
    ...(numeroTva ? { numeroTva } : {}),
  };
}

function line(item: XmlElement): CiiLine {
  const settlement = at(item, 'SpecifiedLineTradeSettlement');
  const tax = at(settlement, 'ApplicableTradeTax');
  const quantity = at(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const linePeriod = period(at(settlement, 'BillingSpecifiedPeriod'));
  const note = childrenOf(at(item, 'AssociatedDocumentLineDocument'), 'IncludedNote')
    .map((included) => text(included, 'Content'))
    .filter((content): content is string => content !== undefined)
    .join('\n');
  const tauxTva = amount(tax, 'RateApplicablePercent');
  const categorieTva = text(tax, 'CategoryCode');
  const unite = quantity?.getAttribute('unitCode') ?? undefined;
  return {
    numero: required(text(item, 'AssociatedDocumentLineDocument', 'LineID'), 'numéro de ligne'),
    libelle: required(text(item, 'SpecifiedTradeProduct', 'Name'), 'libellé de ligne'),
    quantite: quantityOf(required(quantity?.textContent ?? undefined, 'quantité')),
    ...(unite ? { unite } : {}),
    prixUnitaireHt: required(
      amount(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'),
      'prix unitaire',
    ),
    montantHt: required(
      amount(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      'montant de ligne',
    ),
    ...(tauxTva ? { tauxTva } : {}),
    ...(categorieTva ? { categorieTva } : {}),
    ...(linePeriod ? { periode: linePeriod } : {}),
    ...(note ? { note } : {}),
  };
}

export function parseCiiInvoice(xml: string): CiiInvoice {
  let root: XmlElement | undefined;
  try {
    root = (create(xml).root().node as unknown as XmlElement) ?? undefined;
  } catch {
    throw new CiiParseError('XML illisible.');
  }
  if (root?.localName !== 'CrossIndustryInvoice' || root.namespaceURI !== RSM)
    throw new CiiParseError("Ce XML n'est pas une facture CII (CrossIndustryInvoice).");
  const exchanged = childrenOf(root, 'ExchangedDocument', RSM)[0];
  const transaction = childrenOf(root, 'SupplyChainTradeTransaction', RSM)[0];
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
  const summation = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const headerPeriod = period(at(settlement, 'BillingSpecifiedPeriod'));
  const dueDate = date(at(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime'));
  const reference = text(settlement, 'InvoiceReferencedDocument', 'IssuerAssignedID');
  const prepaid = amount(summation, 'TotalPrepaidAmount');
  return {
    numero: required(text(exchanged, 'ID'), 'numéro'),
    typeCode: required(text(exchanged, 'TypeCode'), 'type'),
    dateEmission: required(date(at(exchanged, 'IssueDateTime')), "date d'émission"),
    ...(dueDate ? { dateEcheance: dueDate } : {}),
    devise: text(settlement, 'InvoiceCurrencyCode') ?? 'EUR',
    ...(headerPeriod ? { periode: headerPeriod } : {}),
    ...(reference ? { factureReference: reference } : {}),
    vendeur: party(at(agreement, 'SellerTradeParty')),
    acheteur: party(at(agreement, 'BuyerTradeParty')),
    notes: childrenOf(exchanged, 'IncludedNote').flatMap((note) =>
      childrenOf(note, 'Content').map((content) => content.textContent?.trim() ?? ''),
    ),
    tva: childrenOf(settlement, 'ApplicableTradeTax').map((tax) => {
      const tauxTva = amount(tax, 'RateApplicablePercent');
      const motifExoneration = text(tax, 'ExemptionReason');
      return {
        categorieTva: required(text(tax, 'CategoryCode'), 'catégorie de TVA'),
        ...(tauxTva ? { tauxTva } : {}),
        baseHt: required(amount(tax, 'BasisAmount'), 'base de TVA'),
        montantTva: required(amount(tax, 'CalculatedAmount'), 'montant de TVA'),
        ...(motifExoneration ? { motifExoneration } : {}),
      };
    }),
    totaux: {
      totalHt: required(amount(summation, 'TaxBasisTotalAmount'), 'total HT'),
      totalTva: amount(summation, 'TaxTotalAmount') ?? '0.00',
      totalTtc: required(amount(summation, 'GrandTotalAmount'), 'total TTC'),
      ...(prepaid ? { dejaPaye: prepaid } : {}),
      netAPayer: required(amount(summation, 'DuePayableAmount'), 'net à payer'),
    },
    lignes: childrenOf(transaction, 'IncludedSupplyChainTradeLineItem').map(line),
  };
}
