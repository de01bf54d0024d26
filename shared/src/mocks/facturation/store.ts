import {
  FACTURE_STATUT_LABELS,
  FACTURE_MENTIONS,
  LIGNE_NATURE_LABELS,
  type FactureDetail,
  type FactureDocument,
  type FactureItem,
  type FactureLigne,
  type FactureStatut,
  type LigneNature,
  type Paiement,
} from '../../contract';
import { addDays, parisToday } from '../../contract/days';
import { fromCents, toCents } from '../../format/money';
import { seedClients } from '../referentiel/fixtures';

/**
 * The invoicing mocks' world (docs/invoicing.md « Client invoices »): a few invoices of the demo clients in every
 * state — paid, overdue, partly paid and credited, sent, two drafts — and a credit note. Amounts are summed in
 * integer cents as the API does (VAT per rate rounded on the document's total).
 */

/** One invoice line as the seed writes it: hotel, nature, quantity, unit price, rate. */
interface SeedLigne {
  etablissementId: number;
  etablissement: string;
  nature: LigneNature;
  quantite: number;
  prix: string;
  taux: string;
}

/** The lines, VAT per rate and totals of seed lines, in cents then written back as the API's decimal strings. */
export function linesOf(seed: readonly SeedLigne[]) {
  const lignes: FactureLigne[] = seed.map((line, index) => ({
    numero: index + 1,
    nature: line.nature,
    libelle: `${line.etablissement} — ${LIGNE_NATURE_LABELS[line.nature]}`,
    etablissementId: line.etablissementId,
    typeChambreId: line.nature === 'nuitee' ? 1 : null,
    quantite: line.quantite,
    prixUnitaireHt: fromCents(toCents(line.prix)),
    montantHt: fromCents(toCents(line.prix) * line.quantite),
    tauxTva: line.taux,
  }));
  const bases = new Map<string, number>();
  for (const ligne of lignes)
    bases.set(ligne.tauxTva, (bases.get(ligne.tauxTva) ?? 0) + toCents(ligne.montantHt));
  const tva = [...bases].map(([taux, base]) => ({
    tauxTva: taux,
    categorieTva: taux === '0.00' ? ('E' as const) : ('S' as const),
    baseHt: fromCents(base),
    montantTva: fromCents(Math.round((base * toCents(taux)) / 10_000)),
  }));
  const ht = lignes.reduce((sum, ligne) => sum + toCents(ligne.montantHt), 0);
  const tvaTotal = tva.reduce((sum, rate) => sum + toCents(rate.montantTva), 0);
  return {
    lignes,
    tva,
    totalHt: fromCents(ht),
    totalTva: fromCents(tvaTotal),
    totalTtc: fromCents(ht + tvaTotal),
  };
}

const PARC = { etablissementId: 1, etablissement: 'Hôtel du Parc' };
const TILLEULS = { etablissementId: 2, etablissement: 'Résidence Les Tilleuls' };

const LIGNES_A: SeedLigne[] = [
  { ...PARC, nature: 'nuitee', quantite: 20, prix: '45.00', taux: '10.00' },
  { ...PARC, nature: 'petit_dejeuner', quantite: 20, prix: '6.50', taux: '10.00' },
  { ...TILLEULS, nature: 'nuitee', quantite: 10, prix: '52.00', taux: '10.00' },
];
const LIGNES_B: SeedLigne[] = [
  { ...TILLEULS, nature: 'nuitee', quantite: 14, prix: '52.00', taux: '10.00' },
  { ...TILLEULS, nature: 'diner', quantite: 14, prix: '12.00', taux: '20.00' },
];

/** A document's lines as seed lines again (an issued invoice, a credit note rebuilt from its invoice's lines). */
export const seedLinesOf = (lignes: readonly FactureLigne[]): SeedLigne[] =>
  lignes.map((l) => ({
    etablissementId: l.etablissementId,
    etablissement: l.libelle.split(' — ')[0] ?? '',
    nature: l.nature,
    quantite: l.quantite,
    prix: l.prixUnitaireHt,
    taux: l.tauxTva,
  }));

