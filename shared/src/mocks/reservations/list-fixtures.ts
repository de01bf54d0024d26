import {
  addDays,
  parisToday,
  type EtatPaiement,
  type ReservationIntegraleItem,
  type ReservationItem,
  type ReservationStatut,
} from '../../contract';

/**
 * Reservation seeds of the mocks: 6 full reservations (parents) and their 40 stays, over the clients, hotels,
 * room types, residents and contracts of `../referentiel/fixtures.ts` (residents 101+ exist only here).
 * Dates are relative to today, so that the derived filters (`etat = prolongable`, `jours = a_prolonger |
 * commence_h`) and the statuses stay meaningful whatever the day: `mockDay(0)` is today (YYYY-MM-DD).
 * Seeds only: handlers copy them (`freshReservations()`), tests may read them.
 */

/** Alert delay of the mocks' contracts: a stay ending within it is `prolongable` (docs/domain.md). */
export const MOCK_PROLONGATION_ALERT_DAYS = 7;

/** The business today (Europe/Paris, as the API) shifted by `offset` days, as YYYY-MM-DD. */
export const mockDay = (offset: number): string => addDays(parisToday(), offset);

export interface MockParent {
  id: number;
  client: { id: number; nom: string };
  hotel: { id: number; nom: string; ville: string };
  contratClient: { id: number; reference: string };
  contratEtablissement: { id: number; reference: string };
  demandeId: number | null;
  createdAt: number;
}

const CD94 = { id: 1, nom: 'Conseil départemental du Val-de-Marne' };
const RELAIS = { id: 2, nom: 'Association Le Relais Solidaire' };
const CCAS = { id: 3, nom: 'CCAS de Villeurbanne' };
const CHN = { id: 4, nom: 'Centre hospitalier Nord-Marseille' };

const PARC = { id: 1, nom: 'Hôtel du Parc', ville: 'Lyon' };
const TILLEULS = { id: 2, nom: 'Résidence Les Tilleuls', ville: 'Villeurbanne' };
const GARE_EST = { id: 3, nom: "Hôtel de la Gare de l'Est", ville: 'Paris' };
const BELLEVUE = { id: 4, nom: 'Hôtel Bellevue', ville: 'Créteil' };
const SAINT_CHARLES = { id: 5, nom: 'Hôtel Saint-Charles', ville: 'Marseille' };

const CC_CD94 = { id: 1, reference: 'CC-2025-CD94' };
const CC_RELAIS = { id: 2, reference: 'CC-2026-RELAIS' };
const CC_CCAS = { id: 3, reference: 'CC-2024-CCAS' };
const CC_CHN = { id: 4, reference: 'CC-2025-CHN' };
const CE_PARC = { id: 1, reference: 'CE-2025-PARC' };
const CE_TILLEULS = { id: 2, reference: 'CE-2026-TILLEULS' };
const CE_GARE_EST = { id: 3, reference: 'CE-2025-GARE-EST' };
const CE_BELLEVUE = { id: 4, reference: 'CE-2024-BELLEVUE' };
const CE_SAINT_CHARLES = { id: 5, reference: 'CE-2025-SAINT-CHARLES' };

const PARENTS: MockParent[] = [
  {
    id: 1,
    client: CD94,
    hotel: PARC,
    contratClient: CC_CD94,
    contratEtablissement: CE_PARC,
    demandeId: 12,
    createdAt: -40,
  },
  {
    id: 2,
    client: RELAIS,
    hotel: TILLEULS,
    contratClient: CC_RELAIS,
    contratEtablissement: CE_TILLEULS,
    demandeId: null,
    createdAt: -20,
  },
  {
    id: 3,
    client: CCAS,
    hotel: TILLEULS,
    contratClient: CC_CCAS,
    contratEtablissement: CE_TILLEULS,
    demandeId: 7,
    createdAt: -75,
  },
  {
    id: 4,
    client: CD94,
    hotel: BELLEVUE,
    contratClient: CC_CD94,
    contratEtablissement: CE_BELLEVUE,
    demandeId: null,
    createdAt: -12,
  },
  {
    id: 5,
    client: CHN,
    hotel: SAINT_CHARLES,
    contratClient: CC_CHN,
    contratEtablissement: CE_SAINT_CHARLES,
    demandeId: 21,
    createdAt: -6,
  },
  {
    id: 6,
    client: RELAIS,
    hotel: GARE_EST,
    contratClient: CC_RELAIS,
    contratEtablissement: CE_GARE_EST,
    demandeId: null,
    createdAt: -3,
  },
];

