import type { Role } from './auth-values';
import { RESET_LINK_MINUTES, ROLE_LABELS } from './auth-values';
import { CONTRAT_STATUT_LABELS } from './contrat-values';
import { frenchDate } from './days';
import {
  COMMUNICATION_TYPE_LABELS,
  DEMANDE_TYPE_LABELS,
  NON_TRANSMIS_SANS_SMTP,
} from './demande-label-values';
import type { CommunicationType, ContratStatut, DemandeType, EtatPaiement } from './enums';
import { ETAT_PAIEMENT_LABELS } from './reservation-values';
import { ROOMING_MAX_JOURS } from './rooming-values';

/**
 * The French messages of the API, defined once: the API imports them where it answers them and the MSW mocks
 * (shared/src/mocks) answer the same sentences, so a standalone remote and its tests read what the product says.
 * Grouped by API module (named beside each group). A mock never writes a message itself
 * (shared/src/mocks/mock-messages.test.ts).
 */

/**
 * api/src/lib/error-responses.ts (the one status mapping), api/src/plugins/errors.ts and api/src/plugins/auth.ts: what
 * any route may answer.
 */
export const COMMON_MESSAGES = {
  unauthorized: 'Vous devez être connecté pour accéder à cette ressource.',
  forbidden: "Vous n'êtes pas autorisé à accéder à cette ressource.",
  badRequest: 'La requête est invalide.',
  invalidBody: 'Le corps de la requête est invalide.',
  /** A partial update (PATCH) without any field. */
  nothingToChange: 'Indiquez au moins un champ à modifier.',
  invalidId: 'Le paramètre id est invalide.',
  invalidParams: 'Les paramètres sont invalides.',
  invalidParam: (name: string) => `Le paramètre ${name} est invalide.`,
  paramNotAllowed: (name: string) => `Le paramètre « ${name} » n'est pas autorisé.`,
  notFound: 'Ressource introuvable.',
  internal: 'Une erreur interne est survenue.',
  conflict: 'Cette opération entre en conflit avec des données existantes.',
  /** Database rule violations a service did not translate itself (`databaseErrorResponse`). */
  overlap: 'Cette opération chevauche une période déjà enregistrée.',
  referenced: "Cette opération est impossible : d'autres enregistrements dépendent de ces données.",
  rule: 'Une valeur ne respecte pas les règles de gestion.',
  invalidValue: 'Une valeur est invalide ou hors limites.',
  retry: 'Conflit avec une autre opération, réessayez.',
  databaseUnavailable: 'La base de données est momentanément indisponible. Réessayez dans quelques instants.',
  badUrl: "L'adresse demandée est invalide.",
  urlTooLong: "L'adresse demandée est trop longue.",
  /** The message of a bare HTTP status that has nothing more precise to say (`statusMessage`). */
  status: {
    405: 'Méthode non autorisée.',
    406: 'Format de réponse non pris en charge.',
    408: "La requête n'est pas arrivée à temps.",
    413: 'Le corps de la requête est trop volumineux.',
    415: 'Type de contenu non pris en charge.',
    417: "L'en-tête Expect de la requête n'est pas pris en charge.",
    429: 'Trop de requêtes. Réessayez dans quelques minutes.',
    431: 'Les en-têtes de la requête sont trop volumineux.',
    503: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
  },
  /**
   * `validationMessage` of api/src/lib/error-responses.ts: a body field (« Le champ x ») or a parameter (« Le
   * paramètre x »). The messages about a value take its `subject`, which names a list's element by its rank.
   */
  field: {
    notAllowed: (name: string, part: RequestPart = 'champ') => `Le ${part} « ${name} » n'est pas autorisé.`,
    required: (name: string, part: RequestPart = 'champ') => `Le ${part} ${name} est obligatoire.`,
    /** What a message is about: « Le champ x », or « L'élément n° 2 du champ x » for `x.1` (a list's element). */
    subject: (name: string, part: RequestPart = 'champ') => {
      const segments = name.split('.');
      const last = segments.at(-1) ?? '';
      return /^\d+$/.test(last)
        ? `L'élément n° ${Number(last) + 1} du ${part} ${segments.slice(0, -1).join('.')}`
        : `Le ${part} ${name}`;
    },
    /** An empty string where one is required (`minLength: 1`). */
    empty: (subject: string) => `${subject} est obligatoire.`,
    minLength: (subject: string, limit: number) => `${subject} doit contenir au moins ${limit} caractères.`,
    maxLength: (subject: string, limit: number) => `${subject} doit contenir au plus ${limit} caractères.`,
    minimum: (subject: string, limit: number) => `${subject} doit être supérieur ou égal à ${limit}.`,
    maximum: (subject: string, limit: number) => `${subject} doit être inférieur ou égal à ${limit}.`,
    invalid: (subject: string) => `${subject} est invalide.`,
    minItems: (subject: string, limit: number) =>
      `${subject} doit contenir au moins ${limit} élément${limit === 1 ? '' : 's'}.`,
    maxItems: (subject: string, limit: number) =>
      `${subject} doit contenir au plus ${limit} élément${limit === 1 ? '' : 's'}.`,
    uniqueItems: (subject: string) => `${subject} contient deux fois la même valeur.`,
    email: (subject: string) => `${subject} doit être une adresse e-mail valide.`,
  },
} as const;