interface SeedFacture {
  id: number;
  type?: 'facture' | 'avoir';
  statut: FactureStatut;
  numero: string | null;
  clientId: number;
  mois: string;
  lignes: readonly SeedLigne[];
  dateEmission?: string;
  dateEcheance?: string;
  envoyeeAt?: string;
  paiements?: Omit<Paiement, 'factureId' | 'createdAt' | 'annuleAt' | 'motifAnnulation'>[];
  factureOrigineId?: number;
  motif?: string;
}

const lastDayOf = (mois: string) =>
  new Date(Date.UTC(Number(mois.slice(0, 4)), Number(mois.slice(5, 7)), 0)).toISOString().slice(0, 10);

/** The frozen document of an issued seed (what the card's VAT per rate and the send dialog read). */
function documentOf(facture: FactureDetail, tva: FactureDocument['tva']): FactureDocument {
  const client = seedClients.find((c) => c.id === facture.clientId)!;
  return {
    type: facture.type,
    numero: facture.numero!,
    dateEmission: facture.dateEmission!,
    dateEcheance: facture.dateEcheance ?? facture.dateEmission!,
    periode: { debut: facture.periodeDebut, fin: facture.periodeFin },
    devise: 'EUR',
    vendeur: {
      raisonSociale: 'EBAS Hébergement',
      adresse: { ligne1: '12 rue de la Paix', codePostal: '75002', ville: 'Paris', pays: 'FR' },
      siren: '123456789',
      siret: '12345678900012',
      numeroTva: 'FR32123456789',
    },
    acheteur: {
      raisonSociale: client.nom,
      adresse: {
        ligne1: client.adresse ?? '',
        codePostal: client.codePostal ?? '',
        ville: client.ville ?? '',
        pays: 'FR',
      },
      ...(client.email ? { email: client.email } : {}),
    },
    lignes: facture.lignes.map((ligne) => ({
      numero: ligne.numero,
      libelle: ligne.libelle,
      quantite: String(ligne.quantite),
      unite: ligne.nature === 'nuitee' ? 'DAY' : 'C62',
      prixUnitaireHt: ligne.prixUnitaireHt,
      montantHt: ligne.montantHt,
      tauxTva: ligne.tauxTva,
      categorieTva: 'S',
    })),
    tva,
    totaux: {
      totalHt: facture.totalHt,
      totalTva: facture.totalTva,
      totalTtc: facture.totalTtc,
      dejaPaye: '0.00',
      netAPayer: facture.totalTtc,
    },
    conditionsPaiement: FACTURE_MENTIONS.conditionsPaiement(30, null),
    penalitesRetard: FACTURE_MENTIONS.penalitesRetard('10.00'),
    indemniteRecouvrement: FACTURE_MENTIONS.indemniteRecouvrement('40.00'),
    mentions: [],
    annexe: facture.annexe,
  };
}