/** Residents: 1–11 are the referentiel's; 101+ exist only in these mocks. */
const RESIDENTS: Record<number, { nom: string; prenom: string; dossier: string }> = {
  1: { nom: 'Dupont', prenom: 'Marie', dossier: 'VDM-2024-0153' },
  2: { nom: 'Benali', prenom: 'Karim', dossier: 'VDM-2024-0188' },
  3: { nom: 'Nguyen', prenom: 'Thi Lan', dossier: 'RS-24-017' },
  4: { nom: 'Martin', prenom: 'Lucas', dossier: 'RS-24-022' },
  5: { nom: 'Diallo', prenom: 'Aminata', dossier: 'CCAS-0412' },
  6: { nom: 'Petit', prenom: 'Jeanne', dossier: 'CHN-2025-031' },
  7: { nom: 'Rousseau', prenom: 'Hugo', dossier: 'CHN-2025-044' },
  10: { nom: 'Lambert', prenom: 'Alex', dossier: 'RS-25-003' },
  101: { nom: 'Moreau', prenom: 'Élodie', dossier: 'VDM-2025-0021' },
  102: { nom: 'Haddad', prenom: 'Samir', dossier: 'VDM-2025-0034' },
  103: { nom: 'Fontaine', prenom: 'Chloé', dossier: 'VDM-2025-0047' },
  104: { nom: 'Mendy', prenom: 'Ibrahima', dossier: 'VDM-2025-0052' },
  105: { nom: 'Roux', prenom: 'Camille', dossier: 'RS-25-011' },
  106: { nom: 'Bertrand', prenom: 'Nathalie', dossier: 'RS-25-014' },
  107: { nom: 'Garcia', prenom: 'Inès', dossier: 'CCAS-0455' },
  108: { nom: 'Lopez', prenom: 'Mateo', dossier: 'CCAS-0461' },
  109: { nom: 'Morel', prenom: 'Julien', dossier: 'VDM-2025-0077' },
  110: { nom: 'Faure', prenom: 'Léa', dossier: 'VDM-2025-0081' },
  111: { nom: 'Chevalier', prenom: 'Thomas', dossier: 'CHN-2025-058' },
  112: { nom: 'Mercier', prenom: 'Sarah', dossier: 'CHN-2025-063' },
  113: { nom: 'Blanc', prenom: 'Yasmine', dossier: 'RS-25-019' },
  114: { nom: 'Guerin', prenom: 'Olivier', dossier: 'RS-25-023' },
};

const ROOM_TYPES: Record<number, string> = { 1: 'Simple', 2: 'Double', 3: 'Familiale', 4: 'PMR' };

interface StaySeed {
  id: number;
  parent: number;
  resident: number;
  /** Offsets from today: arrival, departure (half-open). */
  from: number;
  to: number;
  statut: ReservationStatut;
  room?: number;
  chambre?: string | null;
  extends?: number;
  meals?: [boolean, boolean, boolean];
  paf?: EtatPaiement;
  caf?: EtatPaiement;
  apec?: boolean;
}

