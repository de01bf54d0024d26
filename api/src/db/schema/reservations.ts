/**
 * Requests, reservations and nights. Circular references (a demand targets a reservation, a reservation comes
 * from a demand, an extension points at the stay it extends) are foreign keys added after the tables.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  type PgTableExtraConfigValue,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DEMANDE_ORIGINES,
  DEMANDE_STATUTS,
  DEMANDE_TYPES,
  ETATS_PAIEMENT,
  PRESENCES,
  RESERVATION_STATUTS,
  TYPES_LIBERATION,
  TYPES_RESA,
  type DemandeOrigine,
  type DemandeStatut,
  type DemandeType,
  type EtatPaiement,
  type Presence,
  type ReservationStatut,
  type TypeLiberation,
  type TypeResa,
} from '../enums';
import {
  bigId,
  createdAt,
  day,
  enumCheck,
  fk,
  id,
  money,
  nonNegativeChecks,
  normalised,
  periodCheck,
  timestamps,
  trigramIndex,
  updatedAt,
  vatRate,
  vatRateCheck,
} from './columns';
import {
  contratClientTarifs,
  contratEtablissementTarifs,
  contratsClients,
  contratsEtablissement,
} from './contrats';
import { users } from './core';
import { clesApiClients } from './cles-api';
import { clients, etablissements, foyers, pensionnaires, typesChambre } from './referentiel';

export const demandesHebergement = pgTable(
  'demandes_hebergement',
  {
    id: id(),
    clientId: integer('client_id').notNull(),
    type: text('type').$type<DemandeType>().notNull(),
    statut: text('statut').$type<DemandeStatut>().notNull().default('a_traiter'),
    dateDebut: day('date_debut').notNull(),
    dateFin: day('date_fin').notNull(),
    nombrePersonnes: integer('nombre_personnes').notNull(),
    /** Free remarks of the request (the other wishes have their own columns). */
    souhaits: text('souhaits'),
    motifRefus: text('motif_refus'),
    /** Identifier of the demand in the client's system (intake, sync); unique per client when present. */
    referenceExterne: text('reference_externe'),
    /** The first stay an extension or cancellation request is about; all of them: demande_reservations_cibles. */
    reservationCibleId: integer('reservation_cible_id'),
    origine: text('origine').$type<DemandeOrigine>().notNull().default('saisie'),
    urgente: boolean('urgente').notNull().default(false),
    /** The household the request is for (its residents are booked together). */
    foyerId: integer('foyer_id'),
    referentNom: text('referent_nom'),
    referentEmail: text('referent_email'),
    referentTelephone: text('referent_telephone'),
    souhaitVille: text('souhait_ville'),
    souhaitEtablissementId: integer('souhait_etablissement_id'),
    souhaitTypeChambreId: integer('souhait_type_chambre_id'),
    souhaitPetitDejeuner: boolean('souhait_petit_dejeuner').notNull().default(false),
    souhaitDejeuner: boolean('souhait_dejeuner').notNull().default(false),
    souhaitDiner: boolean('souhait_diner').notNull().default(false),
    souhaitPmr: boolean('souhait_pmr').notNull().default(false),
    /** The client API key that submitted it (origine = api). */
    cleApiId: integer('cle_api_id'),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t): PgTableExtraConfigValue[] => [
    fk('demandes_hebergement', [t.clientId], [clients.id]),
    fk('demandes_hebergement', [t.reservationCibleId], [reservations.id]),
    fk('demandes_hebergement', [t.createdBy], [users.id]),
    fk('demandes_hebergement', [t.foyerId, t.clientId], [foyers.id, foyers.clientId], {
      name: 'demandes_hebergement_foyer_client_fk',
    }),
    fk('demandes_hebergement', [t.souhaitEtablissementId], [etablissements.id]),
    fk('demandes_hebergement', [t.souhaitTypeChambreId], [typesChambre.id]),
    fk('demandes_hebergement', [t.cleApiId, t.clientId], [clesApiClients.id, clesApiClients.clientId], {
      name: 'demandes_hebergement_cle_api_client_fk',
    }),
    // Idempotent intake: one request per client and external reference, even under concurrent submissions.
    unique('demandes_hebergement_client_reference_unique').on(t.clientId, t.referenceExterne),
    index('demandes_hebergement_statut_idx').on(t.statut, t.type, t.createdAt),
    index('demandes_hebergement_client_idx').on(t.clientId, t.dateDebut),
    index('demandes_hebergement_cible_idx').on(t.reservationCibleId),
    index('demandes_hebergement_foyer_idx').on(t.foyerId),
    // Default order of the list (created_at desc, id desc) and of the queues (open ones, oldest first).
    index('demandes_hebergement_created_idx').on(t.createdAt, t.id),
    // The urgent requests (a list filter of their own, a tenth of them) newest first, with their period: the urgent
    // list, its total and its period filter read this index alone (docs/performance.md « Accommodation requests »).
    index('demandes_hebergement_urgentes_idx')
      .on(t.createdAt, t.id, t.dateDebut, t.dateFin)
      .where(sql`${t.urgente}`),
    // The list's column searches on the referent's name or e-mail and on the external reference, normalised
    // (lib/text-search.ts): trigram indexes (pg_trgm).
    trigramIndex('demandes_hebergement_referent_nom_trgm_idx', normalised(t.referentNom)),
    trigramIndex('demandes_hebergement_referent_email_trgm_idx', normalised(t.referentEmail)),
    trigramIndex('demandes_hebergement_reference_externe_trgm_idx', normalised(t.referenceExterne)),
    enumCheck('demandes_hebergement', t.type, DEMANDE_TYPES),
    enumCheck('demandes_hebergement', t.statut, DEMANDE_STATUTS),
    enumCheck('demandes_hebergement', t.origine, DEMANDE_ORIGINES),
    check(
      'demandes_hebergement_api_cle',
      sql`(${t.origine} = 'api') = (${t.cleApiId} is not null and ${t.referenceExterne} is not null)`,
    ),
    periodCheck('demandes_hebergement', t.dateDebut, t.dateFin),
    check('demandes_hebergement_nombre_personnes_gt0', sql`${t.nombrePersonnes} > 0`),
    check(
      'demandes_hebergement_refus_motive',
      sql`${t.statut} <> 'refusee' or (${t.motifRefus} is not null and btrim(${t.motifRefus}) <> '')`,
    ),
    check(
      'demandes_hebergement_cible_coherente',
      sql`${t.type} <> 'nouvelle' or ${t.reservationCibleId} is null`,
    ),
  ],
);