/** Where a validated value comes from: the body's fields, or the query's and path's parameters. */
type RequestPart = 'champ' | 'paramètre';

/** The list contract's query (api/src/modules/common list query). */
export const LIST_MESSAGES = {
  page: 'Le paramètre « page » doit être un entier ≥ 1.',
  pageSize: (max: number) => `Le paramètre « pageSize » doit être un entier entre 1 et ${max}.`,
  sort: (column: string) => `Le tri sur « ${column} » n'est pas disponible.`,
  order: 'Le paramètre « order » doit valoir asc ou desc.',
  archived: 'Le paramètre « archived » doit valoir true ou false.',
  search: (column: string) => `La recherche sur « ${column} » n'est pas disponible.`,
  filter: (column: string) => `Le filtre « ${column} » n'est pas disponible.`,
  searchLength: (column: string) => `La recherche sur « ${column} » doit compter de 1 à 100 caractères.`,
} as const;

/** api/src/modules/auth/service.ts. */
export const AUTH_MESSAGES = {
  signedUp: "Votre compte a été créé. Un administrateur doit l'activer avant votre première connexion.",
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  inactive: "Votre compte n'est pas encore activé. Contactez un administrateur.",
  loggedOut: 'Vous êtes déconnecté.',
  loggedOutEverywhere: 'Toutes vos sessions ont été fermées, sur tous vos appareils.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  samePassword: "Le nouveau mot de passe doit être différent de l'actuel.",
  passwordChanged: 'Votre mot de passe a été modifié. Vos autres sessions ont été fermées.',
  tooManySignups: 'Trop de créations de compte depuis cette adresse. Réessayez dans quelques minutes.',
  welcome: (prenom: string) => `Bienvenue, ${prenom} !`,
} as const;

/** api/src/modules/auth/password-reset.ts. */
export const RESET_MESSAGES = {
  requested: `Si un compte actif correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé. Le lien est valable ${RESET_LINK_MINUTES} minutes.`,
  invalidLink: "Ce lien de réinitialisation n'est pas valable ou a expiré. Demandez-en un nouveau.",
  done: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
  tooManyForAddress: 'Trop de demandes de réinitialisation pour cette adresse. Réessayez plus tard.',
  tooManyFromClient:
    'Trop de demandes de réinitialisation depuis cette adresse. Réessayez dans quelques minutes.',
  subject: 'EBAS3 — Réinitialisation de votre mot de passe',
} as const;

/**
 * api/src/plugins/mail.ts `deliveryAnswer`, api/src/modules/courriels/routes.ts and the sending calls of
 * communications (`COMMUNICATION_MESSAGES`) and rooming lists (api/src/modules/rooming/send).
 */
export const COURRIEL_MESSAGES = {
  kept: (objet: string) => `Courriel « ${objet} » conservé dans la boîte d'envoi, ${NON_TRANSMIS_SANS_SMTP}.`,
  noRecipient: 'Aucun destinataire : indiquez au moins une adresse e-mail.',
  hotelWithoutAddress: "Cet établissement n'a pas d'adresse e-mail : indiquez au moins un destinataire.",
  saveForbidden: "Seul un administrateur peut enregistrer l'adresse e-mail d'un établissement.",
  saveOne: "Indiquez une seule adresse pour l'enregistrer comme adresse de l'établissement.",
  saved: (email: string) => `Adresse ${email} enregistrée pour l'établissement.`,
  notFound: (id: number) => `Courriel n° ${id} introuvable.`,
  attachmentNotFound: 'Pièce jointe introuvable.',
  alreadySent: (id: number) => `Le courriel n° ${id} a déjà été envoyé : renvoi impossible.`,
  sending: (id: number) => `Le courriel n° ${id} est en cours d'envoi : réessayez dans quelques minutes.`,
  /** A rooming list's sending failed (`reason`: the delivery's own sentence). */
  failedKept: (reason: string) =>
    `${reason} Le courriel est conservé : vous pouvez le renvoyer depuis la boîte d'envoi.`,
  confidentialText:
    "Ce message contient un lien personnel de réinitialisation de mot de passe : son texte n'est pas affiché.",
  confidentialAttachment: 'Ce courriel est confidentiel : ses pièces jointes ne sont pas affichées.',
} as const;

