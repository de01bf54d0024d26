import type { ContratClientDetail, ContratEtablissementDetail } from '../../contract';
import { seedContratsClients, seedContratsEtablissement } from '../referentiel/fixtures';
import { mockDay } from './list-fixtures';

/**
 * Data of the booking mocks (booking-handlers.ts). The contracts of the reference-data mocks (all dated 2024–2025)
 * plus the current ones a booking needs, built on the same clients, hotels and room types
 * (../referentiel/fixtures.ts): each client has its own situation, so that every branch of the booking screen shows.
 *
 * - client 1 (Val-de-Marne): CC-2026-CD94, par chambre, PAF 3,00 €;
 * - client 2 (Relais Solidaire): CC-2026-RELAIS-ACTIF, par personne, PAF 2,50 € and CAF 1,00 €;
 * - client 4 (CH Nord-Marseille): CC-2025-CHN;
 * - client 7 (Toit pour Tous): no contract at all (« Aucun contrat client actif… »).
 *
 * The calendar is relative to today (as the list mocks' `mockDay`), so that every case holds on any day: the
 * contracts started on fixed past days (their references carry that year) and run until about a year from now, and
 * the stay the tests book (`BOOKING_STAY`) lies after every seed stay of list-fixtures.ts (those end by day +24).
 */

/**
 * The stay the booking tests and the standalone demo use, 40 days from now: 4 nights across the Hôtel du Parc's
 * single-room price change (3 nights at 49,00 €, then 51,50 €); family rooms are no longer priced by then.
 */
export const BOOKING_STAY = {
  start_date: mockDay(40),
  /** First night at the new single-room price. */
  price_change: mockDay(43),
  end_date: mockDay(44),
} as const;

/** Last day a family room of the Hôtel du Parc is priced: before BOOKING_STAY. */
const FAMILY_ROOMS_UNTIL = mockDay(30);

const stamp = { createdAt: '2025-11-15T09:30:00.000Z', updatedAt: '2025-11-15T09:30:00.000Z' };
const meals = (petitDejeuner: string, dejeuner: string, diner: string) => ({
  prixPetitDejeunerHt: petitDejeuner,
  prixDejeunerHt: dejeuner,
  prixDinerHt: diner,
});

const ROOM_TYPES = { 1: 'Simple', 2: 'Double', 3: 'Familiale', 4: 'PMR' } as const;
type RoomTypeId = keyof typeof ROOM_TYPES;

const purchaseLine = (
  id: number,
  typeChambreId: RoomTypeId,
  dateDebut: string,
  dateFin: string,
  prixNuiteeHt: string,
  allotement: number | null,
  mealPrices = meals('6.50', '11.00', '11.00'),
) => ({
  id,
  typeChambreId,
  typeChambreLibelle: ROOM_TYPES[typeChambreId],
  dateDebut,
  dateFin,
  prixNuiteeHt,
  ...mealPrices,
  allotement,
  utilisee: false,
});

/**
 * Current purchase contracts (ids after the reference-data ones). CE-2025-SAINT-CHARLES (id 5) is the contract the
 * reservation mocks (list-fixtures.ts) book under, with the same id and reference.
 */
export const bookingContratsEtablissement: ContratEtablissementDetail[] = [
  {
    id: 6,
    reference: 'CE-2026-PARC',
    etablissementId: 1,
    etablissementNom: 'Hôtel du Parc',
    dateDebut: '2026-01-01',
    dateFin: mockDay(400),
    statut: 'actif',
    modeTarification: 'par_chambre',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: 2,
    notes: 'Renouvellement du contrat 2025, hausse de la chambre simple en cours de contrat.',
    ...stamp,
    lignes: [
      // A price change inside a stay gives two sub-periods.
      purchaseLine(101, 1, '2026-01-01', BOOKING_STAY.price_change, '49.00', 10),
      purchaseLine(102, 1, BOOKING_STAY.price_change, mockDay(400), '51.50', 10),
      purchaseLine(103, 2, '2026-01-01', mockDay(400), '64.00', null),
      // Family rooms are priced for the coming month only: later stays are not covered.
      purchaseLine(104, 3, '2026-01-01', FAMILY_ROOMS_UNTIL, '88.00', 2),
    ],
  },
  {
    id: 5,
    reference: 'CE-2025-SAINT-CHARLES',
    etablissementId: 5,
    etablissementNom: 'Hôtel Saint-Charles',
    dateDebut: '2025-06-01',
    dateFin: mockDay(370),
    statut: 'actif',
    modeTarification: 'par_personne',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '5.50',
    delaiAlerteJours: 3,
    notes: null,
    ...stamp,
    lignes: [
      purchaseLine(105, 2, '2025-06-01', mockDay(370), '31.00', 4, meals('5.00', '9.50', '9.50')),
      purchaseLine(106, 4, '2025-06-01', mockDay(370), '33.00', 2, meals('5.00', '9.50', '9.50')),
    ],
  },
  {
    id: 7,
    reference: 'CE-2026-GARE-EST',
    etablissementId: 3,
    etablissementNom: "Hôtel de la Gare de l'Est",
    dateDebut: '2026-09-01',
    dateFin: mockDay(300),
    statut: 'actif',
    modeTarification: 'par_chambre',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: 2,
    notes: 'Travaux terminés, contrat réactivé.',
    ...stamp,
    lignes: [purchaseLine(107, 1, '2026-09-01', mockDay(300), '72.00', 3, meals('8.00', '0.00', '0.00'))],
  },
];

