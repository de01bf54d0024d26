/**
 * Client invoicing (issue 39 §1, docs/invoicing.md « Client invoices », docs/database.md « Invoicing »): the seller
 * settings, the clients' billing details, invoices and credit notes (one table, `type`), their lines, the nights
 * each one bills, the yearly number series and the payments.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  bigint,
} from 'drizzle-orm/pg-core';
import {
  FACTURE_STATUTS,
  FACTURE_TYPES,
  LIGNE_NATURES,
  MOYENS_PAIEMENT,
  type FactureStatut,
  type FactureType,
  type LigneNature,
  type MoyenPaiement,
} from 'shared/contract/facturation-values';
import type { FactureDocument } from 'shared/contract/facture-document';
import { bytea, createdAt, day, enumCheck, fk, id, money, timestamps, updatedAt, vatRate } from './columns';
import { users } from './core';
import { clients, etablissements, typesChambre } from './referentiel';
import { nuitees, reservations } from './reservations';

/**
 * The seller: one row (id = 1), edited by administrators. Every field may be empty until someone fills it in; an
 * issue checks the mandatory ones and names those missing (409).
 */
export const facturationParametres = pgTable(
  'facturation_parametres',
  {
    id: smallint('id').primaryKey().default(1),
    raisonSociale: text('raison_sociale'),
    formeJuridique: text('forme_juridique'),
    adresseLigne1: text('adresse_ligne1'),
    adresseLigne2: text('adresse_ligne2'),
    codePostal: text('code_postal'),
    ville: text('ville'),
    pays: text('pays').notNull().default('FR'),
    siren: text('siren'),
    siret: text('siret'),
    numeroTva: text('numero_tva'),
    email: text('email'),
    telephone: text('telephone'),
    iban: text('iban'),
    bic: text('bic'),
    delaiPaiementJours: integer('delai_paiement_jours').notNull().default(30),
    /** Annual late-payment penalty rate, percent (L441-10: at least three times the legal interest rate). */
    tauxPenalites: vatRate('taux_penalites'),
    indemniteRecouvrement: money('indemnite_recouvrement').notNull().default('40.00'),
    /** The exemption mention printed when a line's VAT rate is 0 (a default otherwise). */
    mentionExoneration: text('mention_exoneration'),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    fk('facturation_parametres', [t.updatedBy], [users.id]),
    check('facturation_parametres_une_ligne', sql`${t.id} = 1`),
    check('facturation_parametres_siren_format', sql`${t.siren} ~ '^[0-9]{9}$'`),
    check('facturation_parametres_siret_format', sql`${t.siret} ~ '^[0-9]{14}$'`),
    check('facturation_parametres_siret_siren', sql`left(${t.siret}, 9) = ${t.siren}`),
    check('facturation_parametres_delai_range', sql`${t.delaiPaiementJours} between 0 and 60`),
    check('facturation_parametres_pays_format', sql`${t.pays} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * A client's billing details when they differ from its card: billing e-mail, VAT number, billing address. Absent
 * fields fall back to the client's own address and e-mail.
 */
export const clientsFacturation = pgTable(
  'clients_facturation',
  {
    clientId: integer('client_id').primaryKey(),
    emailFacturation: text('email_facturation'),
    numeroTva: text('numero_tva'),
    adresseLigne1: text('adresse_ligne1'),
    adresseLigne2: text('adresse_ligne2'),
    codePostal: text('code_postal'),
    ville: text('ville'),
    ...timestamps(),
  },
  (t) => [
    fk('clients_facturation', [t.clientId], [clients.id]),
    // An address replaces the card's as a whole, never a street from one and a town from the other.
    check(
      'clients_facturation_adresse_complete',
      sql`(${t.adresseLigne1} is null) = (${t.codePostal} is null) and (${t.codePostal} is null) = (${t.ville} is null)`,
    ),
  ],
);

/**
 * Invoices and credit notes. A draft (`brouillon`, invoices only) has no number and no document; the issue gives it
 * both in one transaction, and from then on nothing but its state and send date changes (trigger
 * `factures_immuables`, migration's hand-written part). A credit note is issued directly and names its invoice.
 */
export const factures = pgTable(
  'factures',
  {
    id: id(),
    type: text('type').$type<FactureType>().notNull(),
    statut: text('statut').$type<FactureStatut>().notNull().default('brouillon'),
    clientId: integer('client_id').notNull(),
    /** The service period, both days included. */
    periodeDebut: day('periode_debut').notNull(),
    periodeFin: day('periode_fin').notNull(),
    numero: text('numero'),
    dateEmission: day('date_emission'),
    dateEcheance: day('date_echeance'),
    referenceAcheteur: text('reference_acheteur'),
    notes: text('notes'),
    /** A credit note's invoice. */
    factureOrigineId: integer('facture_origine_id'),
    /** A credit note's reason. */
    motif: text('motif'),
    totalHt: money('total_ht').notNull().default('0'),
    totalTva: money('total_tva').notNull().default('0'),
    totalTtc: money('total_ttc').notNull().default('0'),
    /** The FactureDocument written at issue: what the PDF and the Factur-X XML render, byte for byte, forever. */
    document: jsonb('document').$type<FactureDocument>(),
    /** The Factur-X PDF/A-3 rendered from `document` at issue, with its CII XML: the record sent and kept. */
    pdf: bytea('pdf'),
    xml: text('xml'),
    createdBy: integer('created_by'),
    emiseBy: integer('emise_by'),
    emiseAt: timestamp('emise_at', { withTimezone: true }),
    envoyeeAt: timestamp('envoyee_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    fk('factures', [t.clientId], [clients.id]),
    fk('factures', [t.factureOrigineId, t.clientId], [t.id, t.clientId], {
      name: 'factures_facture_origine_fk',
    }),
    fk('factures', [t.createdBy], [users.id]),
    fk('factures', [t.emiseBy], [users.id]),
    // Targets of the nights' and the payments' keys, which check the kind.
    unique('factures_id_type_unique').on(t.id, t.type),
    unique('factures_id_client_unique').on(t.id, t.clientId),
    uniqueIndex('factures_numero_unique').on(t.numero),
    index('factures_client_idx').on(t.clientId, t.periodeDebut),
    index('factures_statut_idx').on(t.statut, t.dateEcheance),
    index('factures_origine_idx').on(t.factureOrigineId),
    index('factures_created_idx').on(t.createdAt, t.id),
    enumCheck('factures', t.type, FACTURE_TYPES),
    enumCheck('factures', t.statut, FACTURE_STATUTS),
    check('factures_periode_valide', sql`${t.periodeFin} >= ${t.periodeDebut}`),
    check('factures_avoir_origine', sql`(${t.type} = 'avoir') = (${t.factureOrigineId} is not null)`),
    check('factures_avoir_jamais_brouillon', sql`${t.type} = 'facture' or ${t.statut} <> 'brouillon'`),
    check(
      'factures_emission_complete',
      sql`(${t.statut} = 'brouillon') = (${t.numero} is null) and (${t.numero} is null) = (${t.document} is null)
        and (${t.numero} is null) = (${t.dateEmission} is null) and (${t.numero} is null) = (${t.emiseAt} is null)
        and (${t.numero} is null) = (${t.pdf} is null) and (${t.numero} is null) = (${t.xml} is null)`,
    ),
    check(
      'factures_numero_format',
      sql`${t.numero} ~ ('^' || case ${t.type} when 'facture' then 'FA' else 'AV' end || '-[0-9]{4}-[0-9]{6}$')`,
    ),
    check('factures_ttc', sql`${t.totalTtc} = ${t.totalHt} + ${t.totalTva}`),
    check('factures_echeance', sql`${t.dateEcheance} >= ${t.dateEmission}`),
  ],
);

/** The lines of an invoice or credit note, in its order: hotel × room type (or meal) × unit price × VAT rate. */
export const factureLignes = pgTable(
  'facture_lignes',
  {
    factureId: integer('facture_id').notNull(),
    numero: integer('numero').notNull(),
    nature: text('nature').$type<LigneNature>().notNull(),
    libelle: text('libelle').notNull(),
    etablissementId: integer('etablissement_id').notNull(),
    typeChambreId: integer('type_chambre_id'),
    quantite: integer('quantite').notNull(),
    prixUnitaireHt: money('prix_unitaire_ht').notNull(),
    montantHt: money('montant_ht').notNull(),
    tauxTva: vatRate('taux_tva').notNull(),
  },
  (t) => [
    primaryKey({ name: 'facture_lignes_pk', columns: [t.factureId, t.numero] }),
    fk('facture_lignes', [t.factureId], [factures.id], { onDelete: 'cascade' }),
    fk('facture_lignes', [t.etablissementId], [etablissements.id]),
    fk('facture_lignes', [t.typeChambreId], [typesChambre.id]),
    enumCheck('facture_lignes', t.nature, LIGNE_NATURES),
    check('facture_lignes_quantite_gt0', sql`${t.quantite} > 0`),
    check('facture_lignes_prix_ge0', sql`${t.prixUnitaireHt} >= 0`),
    check('facture_lignes_montant', sql`${t.montantHt} = ${t.quantite} * ${t.prixUnitaireHt}`),
  ],
);

/**
 * The nights an invoice bills (a draft's included: a draft holds its nights), each with the prices it was billed
 * at. `avoir_id` is set when a credit note credits the night. A night is billed by at most one row not credited —
 * the unique index `facture_nuitees_une_fois`, which also makes two concurrent drafts of the same nights fail
 * one of them — and a credited night may be billed again by a new row.
 */
export const factureNuitees = pgTable(
  'facture_nuitees',
  {
    factureId: integer('facture_id').notNull(),
    /** Always 'facture': with the key below, only an invoice bills nights. */
    factureType: text('facture_type').$type<'facture'>().notNull().default('facture'),
    nuiteeId: bigint('nuitee_id', { mode: 'number' }).notNull(),
    reservationId: integer('reservation_id').notNull(),
    etablissementId: integer('etablissement_id').notNull(),
    typeChambreId: integer('type_chambre_id').notNull(),
    dateNuit: day('date_nuit').notNull(),
    prixVenteHt: money('prix_vente_ht').notNull(),
    tauxTvaNuitee: vatRate('taux_tva_nuitee').notNull(),
    petitDejeuner: smallint('petit_dejeuner').notNull(),
    dejeuner: smallint('dejeuner').notNull(),
    diner: smallint('diner').notNull(),
    prixPetitDejeunerHt: money('prix_petit_dejeuner_ht').notNull(),
    prixDejeunerHt: money('prix_dejeuner_ht').notNull(),
    prixDinerHt: money('prix_diner_ht').notNull(),
    tauxTvaRepas: vatRate('taux_tva_repas').notNull(),
    /** The night's HT with its meals: the annex sums it. */
    montantHt: money('montant_ht').notNull(),
    avoirId: integer('avoir_id'),
    avoirType: text('avoir_type').$type<'avoir'>().notNull().default('avoir'),
  },
  (t) => [
    primaryKey({ name: 'facture_nuitees_pk', columns: [t.factureId, t.nuiteeId] }),
    fk('facture_nuitees', [t.factureId, t.factureType], [factures.id, factures.type], {
      name: 'facture_nuitees_facture_fk',
      onDelete: 'cascade',
    }),
    fk('facture_nuitees', [t.avoirId, t.avoirType], [factures.id, factures.type], {
      name: 'facture_nuitees_avoir_fk',
    }),
    fk('facture_nuitees', [t.nuiteeId], [nuitees.id]),
    fk('facture_nuitees', [t.reservationId], [reservations.id]),
    uniqueIndex('facture_nuitees_une_fois')
      .on(t.nuiteeId)
      .where(sql`${t.avoirId} is null`),
    index('facture_nuitees_avoir_idx').on(t.avoirId),
    check('facture_nuitees_facture_type', sql`${t.factureType} = 'facture'`),
    check('facture_nuitees_avoir_type', sql`${t.avoirType} = 'avoir'`),
  ],
);

/**
 * The number series: the last number given per kind and year. The issuing transaction increments its row (the
 * row lock holds every other issue of the series until it commits or rolls back), so numbers follow each other
 * without gaps and a rolled-back issue gives its number back; a sequence would lose it.
 */
export const factureCompteurs = pgTable(
  'facture_compteurs',
  {
    type: text('type').$type<FactureType>().notNull(),
    annee: smallint('annee').notNull(),
    dernier: integer('dernier').notNull(),
  },
  (t) => [
    primaryKey({ name: 'facture_compteurs_pk', columns: [t.type, t.annee] }),
    enumCheck('facture_compteurs', t.type, FACTURE_TYPES),
    check('facture_compteurs_dernier_gt0', sql`${t.dernier} > 0`),
  ],
);

/** Payments received on an invoice. Never edited: a mistake is cancelled (with its reason) and entered again. */
export const paiements = pgTable(
  'paiements',
  {
    id: id(),
    factureId: integer('facture_id').notNull(),
    factureType: text('facture_type').$type<'facture'>().notNull().default('facture'),
    datePaiement: date('date_paiement', { mode: 'string' }).notNull(),
    montant: money('montant').notNull(),
    moyen: text('moyen').$type<MoyenPaiement>().notNull(),
    reference: text('reference'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    annuleAt: timestamp('annule_at', { withTimezone: true }),
    annuleBy: integer('annule_by'),
    motifAnnulation: text('motif_annulation'),
  },
  (t) => [
    fk('paiements', [t.factureId, t.factureType], [factures.id, factures.type], {
      name: 'paiements_facture_fk',
    }),
    fk('paiements', [t.createdBy], [users.id]),
    fk('paiements', [t.annuleBy], [users.id]),
    index('paiements_facture_idx').on(t.factureId),
    enumCheck('paiements', t.moyen, MOYENS_PAIEMENT),
    check('paiements_facture_type', sql`${t.factureType} = 'facture'`),
    check('paiements_montant_gt0', sql`${t.montant} > 0`),
    check(
      'paiements_annulation_motivee',
      sql`(${t.annuleAt} is null) = (${t.motifAnnulation} is null) and (${t.annuleAt} is null) = (${t.annuleBy} is null)`,
    ),
  ],
);

export type FacturationParametresRow = typeof facturationParametres.$inferSelect;
export type ClientFacturationRow = typeof clientsFacturation.$inferSelect;
/** An invoice's row without its files (the PDF and the XML are read only to be sent or downloaded). */
export type FactureRow = Omit<typeof factures.$inferSelect, 'pdf' | 'xml'>;
export type FactureLigneRow = typeof factureLignes.$inferSelect;
export type PaiementRow = typeof paiements.$inferSelect;
