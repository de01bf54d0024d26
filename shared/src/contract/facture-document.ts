// The content of an issued invoice or credit note (issue 39 §1), frozen at issue: what its PDF shows and what its
// Factur-X XML (EN 16931 CII) carries. The invoicing module writes it from the database in the issuing transaction;
// the Factur-X renderer (api/src/lib/facturx) reads only this. The PDF stored at issue is the record: a new render
// of the same content differs in the timestamps the PDF/A library writes. Money is a decimal string with two places ('1234.50'), rates a percent string ('10.00'),
// dates 'YYYY-MM-DD': never floating point (DOMAIN.md).

/** A postal address; `pays` is an ISO 3166-1 alpha-2 code ('FR'). */
export interface DocumentAdresse {
  ligne1: string;
  ligne2?: string;
  codePostal: string;
  ville: string;
  pays: string;
}

/** The seller: the booking centre, from the administrators' invoicing settings. */
export interface DocumentVendeur {
  raisonSociale: string;
  adresse: DocumentAdresse;
  /** 9 digits. */
  siren: string;
  /** 14 digits. */
  siret: string;
  /** Intra-community VAT number, e.g. 'FR32123456789'. */
  numeroTva: string;
  email?: string;
  telephone?: string;
  /** Bank account for transfers (payment means 30/58). */
  iban?: string;
  bic?: string;
  /** Legal form and capital, e.g. 'SAS au capital de 10 000 €' (a mandatory mention for companies). */
  formeJuridique?: string;
}

/** The buyer: the client organisation, billed at its billing address. */
export interface DocumentAcheteur {
  raisonSociale: string;
  adresse: DocumentAdresse;
  siret?: string;
  numeroTva?: string;
  email?: string;
  /** The buyer's own reference (order or commitment number) when the client gave one. */
  reference?: string;
}

/**
 * VAT category of EN 16931 (UNTDID 5305): S standard or reduced rate, Z zero rated, E exempt (with its reason),
 * AE reverse charge.
 */
export type CategorieTva = 'S' | 'Z' | 'E' | 'AE';

/** One invoice line: hotel × room type (or meal) × unit price × VAT rate, quantity = nights (or meals). */
export interface DocumentLigne {
  /** 1, 2, 3… in the document's order. */
  numero: number;
  libelle: string;
  /** Decimal string: nights or meals ('12', negative never: a credit note's lines are positive). */
  quantite: string;
  /** UN/ECE rec. 20 unit code: 'DAY' for nights, 'C62' (unit) for meals. */
  unite: 'DAY' | 'C62';
  prixUnitaireHt: string;
  /** quantite × prixUnitaireHt, rounded to the cent. */
  montantHt: string;
  tauxTva: string;
  categorieTva: CategorieTva;
  /** The service period of the line when it differs from the document's. */
  periode?: { debut: string; fin: string };
}

/** VAT summed per rate on the document, rounded per rate (DOMAIN.md). */
export interface DocumentTva {
  tauxTva: string;
  categorieTva: CategorieTva;
  baseHt: string;
  montantTva: string;
  /** Required when categorieTva is 'E' or 'Z': the exemption mention printed and carried (BT-120). */
  motifExoneration?: string;
}

/** One stay of the annex: who stayed where, when, for how much. */
export interface DocumentAnnexeSejour {
  reservationId: number;
  pensionnaire: string;
  etablissement: string;
  /** First night and departure day of the nights invoiced in the period. */
  dateDebut: string;
  dateFin: string;
  nuits: number;
  montantHt: string;
}

export interface FactureDocument {
  /** 380 commercial invoice, 381 credit note (UNTDID 1001). */
  type: 'facture' | 'avoir';
  /** 'FA-2026-000123' or 'AV-2026-000004'. */
  numero: string;
  dateEmission: string;
  dateEcheance: string;
  /** The service period (BG-14). */
  periode: { debut: string; fin: string };
  devise: 'EUR';
  vendeur: DocumentVendeur;
  acheteur: DocumentAcheteur;
  /** A credit note names the invoice it corrects (BG-3). */
  factureReference?: { numero: string; dateEmission: string };
  lignes: DocumentLigne[];
  tva: DocumentTva[];
  totaux: {
    totalHt: string;
    totalTva: string;
    totalTtc: string;
    /** Amount already paid when the document is issued (normally '0.00'). */
    dejaPaye: string;
    netAPayer: string;
  };
  /** Payment terms printed and carried (BT-20), e.g. 'Paiement à 30 jours par virement'. */
  conditionsPaiement: string;
  /** Late-payment penalty rate and the fixed recovery indemnity (articles L441-10 and D441-5 of the Code de commerce). */
  penalitesRetard: string;
  indemniteRecouvrement: string;
  /** Other notes printed and carried (BT-22), e.g. an exemption mention. */
  mentions: string[];
  annexe: DocumentAnnexeSejour[];
}