const saleLine = (
  id: number,
  typeChambreId: RoomTypeId,
  dateDebut: string,
  dateFin: string,
  prixNuiteeHt: string,
) => ({
  id,
  typeChambreId,
  typeChambreLibelle: ROOM_TYPES[typeChambreId],
  etablissementId: null,
  etablissementNom: null,
  dateDebut,
  dateFin,
  prixNuiteeHt,
  ...meals('7.50', '12.50', '12.50'),
  utilisee: false,
});

/** Current sale contracts (ids after the reference-data ones); CC-2025-CHN (id 4) as in list-fixtures.ts. */
export const bookingContratsClients: ContratClientDetail[] = [
  {
    id: 5,
    reference: 'CC-2026-CD94',
    clientId: 1,
    clientNom: 'Conseil départemental du Val-de-Marne',
    dateDebut: '2026-01-01',
    dateFin: mockDay(400),
    statut: 'actif',
    modeTarification: 'par_chambre',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: 2,
    montantPafJour: '3.00',
    montantCafJour: '0.00',
    notes: null,
    ...stamp,
    lignes: [
      saleLine(101, 1, '2026-01-01', mockDay(400), '59.00'),
      saleLine(102, 2, '2026-01-01', mockDay(400), '74.00'),
      saleLine(103, 3, '2026-01-01', mockDay(400), '99.00'),
    ],
  },
  {
    id: 6,
    reference: 'CC-2026-RELAIS-ACTIF',
    clientId: 2,
    clientNom: 'Association Le Relais Solidaire',
    dateDebut: '2026-03-01',
    dateFin: mockDay(370),
    statut: 'actif',
    modeTarification: 'par_personne',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '5.50',
    delaiAlerteJours: 5,
    montantPafJour: '2.50',
    montantCafJour: '1.00',
    notes: null,
    ...stamp,
    lignes: [saleLine(104, 2, '2026-03-01', mockDay(370), '38.00')],
  },
  {
    id: 4,
    reference: 'CC-2025-CHN',
    clientId: 4,
    clientNom: 'Centre hospitalier Nord-Marseille',
    dateDebut: '2025-06-01',
    dateFin: mockDay(200),
    statut: 'actif',
    modeTarification: 'par_chambre',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: 2,
    montantPafJour: '0.00',
    montantCafJour: '0.00',
    notes: null,
    ...stamp,
    lignes: [saleLine(105, 4, '2025-06-01', mockDay(200), '45.00')],
  },
];

/** Every contract the booking mocks know: the reference-data ones, then the current ones. */
export const allContratsEtablissement: readonly ContratEtablissementDetail[] = [
  ...seedContratsEtablissement,
  ...bookingContratsEtablissement,
];
export const allContratsClients: readonly ContratClientDetail[] = [
  ...seedContratsClients,
  ...bookingContratsClients,
];

/** Rooms already taken every night on a purchase tariff line (line id → rooms): the Gare de l'Est has 1 left. */
export const chambresOccupees: Readonly<Record<number, number>> = { 101: 3, 105: 1, 107: 2 };

/**
 * Residents lodged right now, over `PERIODE_HEBERGES`: a search for a stay with one of those nights flags them
 * `deja_heberge` and booking them on those nights answers 409; a stay after it is free. Karim Benali (client 1) and
 * Lucas Martin (client 2).
 */
export const pensionnairesHeberges: readonly number[] = [2, 4];
/** Their stay: from 5 days ago to 60 days ahead (departure day), after BOOKING_STAY ends. */
export const PERIODE_HEBERGES = { start_date: mockDay(-5), end_date: mockDay(60) } as const;