const STAYS: StaySeed[] = [
  // 1 — CD94 at Hôtel du Parc: running stays, two ending tomorrow, one today, extensions.
  {
    id: 1,
    parent: 1,
    resident: 1,
    from: -30,
    to: -10,
    statut: 'terminee',
    room: 1,
    chambre: '104',
    paf: 'paye',
  },
  {
    id: 2,
    parent: 1,
    resident: 1,
    from: -10,
    to: 1,
    statut: 'en_cours',
    room: 1,
    chambre: '104',
    extends: 1,
    paf: 'a_verifier',
  },
  {
    id: 3,
    parent: 1,
    resident: 2,
    from: -30,
    to: 1,
    statut: 'en_cours',
    room: 1,
    chambre: '105',
    paf: 'a_verifier',
  },
  {
    id: 4,
    parent: 1,
    resident: 101,
    from: -30,
    to: 0,
    statut: 'en_cours',
    room: 2,
    chambre: '201',
    caf: 'a_verifier',
  },
  {
    id: 5,
    parent: 1,
    resident: 102,
    from: -30,
    to: 0,
    statut: 'en_cours',
    room: 2,
    chambre: '201',
    caf: 'a_verifier',
  },
  { id: 6, parent: 1, resident: 103, from: -30, to: 5, statut: 'en_cours', room: 1, chambre: '108' },
  { id: 7, parent: 1, resident: 104, from: -30, to: -5, statut: 'annulee', room: 1, chambre: null },
  {
    id: 8,
    parent: 1,
    resident: 109,
    from: -1,
    to: 12,
    statut: 'en_cours',
    room: 1,
    chambre: '110',
    paf: 'non_paye',
  },
  // 2 — Relais Solidaire at Les Tilleuls: arrivals yesterday, stays ending soon.
  {
    id: 9,
    parent: 2,
    resident: 3,
    from: -1,
    to: 6,
    statut: 'en_cours',
    room: 3,
    chambre: '12',
    meals: [true, false, true],
  },
  {
    id: 10,
    parent: 2,
    resident: 4,
    from: -1,
    to: 6,
    statut: 'en_cours',
    room: 3,
    chambre: '12',
    meals: [true, false, true],
  },
  {
    id: 11,
    parent: 2,
    resident: 10,
    from: -1,
    to: 6,
    statut: 'en_cours',
    room: 3,
    chambre: '12',
    meals: [true, false, true],
  },
  {
    id: 12,
    parent: 2,
    resident: 105,
    from: -15,
    to: 2,
    statut: 'en_cours',
    room: 2,
    chambre: '7',
    caf: 'paye',
  },
  {
    id: 13,
    parent: 2,
    resident: 106,
    from: -15,
    to: 2,
    statut: 'en_cours',
    room: 2,
    chambre: '7',
    caf: 'a_verifier',
  },
  { id: 14, parent: 2, resident: 113, from: -15, to: 20, statut: 'en_cours', room: 1, chambre: '3' },
  {
    id: 15,
    parent: 2,
    resident: 114,
    from: -15,
    to: -2,
    statut: 'terminee',
    room: 1,
    chambre: '4',
    apec: true,
  },
  // 3 — CCAS at Les Tilleuls: a finished reservation.
  {
    id: 16,
    parent: 3,
    resident: 5,
    from: -70,
    to: -40,
    statut: 'terminee',
    room: 1,
    chambre: '9',
    paf: 'paye',
    caf: 'paye',
  },
  {
    id: 17,
    parent: 3,
    resident: 5,
    from: -40,
    to: -25,
    statut: 'terminee',
    room: 1,
    chambre: '9',
    extends: 16,
    paf: 'paye',
    caf: 'paye',
  },
  {
    id: 18,
    parent: 3,
    resident: 107,
    from: -70,
    to: -40,
    statut: 'terminee',
    room: 2,
    chambre: '10',
    paf: 'paye',
  },
  {
    id: 19,
    parent: 3,
    resident: 108,
    from: -70,
    to: -40,
    statut: 'terminee',
    room: 2,
    chambre: '10',
    // Never checked, and every night older than the pointage list's window (the last 31 days).
    paf: 'a_verifier',
  },
  {
    id: 20,
    parent: 3,
    resident: 107,
    from: -40,
    to: -30,
    statut: 'annulee',
    room: 2,
    chambre: null,
    extends: 18,
  },
  { id: 21, parent: 3, resident: 108, from: -69, to: -60, statut: 'annulee', room: 2, chambre: null },
  // 4 — CD94 at Hôtel Bellevue: confirmed and running stays, one extended.
  {
    id: 22,
    parent: 4,
    resident: 2,
    from: -8,
    to: 3,
    statut: 'en_cours',
    room: 4,
    chambre: 'R1',
    caf: 'a_verifier',
  },
  { id: 23, parent: 4, resident: 110, from: -8, to: 1, statut: 'en_cours', room: 1, chambre: '22' },
  {
    id: 24,
    parent: 4,
    resident: 110,
    from: 1,
    to: 15,
    statut: 'confirmee',
    room: 1,
    chambre: '22',
    extends: 23,
  },
  { id: 25, parent: 4, resident: 101, from: 2, to: 9, statut: 'confirmee', room: 1, chambre: '23' },
  { id: 26, parent: 4, resident: 103, from: 2, to: 16, statut: 'en_attente', room: 1, chambre: null },
  {
    id: 27,
    parent: 4,
    resident: 104,
    from: -8,
    to: 4,
    statut: 'en_cours',
    room: 2,
    chambre: '24',
    paf: 'a_verifier',
  },
  {
    id: 28,
    parent: 4,
    resident: 109,
    from: -20,
    to: -8,
    statut: 'terminee',
    room: 1,
    chambre: '21',
    paf: 'paye',
  },
  // 5 — Centre hospitalier Nord-Marseille at Saint-Charles: mostly pending and confirmed.
  {
    id: 29,
    parent: 5,
    resident: 6,
    from: 3,
    to: 17,
    statut: 'en_attente',
    room: 1,
    chambre: null,
    paf: 'a_verifier',
  },
  {
    id: 30,
    parent: 5,
    resident: 7,
    from: 3,
    to: 17,
    statut: 'en_attente',
    room: 1,
    chambre: null,
    paf: 'a_verifier',
  },
  {
    id: 31,
    parent: 5,
    resident: 111,
    from: -2,
    to: 1,
    statut: 'confirmee',
    room: 2,
    chambre: '31',
    caf: 'a_verifier',
  },
  {
    id: 32,
    parent: 5,
    resident: 112,
    from: -2,
    to: 1,
    statut: 'confirmee',
    room: 2,
    chambre: '31',
    caf: 'a_verifier',
  },
  {
    id: 33,
    parent: 5,
    resident: 111,
    from: 1,
    to: 8,
    statut: 'en_attente',
    room: 2,
    chambre: '31',
    extends: 31,
  },
  { id: 34, parent: 5, resident: 6, from: -12, to: -4, statut: 'annulee', room: 1, chambre: null },
  // 6 — Relais Solidaire at Gare de l'Est: new reservation, some cancelled.
  { id: 35, parent: 6, resident: 3, from: 10, to: 24, statut: 'en_attente', room: 2, chambre: null },
  { id: 36, parent: 6, resident: 105, from: 10, to: 24, statut: 'en_attente', room: 2, chambre: null },
  {
    id: 37,
    parent: 6,
    resident: 106,
    from: 10,
    to: 24,
    statut: 'confirmee',
    room: 1,
    chambre: '505',
    apec: true,
  },
  { id: 38, parent: 6, resident: 113, from: 10, to: 24, statut: 'annulee', room: 1, chambre: null },
  {
    id: 39,
    parent: 6,
    resident: 114,
    from: 4,
    to: 11,
    statut: 'confirmee',
    room: 1,
    chambre: '507',
    caf: 'non_paye',
  },
  { id: 40, parent: 6, resident: 10, from: 4, to: 11, statut: 'annulee', room: 1, chambre: null },
];