/** api/src/modules/referentiel: one sentence per record, « Le client « X » a été créé. » */
export const REFERENTIEL_MESSAGES = {
  created: 'a été créé',
  updated: 'a été modifié',
  archived: 'a été archivé',
  restored: 'a été restauré',
  alreadyArchived: 'est déjà archivé',
  notArchived: "n'est pas archivé",
  archivedRestoreFirst: "est archivé : restaurez-le d'abord",
  /** « Le client « X » » + one of the verbs above. */
  about: (subject: string, verb: string) => `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${verb}.`,
  groupeEtablissements: {
    subject: (nom: string) => `le groupe d'établissements « ${nom} »`,
    notFound: "Groupe d'établissements introuvable.",
    duplicate: "Un groupe d'établissements porte déjà ce nom.",
    stillUsed: 'Ce groupe contient encore des établissements actifs : archivez-les ou changez-les de groupe.',
    missing: "Le groupe d'établissements indiqué n'existe pas ou est archivé.",
  },
  etablissement: {
    subject: (nom: string) => `l'établissement « ${nom} »`,
    notFound: 'Établissement introuvable.',
    duplicate: 'Un établissement porte déjà ce nom dans cette ville.',
    missing: "L'établissement indiqué n'existe pas ou est archivé.",
  },
  typeChambre: {
    subject: (libelle: string) => `le type de chambre « ${libelle} »`,
    notFound: 'Type de chambre introuvable.',
    duplicate: 'Un type de chambre porte déjà ce libellé.',
    missing: "Le type de chambre indiqué n'existe pas ou est archivé.",
  },
  groupeClients: {
    subject: (nom: string) => `le groupe de clients « ${nom} »`,
    notFound: 'Groupe de clients introuvable.',
    duplicate: 'Un groupe de clients porte déjà ce nom.',
    stillUsed: 'Ce groupe contient encore des clients actifs : archivez-les ou changez-les de groupe.',
    missing: "Le groupe de clients indiqué n'existe pas ou est archivé.",
  },
  client: {
    subject: (nom: string) => `le client « ${nom} »`,
    notFound: 'Client introuvable.',
    duplicate: 'Un client porte déjà ce nom.',
    stillUsed: 'Ce client a encore des pensionnaires actifs : archivez-les d’abord.',
    missing: "Le client indiqué n'existe pas ou est archivé.",
  },
  pensionnaire: {
    subject: (prenom: string, nom: string) => `le pensionnaire ${prenom} ${nom}`,
    notFound: 'Pensionnaire introuvable.',
    duplicate: 'Ce numéro de dossier est déjà utilisé par un pensionnaire de ce client.',
  },
} as const;

/** api/src/modules/utilisateurs/service.ts. */
export const USERS_MESSAGES = {
  notFound: 'Utilisateur introuvable.',
  emailTaken: AUTH_MESSAGES.emailTaken,
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle.',
  ownDeactivation: 'Vous ne pouvez pas désactiver votre propre compte.',
  activeRequired: 'Le champ active est obligatoire.',
  page: 'Le paramètre page doit être supérieur ou égal à 1.',
  pageSize: (max: number) => `Le paramètre pageSize doit être inférieur ou égal à ${max}.`,
  alreadyActive: (name: string, active: boolean) =>
    `Le compte de ${name} est déjà ${active ? 'actif' : 'désactivé'}.`,
  activated: (name: string, active: boolean) =>
    `Le compte de ${name} a été ${active ? 'activé' : 'désactivé'}.`,
  created: (name: string, role: Role) =>
    `Le compte de ${name} (${ROLE_LABELS[role].toLowerCase()}) a été créé.`,
  alreadyRole: (name: string, role: Role) => `${name} a déjà le rôle ${ROLE_LABELS[role].toLowerCase()}.`,
  roleChanged: (name: string, role: Role) =>
    `${name} a maintenant le rôle ${ROLE_LABELS[role].toLowerCase()}.`,
  passwordReset: (name: string) => `Le mot de passe de ${name} a été réinitialisé.`,
} as const;

/** api/src/modules/releases: the registry of releases (API and `pnpm registry`). */
export const RELEASES_MESSAGES = {
  unknownRelease: (id: string) => `La version ${id} est inconnue du registre.`,
  foreignRelease: (id: string, owner: string, remote: string) =>
    `La version ${id} appartient au module ${owner}, pas à ${remote} : rien n'a été changé.`,
  otherContent: (remote: string, id: string) =>
    `La version ${id} de ${remote} est déjà enregistrée avec un autre contenu : rien n'a été changé.`,
  registered: (remote: string, id: string) => `La version ${id} de ${remote} est enregistrée.`,
  alreadyRegistered: (remote: string, id: string) =>
    `La version ${id} de ${remote} était déjà enregistrée à l'identique.`,
  stale: "La version en ligne a changé entre-temps : rechargez l'état du registre et recommencez.",
  alreadyLive: (remote: string, id: string) => `La version ${id} est déjà en ligne pour ${remote}.`,
  canaryNeedsLive: (remote: string) =>
    `${remote} n'a encore aucune version en ligne : mettez-en une en ligne avant de lancer un canari.`,
  canaryPercent: (min: number, max: number) =>
    `Le pourcentage du canari doit être un nombre entier entre ${min} et ${max}.`,
  promoted: (remote: string, id: string) => `La version ${id} est en ligne pour ${remote}.`,
  canaryStarted: (remote: string, id: string, percent: number) =>
    `La version ${id} est proposée à ${percent} % des utilisateurs de ${remote} (canari).`,
  noPrevious: (remote: string) =>
    `${remote} n'a aucune version précédente vers laquelle revenir : rien n'a été changé.`,
  rolledBack: (remote: string, from: string, to: string) =>
    `${remote} revient de la version ${from} à la version ${to}.`,
  canaryWithdrawn: (remote: string, id: string) =>
    `Le canari ${id} de ${remote} est retiré : tous les utilisateurs ont la version en ligne.`,
  invalidRemote: (remote: string) =>
    `Le nom de module « ${remote} » est invalide (lettres minuscules, chiffres et tirets).`,
  invalidId: (id: string) =>
    `L'identifiant de version « ${id} » est invalide (lettres, chiffres, points, tirets et soulignés).`,
  invalidRelease:
    'Le fichier release.json est invalide : il doit indiquer remote, id, commit, builtAt (date ISO) et files.',
  /** api/src/modules/releases/declaration-check.ts: a release's routes and menu entries refused at promote. */
  invalidDeclarations: (remote: string, id: string, problems: readonly string[]) =>
    `La version ${id} de ${remote} déclare des routes invalides : ${problems.join(' ; ')}`,
  pathTaken: (remote: string, id: string, path: string, owner: string) =>
    `Le chemin /dashboard/${path} de ${remote} (version ${id}) appartient déjà à ${owner} : mise en ligne refusée.`,
  routeIdTaken: (remote: string, id: string, routeId: string, owner: string) =>
    `La route « ${routeId} » de ${remote} (version ${id}) est déjà déclarée par ${owner} : mise en ligne refusée.`,
  hostOwner: "l'hôte",
  releaseOwner: (remote: string, id: string) => `${remote} (version ${id})`,
} as const;

