/**
 * Contracts: purchase (contrat établissement, what the hotel charges) and sale (contrat client, what the client
 * pays), each with tariff lines per room type and sub-period. The two "no overlapping tariff lines" exclusion
 * constraints and the "tariff line inside its contract" triggers are hand-written in migration 0002.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { CONTRAT_STATUTS, MODES_TARIFICATION, type ContratStatut, type ModeTarification } from '../enums';
import {
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
import { clients, etablissements, typesChambre } from './referentiel';

/** Columns shared by both contracts. */
const contratColumns = () => ({
  id: id(),
  reference: text('reference').notNull(),
  dateDebut: day('date_debut').notNull(),
  /** Last day covered is date_fin − 1 for nights: the period is [date_debut, date_fin). */
  dateFin: day('date_fin').notNull(),
  statut: text('statut').$type<ContratStatut>().notNull().default('brouillon'),
  modeTarification: text('mode_tarification').$type<ModeTarification>().notNull(),
  tauxTvaNuitee: vatRate('taux_tva_nuitee').notNull(),
  tauxTvaRepas: vatRate('taux_tva_repas').notNull(),
  /** How many days before its end a stay under this contract becomes "prolongeable". */
  delaiAlerteJours: integer('delai_alerte_jours').notNull().default(2),
  notes: text('notes'),
});

/** Price columns shared by both tariff tables. */
const tarifPrices = () => ({
  prixNuiteeHt: money('prix_nuitee_ht').notNull().default('0'),
  prixPetitDejeunerHt: money('prix_petit_dejeuner_ht').notNull().default('0'),
  prixDejeunerHt: money('prix_dejeuner_ht').notNull().default('0'),
  prixDinerHt: money('prix_diner_ht').notNull().default('0'),
});

export const contratsEtablissement = pgTable(
  'contrats_etablissement',
  {
    ...contratColumns(),
    etablissementId: integer('etablissement_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    fk('contrats_etablissement', [t.etablissementId], [etablissements.id]),
    unique('contrats_etablissement_reference_unique').on(t.reference),
    // Target of the (contrat_etablissement_id, etablissement_id) keys: a stay's contract is its hotel's.
    unique('contrats_etablissement_id_etab_unique').on(t.id, t.etablissementId),
    index('contrats_etablissement_etab_idx').on(t.etablissementId, t.dateDebut),
    notBlankCheck('contrats_etablissement', t.reference),
    periodCheck('contrats_etablissement', t.dateDebut, t.dateFin),
    enumCheck('contrats_etablissement', t.statut, CONTRAT_STATUTS),
    enumCheck('contrats_etablissement', t.modeTarification, MODES_TARIFICATION),
    vatRateCheck('contrats_etablissement', t.tauxTvaNuitee),
    vatRateCheck('contrats_etablissement', t.tauxTvaRepas),
    check('contrats_etablissement_delai_alerte_range', sql`${t.delaiAlerteJours} between 0 and 60`),
  ],
);

export const contratEtablissementTarifs = pgTable(
  'contrat_etablissement_tarifs',
  {
    id: id(),
    contratId: integer('contrat_id').notNull(),
    typeChambreId: integer('type_chambre_id').notNull(),
    dateDebut: day('date_debut').notNull(),
    dateFin: day('date_fin').notNull(),
    ...tarifPrices(),
    /** Rooms per night the hotel guarantees at this price; null = no limit. */
    allotement: integer('allotement'),
    ...timestamps(),
  },
  (t) => [
    fk('contrat_etablissement_tarifs', [t.contratId], [contratsEtablissement.id], { onDelete: 'cascade' }),
    fk('contrat_etablissement_tarifs', [t.typeChambreId], [typesChambre.id]),
    index('contrat_etablissement_tarifs_type_idx').on(t.typeChambreId),
    // contrat_id lookups use the exclusion constraint's GiST index (contrat_id is its first column).
    periodCheck('contrat_etablissement_tarifs', t.dateDebut, t.dateFin),
    ...nonNegativeChecks('contrat_etablissement_tarifs', [
      t.prixNuiteeHt,
      t.prixPetitDejeunerHt,
      t.prixDejeunerHt,
      t.prixDinerHt,
    ]),
    check('contrat_etablissement_tarifs_allotement_gt0', sql`${t.allotement} > 0`),
  ],
);

export const contratsClients = pgTable(
  'contrats_clients',
  {
    ...contratColumns(),
    clientId: integer('client_id').notNull(),
    /** Daily amount of the PAF stream (participation aux frais) per resident and night. */
    montantPafJour: money('montant_paf_jour').notNull().default('0'),
    /** Daily amount of the CAF stream per resident and night. */
    montantCafJour: money('montant_caf_jour').notNull().default('0'),
    ...timestamps(),
  },
  (t) => [
    fk('contrats_clients', [t.clientId], [clients.id]),
    unique('contrats_clients_reference_unique').on(t.reference),
    // Target of the (contrat_client_id, client_id) keys: a stay's sale contract is its client's.
    unique('contrats_clients_id_client_unique').on(t.id, t.clientId),
    index('contrats_clients_client_idx').on(t.clientId, t.dateDebut),
    notBlankCheck('contrats_clients', t.reference),
    periodCheck('contrats_clients', t.dateDebut, t.dateFin),
    enumCheck('contrats_clients', t.statut, CONTRAT_STATUTS),
    enumCheck('contrats_clients', t.modeTarification, MODES_TARIFICATION),
    vatRateCheck('contrats_clients', t.tauxTvaNuitee),
    vatRateCheck('contrats_clients', t.tauxTvaRepas),
    check('contrats_clients_delai_alerte_range', sql`${t.delaiAlerteJours} between 0 and 60`),
    ...nonNegativeChecks('contrats_clients', [t.montantPafJour, t.montantCafJour]),
  ],
);

export const contratClientTarifs = pgTable(
  'contrat_client_tarifs',
  {
    id: id(),
    contratId: integer('contrat_id').notNull(),
    typeChambreId: integer('type_chambre_id').notNull(),
    /** A price for this hotel only; null = for every hotel (a hotel's own line wins). */
    etablissementId: integer('etablissement_id'),
    dateDebut: day('date_debut').notNull(),
    dateFin: day('date_fin').notNull(),
    ...tarifPrices(),
    ...timestamps(),
  },
  (t) => [
    fk('contrat_client_tarifs', [t.contratId], [contratsClients.id], { onDelete: 'cascade' }),
    fk('contrat_client_tarifs', [t.typeChambreId], [typesChambre.id]),
    fk('contrat_client_tarifs', [t.etablissementId], [etablissements.id]),
    index('contrat_client_tarifs_type_idx').on(t.typeChambreId),
    index('contrat_client_tarifs_etab_idx').on(t.etablissementId),
    periodCheck('contrat_client_tarifs', t.dateDebut, t.dateFin),
    ...nonNegativeChecks('contrat_client_tarifs', [
      t.prixNuiteeHt,
      t.prixPetitDejeunerHt,
      t.prixDejeunerHt,
      t.prixDinerHt,
    ]),
  ],
);

export type ContratEtablissementRow = typeof contratsEtablissement.$inferSelect;
export type ContratEtablissementTarifRow = typeof contratEtablissementTarifs.$inferSelect;
export type ContratClientRow = typeof contratsClients.$inferSelect;
export type ContratClientTarifRow = typeof contratClientTarifs.$inferSelect;
