// Invoicing (issue 39 §1, docs/invoicing.md « Client invoices »): the value lists the database, the API and the
// screens share, and every French sentence the invoicing routes answer, defined once.
import type { AuditAction } from './historique-values';

/** An invoice (380) or a credit note (381): one table, one series per kind and year. */
export const FACTURE_TYPES = ['facture', 'avoir'] as const;
export type FactureType = (typeof FACTURE_TYPES)[number];

/**
 * Stored states. « en retard » is not one of them: it depends on the day, so it is computed when read (due date
 * passed and something left to pay), never written by a nightly job that could be late or skipped.
 */
export const FACTURE_STATUTS = ['brouillon', 'emise', 'envoyee', 'partiellement_payee', 'payee'] as const;
export type FactureStatut = (typeof FACTURE_STATUTS)[number];

export const FACTURE_STATUT_LABELS: Record<FactureStatut, string> = {
  brouillon: 'Brouillon',
  emise: 'Émise',
  envoyee: 'Envoyée',
  partiellement_payee: 'Partiellement payée',
  payee: 'Payée',
};

/** Number prefixes: `FA-2026-000123`, `AV-2026-000004`. */
export const FACTURE_PREFIXES: Record<FactureType, string> = { facture: 'FA', avoir: 'AV' };

export const MOYENS_PAIEMENT = ['virement', 'cheque', 'prelevement', 'especes', 'carte'] as const;
export type MoyenPaiement = (typeof MOYENS_PAIEMENT)[number];
export const MOYEN_PAIEMENT_LABELS: Record<MoyenPaiement, string> = {
  virement: 'Virement',
  cheque: 'Chèque',
  prelevement: 'Prélèvement',
  especes: 'Espèces',
  carte: 'Carte bancaire',
};

/** What an invoice line counts: nights of a room type, or one kind of meal. */
export const LIGNE_NATURES = ['nuitee', 'petit_dejeuner', 'dejeuner', 'diner'] as const;
export type LigneNature = (typeof LIGNE_NATURES)[number];
export const LIGNE_NATURE_LABELS: Record<LigneNature, string> = {
  nuitee: 'Nuitées',
  petit_dejeuner: 'Petits-déjeuners',
  dejeuner: 'Déjeuners',
  diner: 'Dîners',
};

/** The seller settings an issue needs, with the French names a 409 lists. */
export const PARAMETRES_OBLIGATOIRES = {
  raisonSociale: 'raison sociale',
  adresseLigne1: 'adresse',
  codePostal: 'code postal',
  ville: 'ville',
  siren: 'SIREN',
  siret: 'SIRET',
  numeroTva: 'numéro de TVA intracommunautaire',
  tauxPenalites: 'taux des pénalités de retard',
} as const;

/** The exemption mention printed when a rate is 0 and the settings give none of their own. */
export const MENTION_EXONERATION_DEFAUT = 'Exonération de TVA, article 261 D du code général des impôts';

/** The fixed recovery indemnity of article D441-5 of the Code de commerce (the settings' default). */
export const INDEMNITE_RECOUVREMENT_DEFAUT = '40.00';

const euros = (amount: string) => `${amount.replace('.', ',')} €`;

/** The payment terms, penalties and indemnity as the document prints and carries them (BT-20, L441-10, D441-5). */
export const FACTURE_MENTIONS = {
  conditionsPaiement: (jours: number, iban: string | null) =>
    `Paiement à ${jours} jours à réception de facture${iban === null ? '' : `, par virement (IBAN ${iban})`}. Pas d’escompte pour paiement anticipé.`,
  conditionsAvoir: 'Avoir à déduire du règlement de la facture qu’il corrige.',
  penalitesRetard: (taux: string) =>
    `En cas de retard de paiement, pénalités au taux annuel de ${taux.replace('.', ',')} % (article L441-10 du code de commerce).`,
  indemniteRecouvrement: (montant: string) =>
    `Indemnité forfaitaire pour frais de recouvrement due en cas de retard : ${euros(montant)} (article D441-5 du code de commerce).`,
} as const;

/**
 * The label of each action an invoice's or a credit note's history shows (GET /facturation/factures/:id/historique,
 * the audit rows the invoicing writes record); an action not listed here keeps the audit trail's own label
 * (`auditActionLabel`).
 */
export const FACTURE_HISTORIQUE_LABELS = {
  create: 'Brouillon préparé',
  update: 'Brouillon modifié',
  recalcul: 'Brouillon recalculé',
  emission: 'Émission',
  envoi: 'Envoi par e-mail',
  paiement: 'Paiement enregistré',
  annulation_paiement: 'Paiement annulé',
  avoir: 'Avoir émis',
} as const satisfies Partial<Record<AuditAction, string>>;