/** A seed invoice as the card reads it; its amounts left to pay are filled by `refreshMockFacture`. */
export function buildMockFacture(seed: SeedFacture): FactureDetail {
  const client = seedClients.find((c) => c.id === seed.clientId)!;
  const computed = linesOf(seed.lignes);
  const periodeDebut = `${seed.mois}-01`;
  const periodeFin = lastDayOf(seed.mois);
  const nuits = seed.lignes.filter((l) => l.nature === 'nuitee');
  let nuiteeId = seed.id * 1000;
  const nuitees = nuits.flatMap((line, index) =>
    Array.from({ length: line.quantite }, (_, night) => ({
      nuiteeId: ++nuiteeId,
      reservationId: seed.id * 10 + index + 1,
      dateNuit: addDays(periodeDebut, night),
      montantHt: fromCents(toCents(line.prix)),
      avoirId: null,
    })),
  );
  const annexe = nuits.map((line, index) => ({
    reservationId: seed.id * 10 + index + 1,
    pensionnaire: index === 0 ? 'DUPONT Marie' : 'BENALI Karim',
    etablissement: line.etablissement,
    dateDebut: periodeDebut,
    dateFin: addDays(periodeDebut, line.quantite),
    nuits: line.quantite,
    montantHt: fromCents(toCents(line.prix) * line.quantite),
  }));
  const createdAt = `${addDays(periodeFin, 1)}T08:00:00.000Z`;
  const facture: FactureDetail = {
    id: seed.id,
    type: seed.type ?? 'facture',
    statut: seed.statut,
    statutLibelle: FACTURE_STATUT_LABELS[seed.statut],
    enRetard: false,
    numero: seed.numero,
    clientId: client.id,
    clientNom: client.nom,
    periodeDebut,
    periodeFin,
    dateEmission: seed.dateEmission ?? null,
    dateEcheance: seed.dateEcheance ?? null,
    totalHt: computed.totalHt,
    totalTva: computed.totalTva,
    totalTtc: computed.totalTtc,
    montantPaye: '0.00',
    montantCredite: '0.00',
    resteAPayer: '0.00',
    factureOrigineId: seed.factureOrigineId ?? null,
    factureOrigineNumero: null,
    createdAt,
    referenceAcheteur: null,
    notes: null,
    motif: seed.motif ?? null,
    envoyeeAt: seed.envoyeeAt ?? null,
    lignes: computed.lignes,
    annexe,
    nuitees,
    paiements: (seed.paiements ?? []).map((p) => ({
      ...p,
      factureId: seed.id,
      createdAt: `${p.datePaiement}T09:00:00.000Z`,
      annuleAt: null,
      motifAnnulation: null,
    })),
    avoirs: [],
    document: null,
  };
  if (seed.numero) facture.document = documentOf(facture, computed.tva);
  return facture;
}

/** The invoices, credit notes included, of a fresh mock world (issue dates relative to today, as the API's). */
export function freshFactures(today: string = parisToday()): FactureDetail[] {
  const factures = [
    buildMockFacture({
      id: 1,
      statut: 'payee',
      numero: 'FA-2026-000001',
      clientId: 1,
      mois: '2026-09',
      lignes: LIGNES_A,
      dateEmission: '2026-10-02',
      dateEcheance: '2026-11-01',
      envoyeeAt: '2026-10-02T10:00:00.000Z',
      paiements: [
        { id: 1, datePaiement: '2026-10-20', montant: '1705.00', moyen: 'virement', reference: 'VIR-0925' },
      ],
    }),
    buildMockFacture({
      id: 2,
      statut: 'envoyee',
      numero: 'FA-2026-000002',
      clientId: 2,
      mois: '2026-09',
      lignes: LIGNES_B,
      dateEmission: '2026-10-02',
      dateEcheance: '2026-11-01',
      envoyeeAt: '2026-10-02T10:05:00.000Z',
    }),
    buildMockFacture({
      id: 3,
      statut: 'partiellement_payee',
      numero: 'FA-2026-000003',
      clientId: 1,
      mois: '2026-10',
      lignes: LIGNES_A,
      dateEmission: addDays(today, -10),
      dateEcheance: addDays(today, 20),
      paiements: [
        {
          id: 2,
          datePaiement: addDays(today, -3),
          montant: '500.00',
          moyen: 'cheque',
          reference: 'CHQ 4471',
        },
      ],
    }),
    buildMockFacture({
      id: 4,
      statut: 'emise',
      numero: 'FA-2026-000004',
      clientId: 3,
      mois: '2026-10',
      lignes: LIGNES_B,
      dateEmission: addDays(today, -5),
      dateEcheance: addDays(today, 25),
    }),
    buildMockFacture({
      id: 5,
      statut: 'brouillon',
      numero: null,
      clientId: 1,
      mois: '2026-11',
      lignes: LIGNES_A,
    }),
    buildMockFacture({
      id: 6,
      statut: 'brouillon',
      numero: null,
      clientId: 2,
      mois: '2026-11',
      lignes: LIGNES_B,
    }),
  ];
  // The credit note of invoice 3's Tilleuls line (10 nights).
  const avoir = buildMockFacture({
    id: 7,
    type: 'avoir',
    statut: 'emise',
    numero: 'AV-2026-000001',
    clientId: 1,
    mois: '2026-10',
    lignes: [LIGNES_A[2]!],
    dateEmission: addDays(today, -4),
    factureOrigineId: 3,
    motif: 'Nuitées facturées deux fois (séjour déplacé).',
  });
  factures.push(avoir);
  return factures;
}