/** A contract status as a sentence writes it: « brouillon », « actif », « suspendu », « clos ». */
const statutLabel = (statut: ContratStatut) => CONTRAT_STATUT_LABELS[statut].toLocaleLowerCase('fr');

const CONTRAT_STATUT_VERBS: Record<ContratStatut, string> = {
  brouillon: 'remis en brouillon',
  actif: 'activé',
  suspendu: 'suspendu',
  clos: 'clos',
};

/** api/src/modules/contrats: the contracts' CRUD, status changes and the spec's contract calls. */
export const CONTRATS_MESSAGES = {
  noun: { etablissement: 'contrat établissement', client: 'contrat client' },
  etablissementNotFound: 'Contrat établissement introuvable.',
  clientNotFound: 'Contrat client introuvable.',
  invalidStatut: 'Le paramètre statut est invalide.',
  referenceTaken: (noun: string, reference: string) => `Un ${noun} porte déjà la référence « ${reference} ».`,
  /** « Le contrat client « C-12 » a été activé. »: every write's answer; `verb` from `writeVerb`/`statutVerb`. */
  written: (noun: string, reference: string, verb: string) => `Le ${noun} « ${reference} » a été ${verb}.`,
  writeVerb: { create: 'créé', update: 'modifié' },
  /** The verb of a status change: « réactivé » when a suspended contract becomes active again. */
  statutVerb: (from: ContratStatut, to: ContratStatut): string =>
    from === 'suspendu' && to === 'actif' ? 'réactivé' : CONTRAT_STATUT_VERBS[to],
  closed: (noun: string, reference: string) =>
    `Le ${noun} « ${reference} » est clos : il ne peut plus être modifié.`,
  alreadyInStatut: (reference: string, statut: ContratStatut) =>
    `Transition impossible : le contrat « ${reference} » est déjà « ${statutLabel(statut)} ».`,
  transition: (
    reference: string,
    from: ContratStatut,
    to: ContratStatut,
    allowed: readonly ContratStatut[],
  ) =>
    `Transition impossible : le contrat « ${reference} » est « ${statutLabel(from)} » et ne peut pas passer à « ${statutLabel(to)} » (${
      allowed.length
        ? `transitions possibles : ${allowed.map((next) => `« ${statutLabel(next)} »`).join(', ')}`
        : 'son statut est définitif'
    }).`,
  noLines: (noun: string, reference: string) =>
    `Le ${noun} « ${reference} » n'a aucune ligne de tarif : il ne peut pas être activé.`,
  /** The hotel or client a contract is made with: missing, archived, or fixed once reservations use the contract. */
  party: {
    etablissement: {
      missing: "L'établissement indiqué n'existe pas ou est archivé.",
      archived: "L'établissement de ce contrat est archivé : le contrat ne peut pas être activé.",
      fixed: 'Ce contrat a déjà des réservations : son établissement ne peut plus changer.',
    },
    client: {
      missing: "Le client indiqué n'existe pas ou est archivé.",
      archived: 'Le client de ce contrat est archivé : le contrat ne peut pas être activé.',
      fixed: 'Ce contrat a déjà des réservations : son client ne peut plus changer.',
    },
  },
  searchTooLong: 'Le paramètre search doit contenir au plus 100 caractères.',
  endBeforeStart: 'La date de fin doit être postérieure à la date de début.',
  periodPair: 'Indiquez start_date et end_date ensemble, ou aucun des deux.',
  invalidPeriod: 'La période demandée est invalide.',
  notThisHotel: "Ce contrat n'appartient pas à cet établissement.",
  /** The spec's contract calls (api/src/modules/contrats/spec-service.ts): their period, in the spec's names. */
  specPeriod: "La date de départ (end_date) doit être postérieure à la date d'arrivée (start_date).",
  specPeriodPair: 'Les paramètres start_date et end_date vont ensemble : indiquez les deux ou aucun.',
  /** api/src/modules/contrats/lignes.ts `assertLinesValid`; `line`: « Double » or « Double », its hotel. */
  lineEndBeforeStart: (position: number, line: string) =>
    `Ligne de tarif n° ${position} (${line}) : la date de fin doit être postérieure à la date de début.`,
  lineOutsideContract: (position: number, line: string, linePeriod: string, contractPeriod: string) =>
    `Ligne de tarif n° ${position} (${line}) : sa période (${linePeriod}) doit être comprise dans celle du ` +
    `contrat (${contractPeriod}).`,
  linesOverlap: (a: number, b: number, line: string) =>
    `Les lignes de tarif n° ${a} et n° ${b} (${line}) se chevauchent : une nuit ne peut avoir qu'un prix.`,
  lineUsed: (line: string, linePeriod: string, verb: string) =>
    `La ligne de tarif ${line} ${linePeriod} est déjà utilisée par des nuitées : elle ne peut pas être ${verb}. ` +
    'Ajoutez une nouvelle ligne pour les dates suivantes.',
  contractEndBeforeStart: 'La date de fin du contrat doit être postérieure à sa date de début.',
  lineRoomTypeMissing: (position: number) =>
    `Ligne de tarif n° ${position} : le type de chambre indiqué n'existe pas ou est archivé.`,
  lineHotelMissing: (position: number) =>
    `Ligne de tarif n° ${position} : l'établissement indiqué n'existe pas ou est archivé.`,
  lineNotOfContract: (position: number, id: number) =>
    `Ligne de tarif n° ${position} : la ligne ${id} n'appartient pas à ce contrat.`,
  lineTwice: (position: number, id: number) =>
    `Ligne de tarif n° ${position} : la ligne ${id} est envoyée deux fois.`,
  /** api/src/modules/contrats/format.ts `periode`. */
  periode: (start: string, end: string) => `du ${frenchDate(start)} au ${frenchDate(end)} exclu`,
} as const;