export const demandePensionnaires = pgTable(
  'demande_pensionnaires',
  {
    demandeId: integer('demande_id').notNull(),
    pensionnaireId: integer('pensionnaire_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'demande_pensionnaires_pk', columns: [t.demandeId, t.pensionnaireId] }),
    fk('demande_pensionnaires', [t.demandeId], [demandesHebergement.id], { onDelete: 'cascade' }),
    fk('demande_pensionnaires', [t.pensionnaireId], [pensionnaires.id]),
    index('demande_pensionnaires_pensionnaire_idx').on(t.pensionnaireId),
  ],
);

/**
 * What the request list's « recherche » reads (migration 0014, docs/database.md « The requests' search text »):
 * one row per request, its referent's name and e-mail and each resident's « nom prénom nom » and file number,
 * normalised as every search compares them (lower-cased, without accents: migration 0024), one per line. Never written by the application: triggers on the requests, their residents' links
 * and the residents keep it, in the writing statement.
 */
export const demandesRecherche = pgTable(
  'demandes_recherche',
  {
    demandeId: integer('demande_id').primaryKey(),
    texte: text('texte').notNull(),
  },
  (t) => [
    fk('demandes_recherche', [t.demandeId], [demandesHebergement.id], { onDelete: 'cascade' }),
    index('demandes_recherche_texte_trgm_idx').using('gin', t.texte.op('gin_trgm_ops')),
  ],
);

/**
 * "Réservation intégrale": the parent of the stays booked together (one client, one hotel, one pair of
 * contracts). It has no nights of its own; its children are the reservations with this id_reservation_mere.
 */
export const reservationsMeres = pgTable(
  'reservations_meres',
  {
    id: id(),
    clientId: integer('client_id').notNull(),
    contratClientId: integer('contrat_client_id').notNull(),
    etablissementId: integer('etablissement_id').notNull(),
    contratEtablissementId: integer('contrat_etablissement_id').notNull(),
    /** Span of the live children's periods (all of them when every one is cancelled), kept by triggers (0029). */
    dateDebut: day('date_debut').notNull(),
    dateFin: day('date_fin').notNull(),
    demandeId: integer('demande_id'),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t): PgTableExtraConfigValue[] => [
    fk('reservations_meres', [t.clientId], [clients.id]),
    fk('reservations_meres', [t.etablissementId], [etablissements.id]),
    fk(
      'reservations_meres',
      [t.contratClientId, t.clientId],
      [contratsClients.id, contratsClients.clientId],
      {
        name: 'reservations_meres_contrat_client_fk',
      },
    ),
    fk(
      'reservations_meres',
      [t.contratEtablissementId, t.etablissementId],
      [contratsEtablissement.id, contratsEtablissement.etablissementId],
      { name: 'reservations_meres_contrat_etab_fk' },
    ),
    fk('reservations_meres', [t.demandeId], [demandesHebergement.id]),
    fk('reservations_meres', [t.createdBy], [users.id]),
    // Target of the children's (id_reservation_mere, client_id, etablissement_id) key.
    unique('reservations_meres_id_client_etab_unique').on(t.id, t.clientId, t.etablissementId),
    // Default order of the full-reservation list (date_debut desc, id desc).
    index('reservations_meres_debut_id_idx').on(t.dateDebut, t.id),
    index('reservations_meres_client_idx').on(t.clientId, t.dateDebut),
    index('reservations_meres_etab_idx').on(t.etablissementId, t.dateDebut),
    index('reservations_meres_contrat_client_idx').on(t.contratClientId),
    index('reservations_meres_contrat_etab_idx').on(t.contratEtablissementId),
    index('reservations_meres_demande_idx').on(t.demandeId),
    periodCheck('reservations_meres', t.dateDebut, t.dateFin),
  ],
);

/** One resident's stay in one hotel and one room type, under one purchase and one sale contract. */
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    idReservationMere: integer('id_reservation_mere').notNull(),
    pensionnaireId: integer('pensionnaire_id').notNull(),
    clientId: integer('client_id').notNull(),
    contratClientId: integer('contrat_client_id').notNull(),
    etablissementId: integer('etablissement_id').notNull(),
    contratEtablissementId: integer('contrat_etablissement_id').notNull(),
    typeChambreId: integer('type_chambre_id').notNull(),
    /** Room number given by the hotel. */
    chambre: text('chambre'),
    dateDebut: day('date_debut').notNull(),
    /** Departure day: the last night is date_fin − 1. */
    dateFin: day('date_fin').notNull(),
    statut: text('statut').$type<ReservationStatut>().notNull().default('en_attente'),
    typeResa: text('type_resa').$type<TypeResa>().notNull().default('initiale'),
    /** The stay this one extends (type_resa = 'prolongation'). */
    prolongationDeId: integer('prolongation_de_id'),
    /**
     * The non-cancelled stay that extends this one, or null — kept by triggers in the statement that inserts,
     * cancels or deletes the extension (migration 0017), so « not already extended » is a column, not a lookup.
     */
    prolongeeParId: integer('prolongee_par_id'),
    /**
     * The larger alert delay of the stay's two contracts (`delai_alerte_jours`): the stay is to be extended from
     * date_fin − this many days (docs/domain.md « etat = prolongable »). Kept by triggers (migration 0017): set on insert
     * and on a change of contract or date, rewritten when a contract's delay changes.
     */
    delaiAlerteJours: integer('delai_alerte_jours').notNull().default(0),
    petitDejeuner: boolean('petit_dejeuner').notNull().default(false),
    dejeuner: boolean('dejeuner').notNull().default(false),
    diner: boolean('diner').notNull().default(false),
    /** The PAF / CAF stream applies to this stay. */
    statusPaf: boolean('status_paf').notNull().default(false),
    statusCaf: boolean('status_caf').notNull().default(false),
    etatPaymentPaf: text('etat_payment_paf').$type<EtatPaiement>().notNull().default('a_verifier'),
    etatPaymentCaf: text('etat_payment_caf').$type<EtatPaiement>().notNull().default('a_verifier'),
    apec: boolean('apec').notNull().default(false),
    demandeId: integer('demande_id'),
    /** Optimistic concurrency: every update sets version = version + 1 where version = the one read. */
    version: integer('version').notNull().default(1),
    annuleeAt: timestamp('annulee_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t): PgTableExtraConfigValue[] => [
    fk('reservations', [t.idReservationMere], [reservationsMeres.id]),
    fk('reservations', [t.pensionnaireId], [pensionnaires.id]),
    fk('reservations', [t.clientId], [clients.id]),
    fk('reservations', [t.etablissementId], [etablissements.id]),
    fk('reservations', [t.typeChambreId], [typesChambre.id]),
    fk('reservations', [t.demandeId], [demandesHebergement.id]),
    fk('reservations', [t.createdBy], [users.id]),
    // Coherence keys: the resident and the sale contract are the client's, the purchase contract is the
    // hotel's, the parent has the same client and hotel, an extension extends the same resident's stay there.
    fk('reservations', [t.pensionnaireId, t.clientId], [pensionnaires.id, pensionnaires.clientId], {
      name: 'reservations_pensionnaire_client_fk',
    }),
    fk('reservations', [t.contratClientId, t.clientId], [contratsClients.id, contratsClients.clientId], {
      name: 'reservations_contrat_client_fk',
    }),
    fk(
      'reservations',
      [t.contratEtablissementId, t.etablissementId],
      [contratsEtablissement.id, contratsEtablissement.etablissementId],
      { name: 'reservations_contrat_etab_fk' },
    ),
    fk(
      'reservations',
      [t.idReservationMere, t.clientId, t.etablissementId],
      [reservationsMeres.id, reservationsMeres.clientId, reservationsMeres.etablissementId],
      { name: 'reservations_mere_coherente_fk' },
    ),
    fk(
      'reservations',
      [t.prolongationDeId, t.pensionnaireId, t.etablissementId],
      [reservations.id, reservations.pensionnaireId, reservations.etablissementId],
      { name: 'reservations_prolongation_de_fk' },
    ),
    // Target of the nights' (reservation_id, pensionnaire_id, etablissement_id) key and of prolongation_de.
    unique('reservations_id_pens_etab_unique').on(t.id, t.pensionnaireId, t.etablissementId),
    // A stay is extended at most once (the extension is then the one to extend), even under concurrent clicks.
    uniqueIndex('reservations_prolongee_une_fois')
      .on(t.prolongationDeId)
      .where(sql`${t.statut} <> 'annulee'`),
    // The status-and-period filters and their count (date_debut makes the count index-only).
    index('reservations_statut_fin_debut_idx').on(t.statut, t.dateFin, t.dateDebut),
    // « prolongable »: the running stays not extended, by end date — its range (today … today + the largest delay)
    // and each stay's own delay read from the index alone (filters.ts `prolongableCondition`).
    index('reservations_prolongeables_idx')
      .on(t.dateFin, t.delaiAlerteJours)
      .where(sql`${t.statut} in ('confirmee', 'en_cours') and ${t.prolongeeParId} is null`),
    // Default order of the reservation list (date_debut desc, id desc): first pages by a backward index scan.
    index('reservations_debut_id_idx').on(t.dateDebut, t.id),
    // Chains of extensions, cancelled ones included (the partial unique index above skips them).
    index('reservations_prolongation_de_idx').on(t.prolongationDeId),
    index('reservations_etab_debut_idx').on(t.etablissementId, t.dateDebut),
    index('reservations_client_debut_idx').on(t.clientId, t.dateDebut),
    // Pages sorted by resident, client, hotel, end date or creation (deep pages included, docs/performance.md): the
    // names are walked in index order and each one's stays in id order, so an offset of 10,000 reads 10,000 index
    // entries instead of sorting every stay. (pensionnaire_id, id) also serves every lookup by resident.
    index('reservations_pensionnaire_id_idx').on(t.pensionnaireId, t.id),
    index('reservations_client_id_idx').on(t.clientId, t.id),
    index('reservations_etab_id_idx').on(t.etablissementId, t.id),
    index('reservations_fin_id_idx').on(t.dateFin, t.id),
    index('reservations_created_id_idx').on(t.createdAt, t.id),
    index('reservations_mere_idx').on(t.idReservationMere),
    index('reservations_demande_idx').on(t.demandeId),
    index('reservations_contrat_client_idx').on(t.contratClientId),
    index('reservations_contrat_etab_idx').on(t.contratEtablissementId),
    periodCheck('reservations', t.dateDebut, t.dateFin),
    enumCheck('reservations', t.statut, RESERVATION_STATUTS),
    enumCheck('reservations', t.typeResa, TYPES_RESA),
    enumCheck('reservations', t.etatPaymentPaf, ETATS_PAIEMENT),
    enumCheck('reservations', t.etatPaymentCaf, ETATS_PAIEMENT),
    check(
      'reservations_prolongation_coherente',
      sql`(${t.typeResa} = 'prolongation') = (${t.prolongationDeId} is not null)`,
    ),
    check('reservations_prolongation_pas_elle_meme', sql`${t.prolongationDeId} <> ${t.id}`),
    check('reservations_annulation_datee', sql`(${t.statut} = 'annulee') = (${t.annuleeAt} is not null)`),
    check('reservations_version_gt0', sql`${t.version} > 0`),
  ],
);