/** The mocks' state: invoices, the seller settings' missing fields (an issue answers 409 while any). */
export const mockFacturation = {
  factures: [] as FactureDetail[],
  parametresManquants: [] as string[],
  nextId: 100,
};

/** The list row of an invoice (the card's fields aside). */
/**
 * A client's mocked draft for a month (one line of `nights` nights at the Parc), as « Nouvelle facture » and the
 * month's preparation build it; null when the client's month is invoiced already.
 */
export function addMockDraft(clientId: number, mois: string, nights: number): FactureDetail | null {
  const taken = mockFacturation.factures.some(
    (f) => f.type === 'facture' && f.clientId === clientId && f.periodeDebut.startsWith(mois),
  );
  if (taken) return null;
  const draft = buildMockFacture({
    id: mockFacturation.nextId++,
    statut: 'brouillon',
    numero: null,
    clientId,
    mois,
    lignes: [
      {
        etablissementId: 1,
        etablissement: 'Hôtel du Parc',
        nature: 'nuitee',
        quantite: nights,
        prix: '45.00',
        taux: '10.00',
      },
    ],
  });
  draft.createdAt = new Date().toISOString();
  mockFacturation.factures.push(draft);
  return draft;
}

export function itemOf(facture: FactureDetail): FactureItem {
  const {
    referenceAcheteur: _r,
    notes: _n,
    motif: _m,
    envoyeeAt: _e,
    lignes: _l,
    annexe: _a,
    nuitees: _nu,
    paiements: _p,
    avoirs: _av,
    document: _d,
    ...item
  } = facture;
  return item;
}

/**
 * Recomputes what the API computes when it reads an invoice: paid, credited, left to pay, its state after a
 * payment, « en retard », the credit notes' links.
 */
export function refreshMockFacture(facture: FactureDetail, today: string = parisToday()): FactureDetail {
  if (facture.type === 'avoir') {
    const origine = mockFacturation.factures.find((f) => f.id === facture.factureOrigineId);
    facture.factureOrigineNumero = origine?.numero ?? null;
    return facture;
  }
  const avoirs = mockFacturation.factures.filter(
    (f) => f.type === 'avoir' && f.factureOrigineId === facture.id,
  );
  const paye = facture.paiements
    .filter((p) => p.annuleAt === null)
    .reduce((sum, p) => sum + toCents(p.montant), 0);
  const credite = avoirs.reduce((sum, a) => sum + toCents(a.totalTtc), 0);
  const reste = facture.statut === 'brouillon' ? 0 : toCents(facture.totalTtc) - credite - paye;
  facture.montantPaye = fromCents(paye);
  facture.montantCredite = fromCents(credite);
  facture.resteAPayer = fromCents(facture.statut === 'brouillon' ? toCents(facture.totalTtc) : reste);
  if (facture.statut !== 'brouillon') {
    const sent = facture.envoyeeAt !== null;
    facture.statut =
      reste <= 0 && paye > 0 ? 'payee' : paye > 0 ? 'partiellement_payee' : sent ? 'envoyee' : 'emise';
    facture.statutLibelle = FACTURE_STATUT_LABELS[facture.statut];
  }
  facture.enRetard = facture.dateEcheance !== null && facture.dateEcheance < today && reste > 0;
  facture.avoirs = avoirs.map((a) => itemOf(refreshMockFacture(a, today)));
  return facture;
}

export function resetFacturationMocks(): void {
  mockFacturation.factures = freshFactures();
  mockFacturation.parametresManquants = [];
  mockFacturation.nextId = 100;
  // The credit note's nights are marked credited on its invoice.
  const avoir = mockFacturation.factures.find((f) => f.id === 7)!;
  const facture = mockFacturation.factures.find((f) => f.id === 3)!;
  for (const night of facture.nuitees) if (night.montantHt === '52.00') night.avoirId = avoir.id;
  for (const f of mockFacturation.factures) refreshMockFacture(f);
}

resetFacturationMocks();