/** api/src/modules/reservations: detail, extensions and the booking (the writes' rules: RESERVATION_WRITE_MESSAGES). */
export const RESERVATIONS_MESSAGES = {
  notFound: 'Réservation introuvable.',
  integraleNotFound: 'Réservation intégrale introuvable.',
  confirmed: (count: number) => (count > 1 ? `${count} réservations confirmées.` : 'Réservation confirmée.'),
  onlyPendingConfirmed: (statut: string) =>
    `Seule une réservation en attente peut être confirmée : celle-ci est ${statut}.`,
  nothingToConfirm: 'Aucune réservation en attente à confirmer.',
  cancelled: (count: number) => (count > 1 ? `${count} réservations annulées.` : 'Réservation annulée.'),
  notCancellable: (statut: string) => `Une réservation ${statut} ne peut pas être annulée.`,
  nothingToCancel: 'Aucune réservation à annuler.',
  streamNotApplied: (stream: string) => `Le ${stream} ne s'applique pas à cette réservation.`,
  noNightToPoint: "Aucune nuitée jusqu'à aujourd'hui à pointer.",
  pointed: (stream: string, etat: EtatPaiement) => `${stream} : ${ETAT_PAIEMENT_LABELS[etat]}.`,
  apec: (on: boolean) => (on ? 'APEC activée.' : 'APEC désactivée.'),
  residentNotFound: 'Pensionnaire introuvable pour ce client.',
  residentAlreadyIn: 'Ce pensionnaire a déjà une réservation dans cette réservation intégrale.',
  parentCancelled: (id: number) =>
    `La réservation intégrale n° ${id} est annulée (toutes ses réservations le sont) : ajout d'un pensionnaire impossible. Créez une nouvelle réservation.`,
  residentAdded: 'Pensionnaire ajouté à la réservation.',
  invalidDateFin: COMMON_MESSAGES.invalidParam('date_fin'),
  notShortenable: (statut: string) => `Une réservation ${statut} ne peut plus être écourtée.`,
  extendedCancelFirst: "Cette réservation est prolongée : annulez d'abord la prolongation.",
  departureInPast: "La date de départ ne peut pas être antérieure à aujourd'hui.",
  departureBetween: (debut: string, fin: string) =>
    `La date de départ doit être comprise entre le ${frenchDate(debut)} et le ${frenchDate(fin)}.`,
  departed: (day: string) => `Départ anticipé au ${frenchDate(day)} enregistré.`,
  stale: 'La réservation a été modifiée entre-temps. Rechargez la fiche puis recommencez.',
  notEditable: (statut: string) => `Une réservation ${statut} ne peut plus être modifiée.`,
  updated: 'Réservation modifiée.',
  // « Rétablir » (retablissement-service).
  nothingToRestore: (id: number) =>
    `La réservation n° ${id} n'a ni annulation, ni départ anticipé, ni no-show à rétablir.`,
  restoreNightTaken: (id: number, name: string, day: string, other: number) =>
    `Rétablissement de la réservation n° ${id} impossible : ${name} a une autre réservation la nuit du ${frenchDate(day)} (réservation n° ${other}) ; annulez-la ou écourtez-la d'abord.`,
  restored: (id: number, nuits: number) =>
    `Réservation n° ${id} rétablie : ${nuits} nuit${nuits > 1 ? 's' : ''} de nouveau réservée${nuits > 1 ? 's' : ''}.`,
  // Extensions (prolongation-service).
  notExtendable: (id: number) => `La réservation n° ${id} ne peut pas être prolongée dans son état actuel.`,
  alreadyExtended: (id: number, by: number) =>
    `La réservation n° ${id} est déjà prolongée : prolongez la réservation n° ${by}.`,
  ended: (id: number, day: string) =>
    `La réservation n° ${id} s'est terminée le ${frenchDate(day)} : prolongation impossible.`,
  endNotAfter: (day: string) =>
    `La nouvelle date de départ doit être postérieure au départ actuel (${frenchDate(day)}).`,
  multipleRefused: (count: number) =>
    `${count} réservation(s) ne peuvent pas être prolongées : aucune n'a été prolongée.`,
  extendedUntil: (day: string) => `Prolongée jusqu'au ${frenchDate(day)}.`,
  multipleDone: (done: number, total: number) => `${done} réservation(s) prolongée(s) sur ${total}.`,
  extensionRecorded: (day: string) => `Prolongation enregistrée jusqu'au ${frenchDate(day)}.`,
  extensionTooLong: (max: number) => `Une prolongation ne peut pas dépasser ${max} nuits.`,
  /** `periode`: « du 01/03/2026 au 08/03/2026 ». */
  noSaleContract: (periode: string) =>
    `Aucun contrat client actif avec des tarifs ne couvre la prolongation ${periode}.`,
  noPurchaseContract: (periode: string) =>
    `Aucun contrat établissement actif avec des tarifs ne couvre la prolongation ${periode}.`,
  extendedMeanwhile: 'Cette réservation vient d’être prolongée par une autre opération.',
  nothingToExtend: (day: string) =>
    `Aucune réservation de cette réservation intégrale n'est à prolonger jusqu'au ${frenchDate(day)}.`,
  // Booking (POST /reservations/add).
  departureBeforeArrival: 'La date de départ doit être postérieure à la date d’arrivée.',
  saleContractNotClient: "Le contrat client indiqué n'appartient pas à ce client.",
  saleContractInactive: (reference: string) =>
    `Le contrat client « ${reference} » n'est pas actif sur toute la période.`,
  purchaseContractNotHotel: "Le contrat établissement indiqué n'appartient pas à cet établissement.",
  purchaseContractInactive: (reference: string) =>
    `Le contrat « ${reference} » n'est pas actif sur toute la période.`,
  roomTypeNotPriced: (reference: string) =>
    `Le contrat « ${reference} » ne tarife pas ce type de chambre sur toute la période.`,
  unknownResident: "Un des pensionnaires indiqués n'existe pas ou n'appartient pas à ce client.",
  lodged: (prenom: string, nom: string) => `${prenom} ${nom} est déjà hébergé(e) sur cette période.`,
  noRoomsLeft: (libelle: string, wanted: number, free: number) =>
    `Plus assez de chambres « ${libelle} » libres : ${wanted} demandée(s), ${free} disponible(s).`,
  booked: (id: number, count: number) =>
    `La réservation intégrale n° ${id} a été créée (${count} séjour${count > 1 ? 's' : ''}).`,
} as const;