const at = (offset: number, time = '09:30:00') => `${mockDay(offset)}T${time}.000Z`;

function nightsBetween(from: number, to: number) {
  return to - from;
}

function toItem(seed: StaySeed): ReservationItem {
  const parent = PARENTS.find((p) => p.id === seed.parent)!;
  const resident = RESIDENTS[seed.resident]!;
  const extension = STAYS.find((s) => s.extends === seed.id && s.statut !== 'annulee');
  const room = seed.room ?? 1;
  const active = seed.statut === 'confirmee' || seed.statut === 'en_cours';
  return {
    id: seed.id,
    id_reservation_mere: seed.parent,
    type_resa: seed.extends ? 'prolongation' : 'initiale',
    prolongation_de_id: seed.extends ?? null,
    prolongee_par_id: extension?.id ?? null,
    statut: seed.statut,
    pensionnaire_id: seed.resident,
    pensionnaire_nom: resident.nom,
    pensionnaire_prenom: resident.prenom,
    numero_dossier: resident.dossier,
    client_id: parent.client.id,
    client_nom: parent.client.nom,
    etablissement_id: parent.hotel.id,
    etablissement_nom: parent.hotel.nom,
    etablissement_ville: parent.hotel.ville,
    type_chambre_id: room,
    type_chambre_libelle: ROOM_TYPES[room]!,
    chambre: seed.chambre ?? null,
    date_debut: mockDay(seed.from),
    date_fin: mockDay(seed.to),
    nombre_nuits: nightsBetween(seed.from, seed.to),
    petit_dejeuner: seed.meals?.[0] ?? true,
    dejeuner: seed.meals?.[1] ?? false,
    diner: seed.meals?.[2] ?? false,
    status_paf: seed.paf !== undefined,
    status_caf: seed.caf !== undefined,
    etat_payment_paf: seed.paf ?? 'a_verifier',
    etat_payment_caf: seed.caf ?? 'a_verifier',
    apec: seed.apec ?? false,
    prolongable: active && !extension && seed.to >= 0 && seed.to <= MOCK_PROLONGATION_ALERT_DAYS,
    version: 1,
    created_at: at(Math.min(parent.createdAt, seed.from - 2)),
  };
}

