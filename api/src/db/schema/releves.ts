/**
 * The hotels' own invoices and their reconciliation with the booked nights (issue 39 §2; docs/database.md « Hotel
 * invoices »): the invoice as entered (unique per hotel and number), its detail lines once a file is loaded, and the
 * differences the last reconciliation found, each accepted with a reason by whom and when. The hotel statement
 * itself is computed from `nuitees` and stored nowhere.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  ETATS_FACTURE_ETABLISSEMENT,
  PRESTATIONS,
  SOURCES_DETAIL,
  TYPES_ECART,
  type EtatFactureEtablissement,
  type Prestation,
  type SourceDetail,
  type TypeEcart,
} from 'shared/contract';
import {
  bigId,
  day,
  enumCheck,
  fk,
  id,
  money,
  nonNegativeChecks,
  notBlankCheck,
  periodCheck,
  timestamps,
  vatRate,
  vatRateCheck,
} from './columns';
import { users } from './core';
import { etablissements } from './referentiel';

export const facturesEtablissements = pgTable(
  'factures_etablissements',
  {
    id: id(),
    etablissementId: integer('etablissement_id').notNull(),
    numero: text('numero').notNull(),
    dateFacture: day('date_facture').notNull(),
    /** Half-open: periode_fin is the day after the last night billed. */
    periodeDebut: day('periode_debut').notNull(),
    periodeFin: day('periode_fin').notNull(),
    totalHt: money('total_ht').notNull(),
    totalTva: money('total_tva').notNull(),
    totalTtc: money('total_ttc').notNull(),
    etat: text('etat').$type<EtatFactureEtablissement>().notNull().default('a_rapprocher'),
    sourceDetail: text('source_detail').$type<SourceDetail>(),
    nomFichier: text('nom_fichier'),
    /** Compare-and-swap of every write (two reconciliations of one invoice: one wins). */
    version: integer('version').notNull().default(1),
    rapprocheeLe: timestamp('rapprochee_le', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    fk('factures_etablissements', [t.etablissementId], [etablissements.id]),
    fk('factures_etablissements', [t.createdBy], [users.id]),
    unique('factures_etablissements_numero_unique').on(t.etablissementId, t.numero),
    index('factures_etablissements_periode_idx').on(t.periodeDebut),
    enumCheck('factures_etablissements', t.etat, ETATS_FACTURE_ETABLISSEMENT),
    enumCheck('factures_etablissements', t.sourceDetail, SOURCES_DETAIL),
    notBlankCheck('factures_etablissements', t.numero),
    periodCheck('factures_etablissements', t.periodeDebut, t.periodeFin),
    ...nonNegativeChecks('factures_etablissements', [t.totalHt, t.totalTva, t.totalTtc]),
    check('factures_etablissements_ttc', sql`${t.totalTtc} = ${t.totalHt} + ${t.totalTva}`),
  ],
);

/** One line of a hotel invoice's detail, normalised (a night, or meals of one day), in the file's order. */
export const lignesFactureEtablissement = pgTable(
  'lignes_facture_etablissement',
  {
    id: bigId(),
    factureId: integer('facture_id').notNull(),
    /** The row of the source file (headers are row 1). */
    ligne: integer('ligne').notNull(),
    reservationId: integer('reservation_id'),
    pensionnaire: text('pensionnaire'),
    dateNuit: day('date_nuit').notNull(),
    prestation: text('prestation').$type<Prestation>().notNull(),
    typeChambre: text('type_chambre'),
    quantite: smallint('quantite').notNull(),
    prixUnitaireHt: money('prix_unitaire_ht').notNull(),
    tauxTva: vatRate('taux_tva').notNull(),
  },
  (t) => [
    fk('lignes_facture_etablissement', [t.factureId], [facturesEtablissements.id], { onDelete: 'cascade' }),
    index('lignes_facture_etablissement_facture_idx').on(t.factureId),
    enumCheck('lignes_facture_etablissement', t.prestation, PRESTATIONS),
    vatRateCheck('lignes_facture_etablissement', t.tauxTva),
    ...nonNegativeChecks('lignes_facture_etablissement', [t.prixUnitaireHt, t.quantite]),
  ],
);

/** A difference found by the last reconciliation; accepted (with its reason, by whom, when) or still open. */
export const ecartsFactureEtablissement = pgTable(
  'ecarts_facture_etablissement',
  {
    id: bigId(),
    factureId: integer('facture_id').notNull(),
    type: text('type').$type<TypeEcart>().notNull(),
    reservationId: integer('reservation_id'),
    pensionnaire: text('pensionnaire'),
    dateNuit: day('date_nuit'),
    prestation: text('prestation').$type<Prestation>(),
    ligneDetail: integer('ligne_detail'),
    /** Billed twice across invoices: the number of the other invoice of the hotel that bills it too. */
    autreFacture: text('autre_facture'),
    montantFacture: money('montant_facture').notNull(),
    montantReserve: money('montant_reserve').notNull(),
    tauxFacture: vatRate('taux_facture'),
    tauxReserve: vatRate('taux_reserve'),
    motif: text('motif'),
    acceptePar: integer('accepte_par'),
    accepteLe: timestamp('accepte_le', { withTimezone: true }),
  },
  (t) => [
    fk('ecarts_facture_etablissement', [t.factureId], [facturesEtablissements.id], { onDelete: 'cascade' }),
    fk('ecarts_facture_etablissement', [t.acceptePar], [users.id]),
    index('ecarts_facture_etablissement_facture_idx').on(t.factureId),
    enumCheck('ecarts_facture_etablissement', t.type, TYPES_ECART),
    enumCheck('ecarts_facture_etablissement', t.prestation, PRESTATIONS),
    check(
      'ecarts_facture_etablissement_acceptation',
      sql`(${t.accepteLe} is null) = (${t.acceptePar} is null) and (${t.accepteLe} is null) = (${t.motif} is null)`,
    ),
  ],
);