/**
 * One row per reservation and night: the unit every total, export and statistic sums over. Prices and rates
 * are snapshots taken when the night is booked, so editing a contract never rewrites past nights.
 */
export const nuitees = pgTable(
  'nuitees',
  {
    id: bigId(),
    reservationId: integer('reservation_id').notNull(),
    pensionnaireId: integer('pensionnaire_id').notNull(),
    etablissementId: integer('etablissement_id').notNull(),
    typeChambreId: integer('type_chambre_id').notNull(),
    contratEtablissementTarifId: integer('contrat_etablissement_tarif_id'),
    contratClientTarifId: integer('contrat_client_tarif_id'),
    /** The night of date_nuit to date_nuit + 1. */
    dateNuit: day('date_nuit').notNull(),
    prixAchatHt: money('prix_achat_ht').notNull(),
    prixVenteHt: money('prix_vente_ht').notNull(),
    tauxTvaNuitee: vatRate('taux_tva_nuitee').notNull(),
    /** Sale prices of the meals. */
    prixPetitDejeunerHt: money('prix_petit_dejeuner_ht').notNull().default('0'),
    prixDejeunerHt: money('prix_dejeuner_ht').notNull().default('0'),
    prixDinerHt: money('prix_diner_ht').notNull().default('0'),
    /** Purchase prices of the meals. */
    prixAchatPetitDejeunerHt: money('prix_achat_petit_dejeuner_ht').notNull().default('0'),
    prixAchatDejeunerHt: money('prix_achat_dejeuner_ht').notNull().default('0'),
    prixAchatDinerHt: money('prix_achat_diner_ht').notNull().default('0'),
    tauxTvaRepas: vatRate('taux_tva_repas').notNull(),
    /** Meal counts: breakfast of the morning after this night, lunch and dinner of the day date_nuit. */
    petitDejeuner: smallint('petit_dejeuner').notNull().default(0),
    dejeuner: smallint('dejeuner').notNull().default(0),
    diner: smallint('diner').notNull().default(0),
    presence: text('presence').$type<Presence>().notNull().default('non_pointe'),
    etatPaf: text('etat_paf').$type<EtatPaiement>().notNull().default('a_verifier'),
    etatCaf: text('etat_caf').$type<EtatPaiement>().notNull().default('a_verifier'),
    montantPaf: money('montant_paf').notNull().default('0'),
    montantCaf: money('montant_caf').notNull().default('0'),
    /** A cancelled night: kept for history, excluded from totals and from the one-bed-per-night rule. */
    annulee: boolean('annulee').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    fk(
      'nuitees',
      [t.reservationId, t.pensionnaireId, t.etablissementId],
      [reservations.id, reservations.pensionnaireId, reservations.etablissementId],
      { name: 'nuitees_reservation_fk', onDelete: 'cascade' },
    ),
    fk('nuitees', [t.pensionnaireId], [pensionnaires.id]),
    fk('nuitees', [t.etablissementId], [etablissements.id]),
    fk('nuitees', [t.typeChambreId], [typesChambre.id]),
    fk('nuitees', [t.contratEtablissementTarifId], [contratEtablissementTarifs.id], {
      name: 'nuitees_contrat_etab_tarif_fk',
    }),
    fk('nuitees', [t.contratClientTarifId], [contratClientTarifs.id], {
      name: 'nuitees_contrat_client_tarif_fk',
    }),
    // Also serves lookups and the cascade by reservation_id (its first column).
    unique('nuitees_reservation_nuit_unique').on(t.reservationId, t.dateNuit),
    // No resident booked twice on the same night, whatever the reservation; cancelled nights don't count.
    uniqueIndex('nuitees_pensionnaire_nuit_unique')
      .on(t.pensionnaireId, t.dateNuit)
      .where(sql`not ${t.annulee}`),
    index('nuitees_date_idx').on(t.dateNuit),
    index('nuitees_etab_date_idx').on(t.etablissementId, t.dateNuit),
    index('nuitees_etab_tarif_idx').on(t.contratEtablissementTarifId),
    index('nuitees_client_tarif_idx').on(t.contratClientTarifId),
    ...nonNegativeChecks('nuitees', [
      t.prixAchatHt,
      t.prixVenteHt,
      t.prixPetitDejeunerHt,
      t.prixDejeunerHt,
      t.prixDinerHt,
      t.prixAchatPetitDejeunerHt,
      t.prixAchatDejeunerHt,
      t.prixAchatDinerHt,
      t.montantPaf,
      t.montantCaf,
      t.petitDejeuner,
      t.dejeuner,
      t.diner,
    ]),
    vatRateCheck('nuitees', t.tauxTvaNuitee),
    vatRateCheck('nuitees', t.tauxTvaRepas),
    enumCheck('nuitees', t.presence, PRESENCES),
    enumCheck('nuitees', t.etatPaf, ETATS_PAIEMENT),
    enumCheck('nuitees', t.etatCaf, ETATS_PAIEMENT),
  ],
);