/**
 * api/src/modules/reservations: the rules of the reservation writes (docs/domain.md "Reservation writes"), thrown by
 * the booking, the actions, the extensions, the attendance and the restorations.
 */
export const RESERVATION_WRITE_MESSAGES = {
  parentNotFound: 'Réservation intégrale introuvable.',
  stayNotFound: (id: number) => `Réservation n° ${id} introuvable.`,
  period: "La date de départ (end_date) doit être postérieure à la date d'arrivée (start_date).",
  tooLong: (max: number) => `Une réservation ne peut pas dépasser ${max} nuits.`,
  tooLate: (limit: string) =>
    `La date d'arrivée ne peut pas être antérieure au ${frenchDate(limit)} (saisie tardive limitée à 7 jours).`,
  clientNotFound: 'Client introuvable.',
  clientArchived: 'Ce client est archivé : réservation impossible.',
  hotelNotFound: 'Établissement introuvable.',
  hotelArchived: 'Cet établissement est archivé : réservation impossible.',
  roomTypeNotFound: 'Type de chambre introuvable.',
  contratClientNotFound: 'Contrat client introuvable.',
  contratEtablissementNotFound: 'Contrat établissement introuvable.',
  contratClientOther: "Ce contrat client n'appartient pas à ce client.",
  contratEtablissementOther: "Ce contrat établissement n'appartient pas à cet établissement.",
  contratInactive: (kind: string, reference: string) =>
    `Le contrat ${kind} ${reference} n'est pas actif : réservation impossible.`,
  contratNotCovering: (kind: string, reference: string) =>
    `Le contrat ${kind} ${reference} ne couvre pas toute la période demandée.`,
  noPurchaseLine: (date: string, type: string) =>
    `Aucun tarif d'achat pour le type de chambre ${type} la nuit du ${frenchDate(date)}.`,
  noSaleLine: (date: string, type: string) =>
    `Aucun tarif de vente pour le type de chambre ${type} la nuit du ${frenchDate(date)}.`,
  residentNotFound: (id: number) => `Pensionnaire n° ${id} introuvable.`,
  residentOther: (name: string) => `Le pensionnaire ${name} n'appartient pas à ce client.`,
  residentArchived: (name: string) => `Le pensionnaire ${name} est archivé : réservation impossible.`,
  alreadyBooked: (name: string, date: string) =>
    `Le pensionnaire ${name} a déjà une nuitée réservée le ${frenchDate(date)}.`,
  alreadyBookedRace: 'Un des pensionnaires a déjà une nuitée réservée sur cette période.',
  noRoom: (type: string, date: string) =>
    `Plus de chambre disponible pour le type ${type} le ${frenchDate(date)}.`,
  noRoomRace: 'Plus de chambre disponible sur cette période.',
  parentCancelled: (id: number) =>
    `La réservation intégrale n° ${id} est annulée (toutes ses réservations le sont) : ajout d'un pensionnaire impossible. Créez une nouvelle réservation.`,
  demandeNotFound: 'Demande introuvable.',
  changedMeanwhile: 'Cette réservation a été modifiée entre-temps : rechargez-la puis recommencez.',
  roomTypeRequired: 'Indiquez le type de chambre (type_chambre_id) de ce pensionnaire.',
  // An early departure (actions-service).
  earlyEndNotAfterArrival: "La nouvelle date de départ doit être postérieure à la date d'arrivée.",
  earlyEndInPast: 'La nouvelle date de départ ne peut pas être antérieure à aujourd’hui.',
  earlyEndNotBefore: (day: string) =>
    `La nouvelle date de départ doit être antérieure au départ prévu (${frenchDate(day)}).`,
  extendedBy: (id: number, extension: number) =>
    `La réservation n° ${id} est prolongée par la réservation n° ${extension} : annulez d'abord la prolongation.`,
  /** 409 « La réservation n° 12 est annulée : confirmation impossible. » (`statut` in lower case). */
  transition: (id: number, statut: string, action: string) =>
    `La réservation n° ${id} est ${statut} : ${action} impossible.`,
} as const;

