/**
 * The French label of every action the audit trail records (`audit_log.action`), the one place they live: the API's
 * histories (a stay's, a request's) answer them as `libelle`, and the mocks use them too. `recordAudit` only takes
 * these keys, so a new action cannot reach a history without its label (an unlabelled 'preparation' once showed as
 * « Preparation »).
 */
export const AUDIT_ACTION_LABELS = {
  // Stays, full reservations, nights
  creation: 'Création',
  modification: 'Modification',
  confirmation: 'Confirmation',
  annulation: 'Annulation',
  prolongation: 'Prolongation',
  depart_anticipe: 'Départ anticipé',
  pointage: 'Pointage',
  apec: 'APEC',
  pointage_paf: 'Pointage PAF',
  pointage_caf: 'Pointage CAF',
  statut_auto: 'Changement de statut automatique',
  repartition_chambre: 'Nouveau partage de la chambre',
  avis_etablissement: "Avis de libération à l'établissement",
  retablissement: 'Rétablissement',
  avis_retablissement: "Avis de rétablissement à l'établissement",
  periode_recalculee: 'Période de la réservation intégrale recalculée',
  // Requests and their communications
  traitement: 'Traitement',
  refus: 'Refus',
  retrait: 'Retrait par le client',
  synchronisation: 'Synchronisation',
  preparation: 'Préparation d’un document',
  envoi: 'Envoi par e-mail',
  // Reference data, contracts, households, users, keys, tasks, notifications
  create: 'Création',
  update: 'Modification',
  archive: 'Archivage',
  restore: 'Restauration',
  statut: 'Changement de statut',
  signup: 'Inscription',
  role: 'Changement de rôle',
  password_reset: 'Réinitialisation du mot de passe',
  password_change: 'Changement du mot de passe',
  password_forgotten: 'Demande de réinitialisation du mot de passe',
  password_recovered: 'Mot de passe réinitialisé par lien',
  logout: 'Déconnexion',
  logout_all: 'Déconnexion de toutes les sessions',
  activate: 'Activation',
  deactivate: 'Désactivation',
  revocation: 'Révocation',
  relance: 'Relance',
  // Hotel invoices (issue 39 §2)
  rapprochement: 'Rapprochement avec les nuitées réservées',
  acceptation_ecart: 'Acceptation d’écarts',
  diffusion: 'Diffusion',
  generate: 'Génération des données de démonstration',
  'demo-seed': 'Comptes de démonstration',
  // Invoicing (issue 39 §1)
  suppression: 'Suppression',
  recalcul: 'Recalcul',
  emission: 'Émission',
  avoir: 'Avoir',
  paiement: 'Paiement',
  annulation_paiement: 'Annulation d’un paiement',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const isAuditAction = (action: string): action is AuditAction =>
  Object.prototype.hasOwnProperty.call(AUDIT_ACTION_LABELS, action);

/**
 * The label of an action read back from the trail. A row written by another version of the product may hold an
 * action this one does not know: it is named as such rather than passed off as a French word.
 */
export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : `Action « ${action} »`;