/**
 * Allotment counter: rooms taken per purchase tariff line and night. The booking transaction upserts
 * `chambres_occupees = chambres_occupees + n` (on conflict (tarif_id, date_nuit)); the row lock serialises
 * concurrent bookings and the CHECK rejects the one that would exceed the allotment (23514).
 */
export const occupationsAllotement = pgTable(
  'occupations_allotement',
  {
    tarifId: integer('tarif_id').notNull(),
    dateNuit: day('date_nuit').notNull(),
    chambresOccupees: integer('chambres_occupees').notNull().default(0),
    /**
     * Copy of the tariff line's allotement, null = no limit. Set by trigger from contrat_etablissement_tarifs
     * on every write and kept in step when the tariff line changes (migration 0002): callers never set it.
     */
    allotement: integer('allotement'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'occupations_allotement_pk', columns: [t.tarifId, t.dateNuit] }),
    fk('occupations_allotement', [t.tarifId], [contratEtablissementTarifs.id], { onDelete: 'cascade' }),
    check('occupations_allotement_occupees_ge0', sql`${t.chambresOccupees} >= 0`),
    check('occupations_allotement_allotement_gt0', sql`${t.allotement} > 0`),
    check('occupations_allotement_depassement', sql`${t.chambresOccupees} <= ${t.allotement}`),
  ],
);

