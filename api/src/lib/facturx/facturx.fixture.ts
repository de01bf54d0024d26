/**
 * FactureDocuments for the Factur-X tests and bench: amounts computed here in integer cents, as the invoicing
 * module does (HT per line, VAT summed per rate and rounded on the document total, TTC = HT + TVA).
 */
import type { CategorieTva, DocumentLigne, DocumentTva, FactureDocument } from 'shared/contract';

const cents = (value: string) => {
  const [whole = '0', fraction = '00'] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};
const money = (value: number) => `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;

export interface LigneSpec {
  libelle: string;
  quantite: number;
  prix: string;
  taux: string;
  categorie?: CategorieTva;
  unite?: 'DAY' | 'C62';
  periode?: { debut: string; fin: string };
}

export const MOTIF_EXONERATION = 'Exonération de TVA, article 261 D-4° du CGI';

/** A document from its lines: totals, VAT per rate (rounded half up per rate, in cents), annex of one stay per line. */
export function buildDocument(specs: LigneSpec[], overrides: Partial<FactureDocument> = {}): FactureDocument {
  const lignes: DocumentLigne[] = specs.map((spec, index) => ({
    numero: index + 1,
    libelle: spec.libelle,
    quantite: String(spec.quantite),
    unite: spec.unite ?? 'DAY',
    prixUnitaireHt: spec.prix,
    montantHt: money(cents(spec.prix) * spec.quantite),
    tauxTva: spec.taux,
    categorieTva: spec.categorie ?? 'S',
    ...(spec.periode ? { periode: spec.periode } : {}),
  }));
  const perRate = new Map<string, { categorie: CategorieTva; base: number }>();
  for (const ligne of lignes) {
    const key = `${ligne.categorieTva}|${ligne.tauxTva}`;
    const found = perRate.get(key) ?? { categorie: ligne.categorieTva, base: 0 };
    found.base += cents(ligne.montantHt);
    perRate.set(key, found);
  }
  const tva: DocumentTva[] = [...perRate.entries()].map(([key, { categorie, base }]) => {
    const taux = key.split('|')[1] ?? '0.00';
    // base (cents) × rate (hundredths of a percent) / 10 000, rounded half up: integers only.
    const scaled = base * cents(taux);
    const montant = Math.floor((scaled + 5_000) / 10_000);
    return {
      tauxTva: taux,
      categorieTva: categorie,
      baseHt: money(base),
      montantTva: money(montant),
      ...(categorie === 'E' ? { motifExoneration: MOTIF_EXONERATION } : {}),
    };
  });
  const totalHt = lignes.reduce((sum, ligne) => sum + cents(ligne.montantHt), 0);
  const totalTva = tva.reduce((sum, row) => sum + cents(row.montantTva), 0);
  return {
    type: 'facture',
    numero: 'FA-2026-000123',
    dateEmission: '2026-12-01',
    dateEcheance: '2026-12-31',
    periode: { debut: '2026-11-01', fin: '2026-11-30' },
    devise: 'EUR',
    vendeur: {
      raisonSociale: 'Centrale Hébergement Solidaire',
      adresse: { ligne1: '12 rue de la Paix', codePostal: '75002', ville: 'Paris', pays: 'FR' },
      siren: '123456789',
      siret: '12345678900017',
      numeroTva: 'FR32123456789',
      email: 'facturation@centrale.example',
      telephone: '01 23 45 67 89',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'AGRIFRPP',
      formeJuridique: 'SAS au capital de 10 000 €',
    },
    acheteur: {
      raisonSociale: 'Conseil départemental de l’Essonne',
      adresse: {
        ligne1: 'Hôtel du Département',
        ligne2: 'Boulevard de France',
        codePostal: '91012',
        ville: 'Évry',
        pays: 'FR',
      },
      siret: '22910001700012',
      email: 'factures@essonne.example',
      reference: 'ENG-2026-0457',
    },
    lignes,
    tva,
    totaux: {
      totalHt: money(totalHt),
      totalTva: money(totalTva),
      totalTtc: money(totalHt + totalTva),
      dejaPaye: '0.00',
      netAPayer: money(totalHt + totalTva),
    },
    conditionsPaiement: 'Paiement à 30 jours par virement, sans escompte pour paiement anticipé',
    penalitesRetard:
      'En cas de retard de paiement, pénalités au taux de trois fois le taux d’intérêt légal (article L441-10 du Code de commerce).',
    indemniteRecouvrement:
      'Indemnité forfaitaire pour frais de recouvrement due en cas de retard de paiement : 40 € (article D441-5 du Code de commerce).',
    mentions: tva.some((row) => row.categorieTva === 'E') ? [MOTIF_EXONERATION] : [],
    annexe: lignes.map((ligne, index) => ({
      reservationId: 1000 + index,
      pensionnaire: `Résident ${index + 1}`,
      etablissement: ligne.libelle.split(' — ')[0] ?? ligne.libelle,
      dateDebut: '2026-11-03',
      dateFin: '2026-11-10',
      nuits: Number(ligne.quantite),
      montantHt: ligne.montantHt,
    })),
    ...overrides,
  };
}

/** A plain invoice: nights of two hotels at 10 %. */
export const plainInvoice = (): FactureDocument =>
  buildDocument([
    { libelle: 'Hôtel du Parc — chambre double', quantite: 12, prix: '54.50', taux: '10.00' },
    { libelle: 'Hôtel Bellevue — chambre simple', quantite: 7, prix: '47.33', taux: '10.00' },
  ]);

/** Nights at 10 %, meals at 10 % and 20 %, and a 0 % exempt line with its motif. */
export const mixedRatesInvoice = (): FactureDocument =>
  buildDocument([
    { libelle: 'Hôtel du Parc — chambre familiale', quantite: 21, prix: '71.15', taux: '10.00' },
    { libelle: 'Hôtel du Parc — petits-déjeuners', quantite: 40, prix: '6.35', taux: '10.00', unite: 'C62' },
    {
      libelle: 'Hôtel du Parc — dîners (boissons alcoolisées)',
      quantite: 9,
      prix: '13.90',
      taux: '20.00',
      unite: 'C62',
    },
    {
      libelle: 'Résidence sociale Les Tilleuls — redevance',
      quantite: 30,
      prix: '18.00',
      taux: '0.00',
      categorie: 'E',
      periode: { debut: '2026-11-01', fin: '2026-11-30' },
    },
  ]);

/** A credit note for part of an invoice. */
export const creditNote = (): FactureDocument =>
  buildDocument(
    [
      {
        libelle: 'Hôtel du Parc — chambre double (nuits annulées)',
        quantite: 2,
        prix: '54.50',
        taux: '10.00',
      },
    ],
    {
      type: 'avoir',
      numero: 'AV-2026-000004',
      dateEmission: '2026-12-05',
      dateEcheance: '2026-12-05',
      factureReference: { numero: 'FA-2026-000123', dateEmission: '2026-12-01' },
    },
  );

/** 500 lines over 40 hotels and three rates. */
export const largeInvoice = (lines = 500): FactureDocument =>
  buildDocument(
    Array.from({ length: lines }, (_, index) => ({
      libelle: `Hôtel n° ${(index % 40) + 1} — ${['chambre simple', 'chambre double', 'petit-déjeuner', 'dîner'][index % 4]}`,
      quantite: (index % 9) + 1,
      prix: `${40 + (index % 37)}.${String((index * 7) % 100).padStart(2, '0')}`,
      taux: index % 4 === 3 ? '20.00' : '10.00',
      unite: index % 4 >= 2 ? ('C62' as const) : ('DAY' as const),
    })),
    { numero: 'FA-2026-000500' },
  );