export const FACTURATION_MESSAGES = {
  notFound: 'Facture introuvable.',
  paiementNotFound: 'Paiement introuvable.',
  clientUnknown: 'Client introuvable.',
  noNights: (client: string) =>
    `Aucune nuitée à facturer pour ${client} sur cette période : elles sont déjà facturées ou il n’y en a pas.`,
  concurrentDraft:
    'Une autre facture vient de prendre ces nuitées (préparation simultanée). Rechargez la liste des factures.',
  periodInvalid: 'La période est invalide : la fin doit être le même jour ou après le début.',
  periodTooLong: 'La période d’une facture ne dépasse pas un an.',
  notDraft: (numero: string) =>
    `La facture ${numero} est émise : elle ne peut plus être modifiée ni supprimée. Corrigez-la par un avoir.`,
  notInvoice: 'Cette opération ne concerne que les factures, pas les avoirs.',
  draftCreated: (client: string) => `Brouillon de facture préparé pour ${client}.`,
  draftUpdated: 'Brouillon enregistré.',
  draftRecomputed: 'Brouillon recalculé.',
  draftDeleted: 'Brouillon supprimé.',
  settingsMissing: (fields: string[]) =>
    `Paramètres de facturation incomplets : renseignez ${fields.join(', ')} avant d’émettre.`,
  issued: (numero: string) => `Facture ${numero} émise.`,
  notIssued: 'La facture n’est pas émise.',
  creditIssued: (numero: string, facture: string) => `Avoir ${numero} émis sur la facture ${facture}.`,
  nothingToCredit: (numero: string) => `La facture ${numero} est déjà entièrement créditée.`,
  creditTooMuch: (numero: string) =>
    `Certaines nuitées choisies ne sont pas (ou plus) à créditer sur la facture ${numero}.`,
  creditUnknownLine: (numero: number) => `La ligne ${numero} n’existe pas sur cette facture.`,
  paymentRecorded: (amount: string) => `Paiement de ${euros(amount)} enregistré.`,
  overpayment: (left: string) =>
    `Paiement refusé : il ne reste que ${euros(left)} à payer sur cette facture.`,
  paymentAmountInvalid: 'Le montant d’un paiement est positif, avec au plus deux décimales.',
  paymentCancelled: 'Paiement annulé.',
  paymentAlreadyCancelled: 'Ce paiement est déjà annulé.',
  cancelReasonRequired: 'Indiquez le motif de l’annulation.',
  noBillingEmail: (client: string) =>
    `Aucune adresse e-mail de facturation pour ${client} : renseignez-la dans la fiche de facturation du client.`,
  sent: (numero: string, to: string) => `Facture ${numero} envoyée à ${to}.`,
  mailSubject: (kind: 'facture' | 'avoir', numero: string, raisonSociale: string) =>
    `${kind === 'facture' ? 'Facture' : 'Avoir'} ${numero} — ${raisonSociale}`,
  /** The e-mail's text: the document's summary (the Factur-X PDF is attached once the renderer is wired in). */
  mailText: (d: {
    kind: 'facture' | 'avoir';
    numero: string;
    dateEmission: string;
    periode: string;
    totalHt: string;
    totalTva: string;
    totalTtc: string;
    dateEcheance: string;
    conditionsPaiement: string;
    factureReference?: string;
    vendeur: string;
  }) =>
    [
      'Bonjour,',
      '',
      d.kind === 'facture'
        ? `Voici la facture ${d.numero} du ${d.dateEmission} pour la période ${d.periode}.`
        : `Voici l’avoir ${d.numero} du ${d.dateEmission} sur la facture ${d.factureReference ?? ''}.`,
      '',
      `Total HT : ${euros(d.totalHt)}`,
      `TVA : ${euros(d.totalTva)}`,
      `Total TTC : ${euros(d.totalTtc)}`,
      ...(d.kind === 'facture' ? [`Échéance : ${d.dateEcheance}`, d.conditionsPaiement] : []),
      '',
      'Cordialement,',
      d.vendeur,
    ].join('\n'),
  siretNotSiren: 'Le SIRET commence par le SIREN (ses neuf premiers chiffres).',
  billingAddressIncomplete: 'Une adresse de facturation comporte une adresse, un code postal et une ville.',
  settingsSaved: 'Paramètres de facturation enregistrés.',
  clientBillingSaved: (client: string) => `Coordonnées de facturation de ${client} enregistrées.`,
  monthPrepared: (drafts: number) => `${drafts} brouillon(s) de facture préparé(s).`,
  monthQueued: (mois: string, task: number) =>
    `Préparation des factures de ${mois} lancée en arrière-plan (tâche n° ${task}) : une notification suivra.`,
} as const;