/** The 40 stays, as POST /reservations lists them. A new copy at each call. */
export function freshReservations(): ReservationItem[] {
  return STAYS.map(toItem);
}

/** Summary of a parent computed from its stays (min arrival, max departure, residents, statuses). */
export function integraleOf(parentId: number, stays: readonly ReservationItem[]): ReservationIntegraleItem {
  const parent = allParents().find((p) => p.id === parentId)!;
  const own = stays.filter((s) => s.id_reservation_mere === parentId);
  const statuts: Record<string, number> = {};
  for (const stay of own) statuts[stay.statut] = (statuts[stay.statut] ?? 0) + 1;
  // The period spans the live stays; every stay cancelled: all of them, its original dates (docs/domain.md).
  const live = own.filter((s) => s.statut !== 'annulee');
  const dates = (live.length ? live : own).map((s) => [s.date_debut, s.date_fin] as const);
  return {
    id: parent.id,
    client_id: parent.client.id,
    client_nom: parent.client.nom,
    etablissement_id: parent.hotel.id,
    etablissement_nom: parent.hotel.nom,
    etablissement_ville: parent.hotel.ville,
    contrat_client: { ...parent.contratClient },
    contrat_etablissement: { ...parent.contratEtablissement },
    date_debut: dates.map(([from]) => from).sort()[0] ?? mockDay(0),
    date_fin:
      dates
        .map(([, to]) => to)
        .sort()
        .at(-1) ?? mockDay(0),
    demande_id: parent.demandeId,
    nombre_reservations: own.length,
    nombre_pensionnaires: new Set(own.map((s) => s.pensionnaire_id)).size,
    statuts,
    created_at: at(parent.createdAt),
  };
}

/** Ids of the 6 seed parents. */
export const MOCK_RESERVATION_MERE_IDS = PARENTS.map((p) => p.id);

/** Parents booked through the mocked POST /reservations/add (booking-handlers.ts), until the next reset. */
const addedParents: MockParent[] = [];
const allParents = () => [...PARENTS, ...addedParents];

export function addMockParent(parent: MockParent): void {
  addedParents.push(parent);
}

export function resetAddedParents(): void {
  addedParents.splice(0, addedParents.length);
}

/** The full reservations (6 seeds and those booked since), as POST /reservations_integrales lists them. */
export function freshReservationsIntegrales(
  stays: readonly ReservationItem[] = freshReservations(),
): ReservationIntegraleItem[] {
  return allParents().map((p) => integraleOf(p.id, stays));
}

/** The mocks' full reservation metadata (client, hotel, contracts) of a parent, for detail mocks. */
export function mockParent(id: number): MockParent | undefined {
  return allParents().find((p) => p.id === id);
}
