// The reservation constants free of any schema library — what the dashboard needs at start-up, and the labels and
// export list the API's export render workers need without loading the contract's schemas (reservations.ts
// re-exports them and checks the counter filters against its ReservationFilters schema type).
import type { EtatPaiement, Presence, ReservationStatut, TypeLiberation, TypeResa } from './enums';

/** Most residents booked in one call, and most stays extended in one multiple extension. */
export const MAX_PENSIONNAIRES_PAR_RESERVATION = 50;
export const MAX_PROLONGATIONS_MULTIPLES = 200;
/** Longest cancellation reason (a stay's, a request's). */
export const MAX_MOTIF_ANNULATION = 500;

/** Paths under /api (the spec's, plus the list of full reservations it leaves open). */
export const RESERVATIONS_PATHS = {
  list: '/reservations',
  count: '/reservationsNumber',
  add: '/reservations/add',
  /** GET /reservations/:id, PUT /reservations/:id, PUT /reservations/:id/:date_fin */
  one: '/reservations',
  /** POST /reservations/edit/:id_reservation_mere/:pensionnaire_id */
  edit: '/reservations/edit',
  historiques: '/reservations/historiques',
  pax: '/reservations/pax',
  confirmation: '/reservations/confirmation',
  annulation: '/reservations/annulation',
  /** PUT /reservations/retablissement/:id: undoes a cancellation, an early departure or a no-show. */
  retablissement: '/reservations/retablissement',
  prolongation: '/reservations/prolongation',
  prolongationMultiple: '/reservations/prolongation_multiple',
  updatePointage: '/reservations/update_pointage',
  apec: '/reservations/apec',
  pointagePafCaf: '/reservations/pointage_paf_caf',
  /** POST: page of full reservations (not named by the spec); GET /:id: one full reservation. */
  integrales: '/reservations_integrales',
  integraleRecap: '/reservations_integrales/recap',
} as const;

/** The dashboard counters of spec §7 "Dashboard counter filters", each a POST /reservationsNumber body. */
export const DASHBOARD_RESERVATION_FILTERS = {
  totalProlonger: { jours: 'a_prolonger', etat: 'prolongable' },
  totalPresence: { jours: 'commence_h' },
  totalCaf: { status_caf: true, etat_payment_caf: 'a_verifier' },
  totalPaf: { status_paf: true, etat_payment_paf: 'a_verifier' },
} as const;

/** Exports (spec §7): POST with the list's filter body, answer = the file. */
export const RESERVATION_EXPORTS = {
  pdfResa: { path: '/reservations/generate_Pdf_Resa', extension: 'pdf', label: 'PDF (liste)' },
  pdfResaAll: { path: '/reservations/generate_Pdf_Resa/all_data', extension: 'pdf', label: 'PDF (complet)' },
  excelResaAll: {
    path: '/reservations/generate_Excel_Resa/all_data',
    extension: 'xlsx',
    label: 'Excel (complet)',
  },
  excelProlonger: {
    path: '/reservations/generate_excel_resa_prolonger',
    extension: 'xlsx',
    label: 'Excel (à prolonger)',
  },
} as const;
export type ReservationExportKey = keyof typeof RESERVATION_EXPORTS;

/**
 * A streamed export's progress: the client names its export with this request header (8–64 letters, digits or
 * dashes, e.g. a UUID) and reads GET EXPORT_PROGRESS_PATH/:id while the file arrives. The answer also carries
 * EXPORT_TOTAL_HEADER, the rows the file will hold.
 */
export const EXPORT_ID_HEADER = 'x-export-id';
export const EXPORT_TOTAL_HEADER = 'x-export-total';
export const EXPORT_PROGRESS_PATH = '/reservations/export_progress';
export const EXPORT_ID_PATTERN = '^[A-Za-z0-9-]{8,64}$';

/**
 * A cancellation without its reason (missing, empty or blank): the API's 400 and the forms' message (a stay's cancel
 * dialog, a request's « Confirmer l'annulation »).
 */
export const MOTIF_ANNULATION_REQUIS = "Le motif de l'annulation est obligatoire.";
/** A restoration without its reason (« Rétablir »): the API's 400 and the dialog's message. */
export const MOTIF_RETABLISSEMENT_REQUIS = 'Le motif du rétablissement est obligatoire.';

/** Most rows one export carries: beyond it the API answers 400 and asks for narrower filters. */
export const MAX_EXPORT_ROWS = 50_000;

export const RESERVATION_STATUT_LABELS: Record<ReservationStatut, string> = {
  en_attente: 'En attente',
  confirmee: 'Confirmée',
  en_cours: 'En cours',
  terminee: 'Terminée',
  annulee: 'Annulée',
};
export const TYPE_RESA_LABELS: Record<TypeResa, string> = {
  initiale: 'Initiale',
  prolongation: 'Prolongation',
};
/** What released a stay's nights: the hotel notices' reason and the « Rétablir » dialog's words. */
export const TYPE_LIBERATION_LABELS: Record<TypeLiberation, string> = {
  annulation: 'Annulation',
  depart_anticipe: 'Départ anticipé',
  no_show: 'Absence dès la première nuit (no-show)',
};
export const ETAT_PAIEMENT_LABELS: Record<EtatPaiement, string> = {
  a_verifier: 'À vérifier',
  paye: 'Payé',
  non_paye: 'Non payé',
};
export const PRESENCE_LABELS: Record<Presence, string> = {
  non_pointe: 'Non pointé',
  present: 'Présent',
  absent: 'Absent',
};

/** The two payment streams (docs/domain.md, "PAF / CAF"): labels live here only. */
export const FLUX_PAIEMENT = ['paf', 'caf'] as const;
export type FluxPaiement = (typeof FLUX_PAIEMENT)[number];
export const FLUX_PAIEMENT_LABELS: Record<FluxPaiement, string> = { paf: 'PAF', caf: 'CAF' };

/** Derived filters of spec §4: `etat = prolongable`, `jours = a_prolonger | commence_h`. */
export const ETATS_FILTRE = ['prolongable'] as const;
export const JOURS_FILTRE = ['a_prolonger', 'commence_h'] as const;
export type JoursFiltre = (typeof JOURS_FILTRE)[number];
export const JOURS_FILTRE_LABELS: Record<JoursFiltre, string> = {
  a_prolonger: 'Départ aujourd’hui ou demain',
  commence_h: 'Arrivées d’hier à pointer',
};
