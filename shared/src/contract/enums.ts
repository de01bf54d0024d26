/**
 * The value lists of every enumerated column of the domain. The database stores them as text with a CHECK
 * constraint built from these arrays (api/src/db/schema/columns.ts), so the SQL and the TypeScript never disagree.
 * Shared by the API (CHECK constraints, services) and the screens. The transition maps are the state machines
 * described in docs/domain.md, for the services to apply (invalid transitions answer 409).
 */

/** Contract (purchase and sale) life cycle. Only `actif` contracts are offered for new bookings. */
export const CONTRAT_STATUTS = ['brouillon', 'actif', 'suspendu', 'clos'] as const;
export type ContratStatut = (typeof CONTRAT_STATUTS)[number];

export const CONTRAT_TRANSITIONS: Readonly<Record<ContratStatut, readonly ContratStatut[]>> = {
  brouillon: ['actif', 'clos'],
  actif: ['suspendu', 'clos'],
  suspendu: ['actif', 'clos'],
  clos: [],
};

/** Price of a tariff line: per room and night, or per person and night. */
export const MODES_TARIFICATION = ['par_chambre', 'par_personne'] as const;
export type ModeTarification = (typeof MODES_TARIFICATION)[number];

export const CLIENT_TYPES = [
  'association',
  'collectivite',
  'etablissement_public',
  'entreprise',
  'autre',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** X: not specified / other. */
export const SEXES = ['F', 'M', 'X'] as const;
export type Sexe = (typeof SEXES)[number];

/** Meal types, in the order of the day; the rows of `repas` are seeded by migration 0002. */
export const REPAS_CODES = ['petit_dejeuner', 'dejeuner', 'diner'] as const;
export type RepasCode = (typeof REPAS_CODES)[number];

/** nouvelle = new stay, prolongation = extension of a stay, annulation = cancellation of a stay. */
export const DEMANDE_TYPES = ['nouvelle', 'prolongation', 'annulation'] as const;
export type DemandeType = (typeof DEMANDE_TYPES)[number];

/**
 * One state machine for the three kinds (docs/domain.md "Demande"): `en_cours` = partly done (some targeted stays
 * extended or cancelled, others failed: the rest can be retried), `traitee` = done (booked, extended, cancellation
 * confirmed), `refusee` = refused with a reason, `annulee` = withdrawn by the client.
 */
export const DEMANDE_STATUTS = ['a_traiter', 'en_cours', 'traitee', 'refusee', 'annulee'] as const;
export type DemandeStatut = (typeof DEMANDE_STATUTS)[number];
/** The states where work remains: the dashboard counters and the action filters count these. */
export const DEMANDE_STATUTS_OUVERTS = ['a_traiter', 'en_cours'] as const satisfies readonly DemandeStatut[];
/** How a request arrived: typed in by staff, or submitted by the client's system with its API key. */
export const DEMANDE_ORIGINES = ['saisie', 'api'] as const;
export type DemandeOrigine = (typeof DEMANDE_ORIGINES)[number];

export const DEMANDE_TRANSITIONS: Readonly<Record<DemandeStatut, readonly DemandeStatut[]>> = {
  a_traiter: ['en_cours', 'traitee', 'refusee', 'annulee'],
  en_cours: ['a_traiter', 'traitee', 'refusee', 'annulee'],
  traitee: [],
  refusee: [],
  annulee: [],
};

export const RESERVATION_STATUTS = ['en_attente', 'confirmee', 'en_cours', 'terminee', 'annulee'] as const;
export type ReservationStatut = (typeof RESERVATION_STATUTS)[number];

/**
 * `annulee` back to the status it had (`en_attente`, `confirmee`, `en_cours`) only by « Rétablir », within its
 * window (docs/domain.md « Restoring a stay »); `terminee` back to `en_cours` when an early departure is undone.
 */
export const RESERVATION_TRANSITIONS: Readonly<Record<ReservationStatut, readonly ReservationStatut[]>> = {
  en_attente: ['confirmee', 'annulee'],
  confirmee: ['en_cours', 'annulee'],
  en_cours: ['terminee', 'annulee'],
  terminee: ['en_cours'],
  annulee: ['en_attente', 'confirmee', 'en_cours'],
};

/**
 * What released a stay's nights (table `liberations`): a cancellation, an early departure, or a no-show (absent on
 * the first night, the rest cancelled at the pointage). Each can be undone by « Rétablir » within its window.
 */
export const TYPES_LIBERATION = ['annulation', 'depart_anticipe', 'no_show'] as const;
export type TypeLiberation = (typeof TYPES_LIBERATION)[number];

/** `type_resa`: a first stay, or the extension of an earlier one (`prolongation_de_id`). */
export const TYPES_RESA = ['initiale', 'prolongation'] as const;
export type TypeResa = (typeof TYPES_RESA)[number];

/** PAF and CAF payment state (rooming total suffixes: _v à vérifier, _p payé, _n non payé). */
export const ETATS_PAIEMENT = ['a_verifier', 'paye', 'non_paye'] as const;
export type EtatPaiement = (typeof ETATS_PAIEMENT)[number];

export const ETAT_PAIEMENT_TRANSITIONS: Readonly<Record<EtatPaiement, readonly EtatPaiement[]>> = {
  a_verifier: ['paye', 'non_paye'],
  paye: ['a_verifier', 'non_paye'],
  non_paye: ['a_verifier', 'paye'],
};

/** Attendance of one night (pointage présence). */
export const PRESENCES = ['non_pointe', 'present', 'absent'] as const;
export type Presence = (typeof PRESENCES)[number];

export const PRESENCE_TRANSITIONS: Readonly<Record<Presence, readonly Presence[]>> = {
  non_pointe: ['present', 'absent'],
  present: ['absent', 'non_pointe'],
  absent: ['present', 'non_pointe'],
};

export const CANAUX_COMMUNICATION = ['email', 'courrier', 'document'] as const;
export type CanalCommunication = (typeof CANAUX_COMMUNICATION)[number];

/**
 * The documents generated about a request: to the client, to the hotel (bon), refusal, extension, cancellation;
 * `avis_etablissement` = the notice telling a hotel which nights of which stays are released (a cancellation, an
 * early departure, a no-show), generated by those actions only; `avis_retablissement` = the notice telling it that
 * nights released are booked again (« Rétablir »), and `retablissement` = the letter telling the client that stays
 * its cancellation request cancelled are restored, generated by « Rétablir » only; `autre` = a document attached by
 * other means (none is generated by the API).
 */
export const COMMUNICATION_TYPES = [
  'confirmation',
  'bon_hebergement',
  'refus',
  'prolongation',
  'annulation',
  'avis_etablissement',
  'avis_retablissement',
  'retablissement',
  'autre',
] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

/**
 * `preparee` (generated, not sent), `envoyee` (accepted by the SMTP server), `non_transmise` (kept in the local
 * outbox: no SMTP server configured), `echec` (the server refused or could not be reached: the reason is kept).
 */
export const COMMUNICATION_STATUTS = ['preparee', 'envoyee', 'non_transmise', 'echec'] as const;
export type CommunicationStatut = (typeof COMMUNICATION_STATUTS)[number];

/** An outgoing e-mail (api/src/plugins/mail.ts): `en_attente` while it is being handed to the transport. */
export const COURRIEL_STATUTS = ['en_attente', 'envoye', 'non_transmis', 'echec'] as const;
export type CourrielStatut = (typeof COURRIEL_STATUTS)[number];

/**
 * What became of an e-mail a call just tried to send, as its answer says (`envoi`): `envoye` (accepted by the SMTP
 * server), `conserve` (kept in the local outbox, not transmitted: no SMTP server configured), `echec` (refused or
 * unreachable: kept with the reason, answered 502). The screens show the first as a success and never the second.
 */
export const ENVOI_ISSUES = ['envoye', 'conserve', 'echec'] as const;
export type EnvoiIssue = (typeof ENVOI_ISSUES)[number];

export const TASK_STATUTS = ['en_attente', 'en_cours', 'terminee', 'echec'] as const;
export type TaskStatut = (typeof TASK_STATUTS)[number];

export const TASK_TRANSITIONS: Readonly<Record<TaskStatut, readonly TaskStatut[]>> = {
  en_attente: ['en_cours', 'echec'],
  en_cours: ['terminee', 'echec'],
  terminee: [],
  echec: [],
};