/**
 * api/src/modules/demandes: the requests' lifecycle (demande-store.ts, saisie, refus, traitement), the per-target
 * results of their extensions and cancellations (resultats.ts), and their synchronisation (sync).
 */
export const DEMANDES_MESSAGES = {
  notFound: (id: number) => `Demande n° ${id} introuvable.`,
  /** `type`: the request's type label in lower case (« prolongation »). */
  wrongKind: (id: number, type: string, action: string) =>
    `La demande n° ${id} est une demande « ${type} » : ${action} impossible.`,
  /** `statut`: the request's status label in lower case (« traitée »). */
  transition: (id: number, statut: string, action: string) =>
    `La demande n° ${id} est « ${statut} » : ${action} impossible.`,
  created: (id: number) => `Demande n° ${id} enregistrée.`,
  refused: (id: number) =>
    `Demande n° ${id} refusée. La lettre de refus est prête : envoyez-la depuis la fiche.`,
  treated: (id: number, count: number, parentId: number) =>
    `Demande n° ${id} traitée : ${count > 1 ? `${count} réservations créées` : 'réservation créée'} (réservation intégrale n° ${parentId}). La confirmation et le bon d'hébergement sont prêts.`,
  motifRequired: 'Le motif du refus est obligatoire.',
  noRoom: 'Indiquez au moins une chambre.',
  notNamed: (id: number) => `Le pensionnaire n° ${id} n'est pas nommé dans la demande.`,
  placedTwice: (id: number) => `Le pensionnaire n° ${id} est placé dans deux chambres.`,
  newEndNotAfter: (day: string) => `La nouvelle date de départ doit être postérieure au ${frenchDate(day)}.`,
  /** « 2 réservations prolongées, 1 en échec. » (`participe`: « prolongée », « annulée »). */
  summary: (ok: number, ko: number, participe: string) => {
    const done = `${ok} réservation${ok > 1 ? 's' : ''} ${participe}${ok > 1 ? 's' : ''}`;
    return ko === 0 ? `${done}.` : `${done}, ${ko} en échec.`;
  },
  noneDone: (participe: string, summary: string) => `Aucune réservation ${participe} : ${summary}`,
  done: (id: number, summary: string) => `Demande n° ${id} : ${summary}`,
  notTargeted: (id: number) => `La réservation n° ${id} n'est pas visée par cette demande.`,
  targetCancelled: (id: number) => `La réservation n° ${id} est annulée : prolongation impossible.`,
  alreadyExtended: (day: string, id: number) =>
    `Déjà prolongée jusqu'au ${frenchDate(day)} (réservation n° ${id}).`,
  extended: (day: string, id: number) => `Prolongée jusqu'au ${frenchDate(day)} (réservation n° ${id}).`,
  alreadyEnded: (id: number) => `La réservation n° ${id} est déjà annulée ou terminée.`,
  endsBefore: (id: number, day: string) =>
    `La réservation n° ${id} se termine avant le ${frenchDate(day)} : rien à annuler.`,
  cancelled: (id: number) => `Réservation n° ${id} annulée.`,
  cancelledFrom: (id: number, day: string) =>
    `Réservation n° ${id} annulée : nuits annulées à partir du ${frenchDate(day)}.`,
  shortened: (id: number, day: string) => `Réservation n° ${id} écourtée : départ le ${frenchDate(day)}.`,
  syncNothing: 'Aucune demande à synchroniser.',
  syncClosed: 'Demande close : rien à synchroniser.',
  syncAllCancelled:
    'Toutes les réservations de la demande ont été annulées depuis son traitement : à vérifier.',
  syncUpToDate: 'Déjà à jour.',
  syncChanges: (count: number) => `${count} modification${count > 1 ? 's' : ''}.`,
  syncInBackground: (count: number, taskId: number) =>
    `La synchronisation porte sur ${count} demandes : elle se fait en arrière-plan (tâche n° ${taskId}). Suivez-la dans « Tâches » ; une notification vous préviendra.`,
} as const;

