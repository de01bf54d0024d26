import { addDays } from '../../contract/days';
import type {
  Ecart,
  FacturationParametres,
  FactureEtablissement,
  Prestation,
  ReleveEtablissement,
} from '../../contract';
import { fromCents, toCents } from '../../format/money';

/**
 * Seed data of the hotel statements and hotel invoices mocks (issue 39 §2): the same four hotels as the reference
 * data (ids and names of referentiel/fixtures.ts), a statement per hotel that is the same every month, and three
 * invoices of November 2026 — one with a difference, one reconciled, one not compared yet.
 */

interface LigneSeed {
  prestation: Prestation;
  libelle: string;
  typeChambre: string | null;
  quantite: number;
  prixUnitaireHt: string;
}
interface SejourSeed {
  reservationId: number;
  pensionnaire: string;
  typeChambre: string;
  /** First night: the month's day. */
  jour: number;
  nuits: number;
  montantHt: string;
}
interface ReleveSeed {
  etablissement: { id: number; nom: string };
  lignes: LigneSeed[];
  annexe: SejourSeed[];
}

const TAUX = '10.00';

const RELEVES: ReleveSeed[] = [
  {
    etablissement: { id: 1, nom: 'Hôtel du Parc' },
    lignes: [
      {
        prestation: 'nuitee',
        libelle: 'Nuitée Chambre double',
        typeChambre: 'Chambre double',
        quantite: 30,
        prixUnitaireHt: '62.00',
      },
      {
        prestation: 'petit_dejeuner',
        libelle: 'Petit-déjeuner',
        typeChambre: null,
        quantite: 30,
        prixUnitaireHt: '7.50',
      },
    ],
    annexe: [
      {
        reservationId: 101,
        pensionnaire: 'DUPONT Marie',
        typeChambre: 'Chambre double',
        jour: 1,
        nuits: 15,
        montantHt: '1042.50',
      },
      {
        reservationId: 102,
        pensionnaire: 'BENALI Karim',
        typeChambre: 'Chambre double',
        jour: 1,
        nuits: 15,
        montantHt: '1042.50',
      },
    ],
  },
  {
    etablissement: { id: 2, nom: 'Résidence Les Tilleuls' },
    lignes: [
      {
        prestation: 'nuitee',
        libelle: 'Nuitée Studio',
        typeChambre: 'Studio',
        quantite: 20,
        prixUnitaireHt: '48.00',
      },
    ],
    annexe: [
      {
        reservationId: 103,
        pensionnaire: 'NGUYEN Thi Lan',
        typeChambre: 'Studio',
        jour: 5,
        nuits: 20,
        montantHt: '960.00',
      },
    ],
  },
  {
    etablissement: { id: 3, nom: "Hôtel de la Gare de l'Est" },
    lignes: [
      {
        prestation: 'nuitee',
        libelle: 'Nuitée Chambre simple',
        typeChambre: 'Chambre simple',
        quantite: 12,
        prixUnitaireHt: '55.00',
      },
      { prestation: 'diner', libelle: 'Dîner', typeChambre: null, quantite: 12, prixUnitaireHt: '12.00' },
    ],
    annexe: [
      {
        reservationId: 104,
        pensionnaire: 'MARTIN Lucas',
        typeChambre: 'Chambre simple',
        jour: 10,
        nuits: 12,
        montantHt: '804.00',
      },
    ],
  },
];

