// The reservation constants the dashboard needs at start-up, free of any schema library (reservations.ts re-exports
// them and checks the counter filters against its ReservationFilters schema type).

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