/** api/src/modules/communications/communication-service.ts: a request's documents and their sending. */
export const COMMUNICATION_MESSAGES = {
  notFound: (id: number) => `Communication n° ${id} introuvable.`,
  noDocument: "Cette communication n'a pas de document à envoyer.",
  noFile: "Cette communication n'a pas de document.",
  noRecipient: COURRIEL_MESSAGES.noRecipient,
  hotelWithoutEmail: (nom: string) =>
    `L'établissement ${nom} n'a pas d'adresse électronique : ajoutez-la à sa fiche, ou indiquez un destinataire.`,
  demandeNotFound: DEMANDES_MESSAGES.notFound,
  noDemandeDocument: (id: number) => `Aucun document pour la demande n° ${id}.`,
  notOfDemande: (communication: number, demande: number) =>
    `La communication n° ${communication} n'est pas un document de la demande n° ${demande}.`,
  pending: 'Un envoi de cette communication est déjà en cours : réessayez dans quelques minutes.',
  wrongType: (type: CommunicationType, demandeType: DemandeType) =>
    `Le document « ${COMMUNICATION_TYPE_LABELS[type]} » ne concerne pas une demande « ${DEMANDE_TYPE_LABELS[demandeType].toLowerCase()} ».`,
  prepared: (objet: string) => `Document « ${objet} » préparé.`,
  preparedNoRecipient: (objet: string) =>
    `Document « ${objet} » préparé ; aucun destinataire connu : indiquez une adresse pour l'envoyer.`,
} as const;

/** api/src/modules/taches/routes.ts: reading, retrying and downloading a background task. */
export const TASK_ROUTE_MESSAGES = {
  notFound: (id: number) => `Tâche n° ${id} introuvable.`,
  othersForbidden: 'Seuls les administrateurs peuvent consulter les tâches des autres utilisateurs.',
  notFailed: 'Seule une tâche en échec peut être relancée.',
  alreadyRetried: (id: number) => `Cette tâche a déjà été relancée (tâche n° ${id}).`,
  noFile: "Cette tâche n'a pas de fichier à télécharger.",
  noReport: "Cette tâche n'a pas de rapport.",
  unknownExport: 'Export inconnu.',
  relaunched: (id: number) => `Tâche relancée (n° ${id}) : suivez sa progression dans « Tâches ».`,
  /** api/src/modules/reservations/exports/export-task.ts: a reservation export prepared in the background. */
  exportReady: (total: number) =>
    `Export prêt : ${total.toLocaleString('fr-FR')} réservation${total > 1 ? 's' : ''}.`,
} as const;

/** api/src/modules/reservations/filters.ts: the period of the reservation and rooming filters. */
export const FILTER_MESSAGES = {
  period: 'La date de fin (end_date) doit être postérieure à la date de début (start_date).',
} as const;

/** api/src/modules/rooming/rooming-filters.ts: the `filters` parameter of the rooming lists. */
export const ROOMING_MESSAGES = {
  json: 'Le paramètre filters doit être un objet JSON valide, par exemple {"start_date":"2026-11-01","end_date":"2026-12-01"}.',
  period: `La période (start_date, end_date) ne peut pas dépasser ${ROOMING_MAX_JOURS} jours.`,
} as const;

/** api/src/modules/reservations/pointage/pointage-service.ts: attendance and PAF/CAF checks. */
export const POINTAGE_MESSAGES = {
  noShowNeedsFirstNight: (first: string) =>
    `L'annulation de la suite (no-show) demande une absence pointée sur la première nuit du séjour (${frenchDate(first)}).`,
  noShowMotif: 'Absent dès la première nuit (no-show) : suite du séjour annulée au pointage.',
  bothBounds: 'Les paramètres start_date et end_date vont ensemble : indiquez les deux ou aucun.',
  datesAndRange: 'Indiquez soit les nuits (dates), soit une période (start_date, end_date), pas les deux.',
  etatOrNuits: "Indiquez soit l'état à pointer (etat), soit l'état de chaque nuit (nuits), l'un des deux.",
  nuitsAlone: "L'état de chaque nuit (nuits) se donne seul, sans dates ni période.",
  nuitsTwice: 'Une même nuit figure deux fois dans nuits.',
  notYetPassed: (day: string) =>
    `La nuit du ${frenchDate(day)} n'est pas encore passée : pointage impossible.`,
  notANight: (day: string, id: number) =>
    `La nuit du ${frenchDate(day)} n'est pas une nuitée (non annulée) de la réservation n° ${id}.`,
  nothingInPeriod: 'Aucune nuitée de la réservation dans cette période : rien à pointer.',
  streamNotApplied: (label: string, id: number) =>
    `Le flux ${label} ne s'applique pas à la réservation n° ${id}.`,
} as const;

/** api/src/modules/demandes/cles-api/cles-api-service.ts: the clients' API keys. */
export const CLE_API_MESSAGES = {
  missing: "Clé d'API absente : envoyez la clé de votre organisation dans l'en-tête X-Api-Key.",
  invalid: "Clé d'API invalide ou révoquée.",
  clientNotFound: 'Client introuvable.',
  notFound: "Clé d'API introuvable.",
  revoked: "Cette clé d'API est déjà révoquée.",
  created: "Clé d'API créée. Copiez-la maintenant : elle ne sera plus affichée.",
  revokedDone: "Clé d'API révoquée : les demandes envoyées avec elle sont désormais refusées.",
} as const;