const firstDay = (mois: string) => `${mois}-01`;
/** The first day of the month after. */
export const nextMonth = (mois: string): string => {
  const [year, month] = mois.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/** The statement of a hotel and month, computed as the API does (VAT rounded once per rate), or undefined. */
export function mockReleve(etablissementId: number, mois: string): ReleveEtablissement | undefined {
  const seed = RELEVES.find((releve) => releve.etablissement.id === etablissementId);
  if (!seed) return undefined;
  const lignes = seed.lignes.map((ligne, index) => ({
    numero: index + 1,
    ...ligne,
    tauxTva: TAUX,
    montantHt: fromCents(ligne.quantite * toCents(ligne.prixUnitaireHt)),
  }));
  const ht = lignes.reduce((sum, ligne) => sum + toCents(ligne.montantHt), 0);
  const tva = Math.round(ht / 10);
  const nuitees = seed.lignes
    .filter((ligne) => ligne.prestation === 'nuitee')
    .reduce((sum, ligne) => sum + ligne.quantite, 0);
  return {
    etablissement: seed.etablissement,
    mois,
    periode: { debut: firstDay(mois), fin: nextMonth(mois) },
    lignes,
    tva: [{ tauxTva: TAUX, baseHt: fromCents(ht), montantTva: fromCents(tva) }],
    totaux: { nuitees, totalHt: fromCents(ht), totalTva: fromCents(tva), totalTtc: fromCents(ht + tva) },
    annexe: seed.annexe.map(({ jour, ...sejour }) => {
      const dateDebut = addDays(firstDay(mois), jour - 1);
      return { ...sejour, dateDebut, dateFin: addDays(dateDebut, sejour.nuits) };
    }),
  };
}

export const MOCK_RELEVE_ETABLISSEMENTS = RELEVES.map((releve) => releve.etablissement);

type Seeded = FactureEtablissement & { ecarts: Ecart[] };

const facture = (fields: Omit<Seeded, 'version' | 'creeLe' | 'nombreEcarts' | 'ecartsOuverts'>): Seeded => ({
  ...fields,
  version: 1,
  creeLe: `${fields.dateFacture}T09:00:00.000Z`,
  nombreEcarts: fields.ecarts.length,
  ecartsOuverts: fields.ecarts.filter((ecart) => !ecart.accepte).length,
});

export const seedFacturesEtablissements = (): Seeded[] => [
  facture({
    id: 1,
    etablissementId: 1,
    etablissementNom: 'Hôtel du Parc',
    numero: 'HP-2026-1187',
    dateFacture: '2026-12-02',
    periodeDebut: '2026-11-01',
    periodeFin: '2026-12-01',
    totalHt: '2147.00',
    totalTva: '214.70',
    totalTtc: '2361.70',
    etat: 'ecart',
    sourceDetail: 'csv',
    nomFichier: 'hotel-du-parc-novembre.csv',
    lignesDetail: 61,
    rapprocheeLe: null,
    ecarts: [
      {
        id: 11,
        type: 'facturee_non_reservee',
        reservationId: 101,
        pensionnaire: 'DUPONT Marie',
        dateNuit: '2026-11-16',
        prestation: 'nuitee',
        ligneDetail: 32,
        autreFacture: null,
        montantFacture: '62.00',
        montantReserve: '0.00',
        difference: '62.00',
        tauxFacture: TAUX,
        tauxReserve: null,
        accepte: false,
        motif: null,
        acceptePar: null,
        accepteLe: null,
      },
    ],
  }),
  facture({
    id: 2,
    etablissementId: 2,
    etablissementNom: 'Résidence Les Tilleuls',
    numero: 'RLT-0458',
    dateFacture: '2026-12-03',
    periodeDebut: '2026-11-01',
    periodeFin: '2026-12-01',
    totalHt: '960.00',
    totalTva: '96.00',
    totalTtc: '1056.00',
    etat: 'rapprochee',
    sourceDetail: null,
    nomFichier: null,
    lignesDetail: 0,
    rapprocheeLe: '2026-12-04T10:12:00.000Z',
    ecarts: [],
  }),
  facture({
    id: 3,
    etablissementId: 3,
    etablissementNom: "Hôtel de la Gare de l'Est",
    numero: 'GE/26/311',
    dateFacture: '2026-12-05',
    periodeDebut: '2026-11-01',
    periodeFin: '2026-12-01',
    totalHt: '804.00',
    totalTva: '80.40',
    totalTtc: '884.40',
    etat: 'a_rapprocher',
    sourceDetail: null,
    nomFichier: null,
    lignesDetail: 0,
    rapprocheeLe: null,
    ecarts: [],
  }),
];

/** The seller settings as a new installation has them: the address and identifiers still to fill in. */
export const seedParametres = (): FacturationParametres => ({
  raisonSociale: 'EBAS Centrale de réservation',
  formeJuridique: 'SAS',
  adresseLigne1: null,
  adresseLigne2: null,
  codePostal: null,
  ville: null,
  pays: 'FR',
  siren: '552100554',
  siret: null,
  numeroTva: null,
  email: 'facturation@ebas3.fr',
  telephone: null,
  iban: null,
  bic: null,
  delaiPaiementJours: 30,
  tauxPenalites: null,
  indemniteRecouvrement: '40.00',
  mentionExoneration: null,
  manquants: [],
});
