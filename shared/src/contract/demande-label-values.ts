// The French labels of requests, their documents and e-mails, free of any schema library: the screens' lists and
// tags read them without the contract's schemas (demandes.ts re-exports them beside the schemas).
import type {
  CommunicationStatut,
  CommunicationType,
  CourrielStatut,
  DemandeStatut,
  DemandeType,
} from './enums';

export const DEMANDE_TYPE_LABELS: Record<DemandeType, string> = {
  nouvelle: 'Nouvel hébergement',
  prolongation: 'Prolongation',
  annulation: 'Annulation',
};
export const DEMANDE_STATUT_LABELS: Record<DemandeStatut, string> = {
  a_traiter: 'À traiter',
  en_cours: 'En cours',
  traitee: 'Traitée',
  refusee: 'Refusée',
  annulee: 'Retirée par le client',
};
/** The state as staff read it for this kind: « À prolonger », « Prolongée », « Annulation confirmée »… */
export function demandeStatutLabel(type: DemandeType, statut: DemandeStatut): string {
  if (type === 'prolongation' && statut === 'a_traiter') return 'À prolonger';
  if (type === 'prolongation' && statut === 'traitee') return 'Prolongée';
  if (type === 'annulation' && statut === 'a_traiter') return 'À annuler';
  if (type === 'annulation' && statut === 'traitee') return 'Annulation confirmée';
  return DEMANDE_STATUT_LABELS[statut];
}
export const COMMUNICATION_TYPE_LABELS: Record<CommunicationType, string> = {
  confirmation: 'Confirmation au client',
  bon_hebergement: "Bon d'hébergement (établissement)",
  refus: 'Lettre de refus',
  prolongation: 'Confirmation de prolongation',
  annulation: "Confirmation d'annulation",
  avis_etablissement: 'Avis de libération (établissement)',
  avis_retablissement: 'Avis de rétablissement (établissement)',
  retablissement: 'Rétablissement de séjour',
  autre: 'Autre document',
};
export const COMMUNICATION_STATUT_LABELS: Record<CommunicationStatut, string> = {
  preparee: 'Préparée',
  envoyee: 'Envoyée',
  non_transmise: 'Non transmise',
  echec: 'Échec',
};
export const COURRIEL_STATUT_LABELS: Record<CourrielStatut, string> = {
  en_attente: 'En attente',
  envoye: 'Envoyé',
  non_transmis: 'Non transmis',
  echec: 'Échec',
};
/** The reason kept on an e-mail when no SMTP server is configured (the local outbox keeps it). */
export const NON_TRANSMIS_SANS_SMTP = 'non transmis : aucun serveur SMTP configuré';
