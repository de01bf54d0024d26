// The accommodation-request constants the shell needs at start-up (dashboard counters, top-bar shortcut), free of any
// schema library: demandes.ts re-exports them beside the schemas.
import type { DemandeType } from './enums';

/** Paths under /api: the spec's (§7 Accommodation requests, Communication), plus the ones it leaves open. */
export const DEMANDES_PATHS = {
  /** POST: a page of requests (page, pageSize, filters). */
  list: '/demandes_hebergement',
  /** GET /:id, PUT /:id/refuser; POST: a request typed in by staff. */
  one: '/demande_hebergement',
  /** POST /:id: books a new-stay request. */
  reservations: '/demande_hebergement/reservations',
  /** POST /:id: extends the targeted stays. */
  prolongation: '/demande_hebergement/reservations_prolongation',
  /** PUT /:id: cancels the targeted stays. */
  annulations: '/demande_hebergement/annulations',
  /** POST /:id (empty body): the stays a request produced or targets. */
  resas: '/resas_per_demande',
  count: '/demandesNumber',
  previous: '/demandes_hebergement_previous',
  sync: '/demande_hebergement/sync',
  /** Client organisations' systems, with their API key (X-Api-Key): POST, GET /:reference, POST /:reference/retrait. */
  externe: '/demande_hebergement/externe',
} as const;

export const COMMUNICATION_PATHS = {
  /**
   * GET /:id: one communication; GET /:id/document: its PDF, whatever it is about; POST /send/:id,
   * /send_communication/:id; GET /pensionnaire/:id.
   */
  one: '/communication',
  send: '/communication/send',
  create: '/communication/send_communication',
  pensionnaire: '/communication/pensionnaire',
  /**
   * GET /:demandeId (spec §7, what /view-pdf?id= shows): the request's latest document as a PDF;
   * `?communication=<id>`: that one of its documents.
   */
  document: '/demande/communication',
  /** The outgoing e-mails (outbox): GET, GET /:id, POST /:id/renvoyer. */
  courriels: '/courriels',
} as const;

/**
 * The three action filters of the Demande-Hebergement shortcut (spec §2), the request kind each selects among the
 * open requests, and the dashboard counter (spec §3) that counts them.
 */
export const DEMANDE_ACTION_FILTERS = {
  traitement: {
    label: 'Traitement de la demande',
    type: 'nouvelle',
    counter: 'total_demande_a_traiter',
  },
  annulation: {
    label: "Confirmation d'annulation",
    type: 'annulation',
    counter: 'total_demande_a_annuler',
  },
  prolongation: {
    label: 'Prolongation de la demande',
    type: 'prolongation',
    counter: 'total_demande_a_prolonger',
  },
} as const satisfies Record<string, { label: string; type: DemandeType; counter: string }>;

export type DemandeActionFilter = keyof typeof DEMANDE_ACTION_FILTERS;
export const DEMANDE_ACTION_KEYS = Object.keys(DEMANDE_ACTION_FILTERS) as DemandeActionFilter[];
export type DemandeCounter = (typeof DEMANDE_ACTION_FILTERS)[DemandeActionFilter]['counter'];