/**
 * What a cancellation, an early departure or a no-show did to one stay — its status and departure before, the nights
 * it cancelled — so that « Rétablir » can undo exactly that (docs/domain.md « Restoring a stay »). `acte` groups the
 * rows of one action (the transaction's id): a stay's later extensions cancelled with it are restored with it.
 * Written by the actions' service in their transaction; `retablie_at` once undone.
 */
export const liberations = pgTable(
  'liberations',
  {
    id: id(),
    reservationId: integer('reservation_id').notNull(),
    type: text('type').$type<TypeLiberation>().notNull(),
    /** Staff's reason (a cancellation's, a request's); null for an early departure from the stay's card. */
    motif: text('motif'),
    statutAvant: text('statut_avant').$type<ReservationStatut>().notNull(),
    dateFinAvant: day('date_fin_avant').notNull(),
    /** The nights this action cancelled, not those cancelled before. */
    nuits: date('nuits', { mode: 'string' }).array().notNull(),
    /** The cancellation request that released them, if any. */
    demandeId: integer('demande_id'),
    acte: bigint('acte', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    retablieAt: timestamp('retablie_at', { withTimezone: true }),
    retablieBy: integer('retablie_by'),
  },
  (t) => [
    fk('liberations', [t.reservationId], [reservations.id], { onDelete: 'cascade' }),
    fk('liberations', [t.demandeId], [demandesHebergement.id]),
    fk('liberations', [t.createdBy], [users.id]),
    fk('liberations', [t.retablieBy], [users.id]),
    index('liberations_reservation_idx').on(t.reservationId, t.id),
    index('liberations_acte_idx').on(t.acte),
    enumCheck('liberations', t.type, TYPES_LIBERATION),
    check('liberations_statut_avant_valid', sql`${t.statutAvant} in ('en_attente', 'confirmee', 'en_cours')`),
  ],
);

/** Every stay an extension or cancellation request is about (a household's stays, several chains). */
export const demandeReservationsCibles = pgTable(
  'demande_reservations_cibles',
  {
    demandeId: integer('demande_id').notNull(),
    reservationId: integer('reservation_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'demande_reservations_cibles_pk', columns: [t.demandeId, t.reservationId] }),
    fk('demande_reservations_cibles', [t.demandeId], [demandesHebergement.id], { onDelete: 'cascade' }),
    fk('demande_reservations_cibles', [t.reservationId], [reservations.id]),
    index('demande_reservations_cibles_resa_idx').on(t.reservationId),
  ],
);

/**
 * Each stay's own fields of its item of POST /reservations as JSON text, kept by triggers in the statement that
 * writes the stay (migration 0021, docs/database.md « Items kept as JSON »): a page is its rows' texts joined with
 * the names of the stays' residents, clients, hotels and room types, read then — instead of `row_to_json` of 30
 * fields a row (docs/performance.md « Items kept as JSON »). `prolongable`, the only field that depends on the day,
 * is written from the window kept beside the texts. Never written by the application.
 */
export const reservationsItems = pgTable(
  'reservations_items',
  {
    id: integer('id').primaryKey(),
    /** `{"id":…` to `"statut":…`: the item's first fields, the object left open. */
    debutJson: text('debut_json').notNull(),
    /** `,"chambre":…` to `"apec":…`, then `,"prolongable":`. */
    milieuJson: text('milieu_json').notNull(),
    /** `,"version":…,"created_at":"…"}`: the fields after `prolongable`, and the object closed. */
    finJson: text('fin_json').notNull(),
    /** The rows whose names the item shows (the stay's own columns). */
    pensionnaireId: integer('pensionnaire_id').notNull(),
    clientId: integer('client_id').notNull(),
    etablissementId: integer('etablissement_id').notNull(),
    typeChambreId: integer('type_chambre_id').notNull(),
    /** The days the stay is « prolongable » on (date_fin − delay … date_fin); null when it is not on any day. */
    prolongableDu: day('prolongable_du'),
    prolongableAu: day('prolongable_au'),
  },
  (t) => [fk('reservations_items', [t.id], [reservations.id], { onDelete: 'cascade' })],
);

export type DemandeHebergementRow = typeof demandesHebergement.$inferSelect;
export type ReservationMereRow = typeof reservationsMeres.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
export type NuiteeRow = typeof nuitees.$inferSelect;
export type NewNuiteeRow = typeof nuitees.$inferInsert;
export type OccupationAllotementRow = typeof occupationsAllotement.$inferSelect;

/**
 * The number of stays, maintained (migration 0012, docs/performance.md « Reservations list »): the unfiltered
 * list's total is `sum(variation)`, never a count of every stay. Never written by the application: statement
 * triggers on `reservations` add one row per INSERT or DELETE statement (+n / −n; no single counter row that
 * concurrent bookings would lock until they commit), and `reservations_total_compacte()` (the daily status task)
 * replaces the rows by their sum.
 */
export const reservationsTotal = pgTable('reservations_total', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  variation: integer('variation').notNull(),
});

/** The two days of a stay that `reservations_jours` counts by: its first day and its day of departure. */
export const BORDS_SEJOUR = ['debut', 'fin'] as const;

/**
 * The number of stays by status and day, maintained (migration 0022, docs/database.md « Stays counted by day »):
 * for each status, the stays starting (`bord` = 'debut', `jour` = date_debut) and ending (`fin`, date_fin) on each
 * day, as variations — one row per status, side and day written by each INSERT, UPDATE or DELETE statement on
 * `reservations` (no counter row that concurrent bookings would share), replaced by their sums by
 * `reservations_jours_compacte()` (the hourly status task). The list's total for a status and a period is read
 * from it instead of counting the stays (`keptCountQuery`). Never written by the application.
 */
export const reservationsJours = pgTable(
  'reservations_jours',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statut: text('statut').$type<ReservationStatut>().notNull(),
    bord: text('bord').$type<(typeof BORDS_SEJOUR)[number]>().notNull(),
    jour: day('jour').notNull(),
    variation: integer('variation').notNull(),
  },
  (t) => [
    enumCheck('reservations_jours', t.bord, BORDS_SEJOUR),
    index('reservations_jours_somme_idx').on(t.bord, t.statut, t.jour, t.variation),
  ],
);
