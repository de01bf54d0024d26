import type { PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { boolean, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { day, vatRate } from './columns';
import { reservations } from './reservations';

/** A sum of money over many nights: numeric(14,2) (a stay's month never reaches it; the type leaves room). */
const total = (name: string) =>
  numeric(name, { precision: 14, scale: 2, mode: 'string' }).notNull().default('0');
const count = (name: string) => integer(name).notNull().default(0);

/**
 * The statistics' monthly summary (issue 13, docs/domain.md « Statistics »): one row per stay, month of its nights
 * and pair of VAT rates, holding the sums of its non-cancelled nights of that month. Never written by the
 * application: the triggers of migration 0006 recompute a stay's months from `nuitees` in the statement that
 * changes its nights (and copy its PAF/CAF flags when they change), so it always equals the recount.
 * Resident, client, hotel, room type and the first stay of its chain of extensions are copied from the stay
 * (none of them ever changes), so the statistics read this table alone.
 */
export const nuiteesParMois = pgTable(
  'nuitees_par_mois',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    /** First day of the month. */
    mois: day('mois').notNull(),
    tauxTvaNuitee: vatRate('taux_tva_nuitee').notNull(),
    tauxTvaRepas: vatRate('taux_tva_repas').notNull(),
    pensionnaireId: integer('pensionnaire_id').notNull(),
    clientId: integer('client_id').notNull(),
    etablissementId: integer('etablissement_id').notNull(),
    typeChambreId: integer('type_chambre_id').notNull(),
    /** The initial stay of the chain of extensions this stay belongs to (the stay itself when it is initial). */
    sejourId: integer('sejour_id').notNull(),
    statusPaf: boolean('status_paf').notNull(),
    statusCaf: boolean('status_caf').notNull(),
    nuitees: count('nuitees'),
    nuiteesPresentes: count('nuitees_presentes'),
    premiereNuit: day('premiere_nuit').notNull(),
    derniereNuit: day('derniere_nuit').notNull(),
    venteNuiteeHt: total('vente_nuitee_ht'),
    venteRepasHt: total('vente_repas_ht'),
    achatHt: total('achat_ht'),
    venteNuiteeHtPresente: total('vente_nuitee_ht_presente'),
    venteRepasHtPresente: total('vente_repas_ht_presente'),
    petitDejeuner: count('petit_dejeuner'),
    dejeuner: count('dejeuner'),
    diner: count('diner'),
    pafPayeNuitees: count('paf_paye_nuitees'),
    pafPayeMontant: total('paf_paye_montant'),
    pafNonPayeNuitees: count('paf_non_paye_nuitees'),
    pafNonPayeMontant: total('paf_non_paye_montant'),
    pafAVerifierNuitees: count('paf_a_verifier_nuitees'),
    pafAVerifierMontant: total('paf_a_verifier_montant'),
    cafPayeNuitees: count('caf_paye_nuitees'),
    cafPayeMontant: total('caf_paye_montant'),
    cafNonPayeNuitees: count('caf_non_paye_nuitees'),
    cafNonPayeMontant: total('caf_non_paye_montant'),
    cafAVerifierNuitees: count('caf_a_verifier_nuitees'),
    cafAVerifierMontant: total('caf_a_verifier_montant'),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({
      name: 'nuitees_par_mois_pk',
      columns: [t.reservationId, t.mois, t.tauxTvaNuitee, t.tauxTvaRepas],
    }),
    index('nuitees_par_mois_mois_idx').on(t.mois),
    index('nuitees_par_mois_sejour_idx').on(t.sejourId),
  ],
);

/**
 * One row per stay in the statistics' sense — a chain of extensions, keyed by its initial stay — summed over all its
 * months of `nuitees_par_mois` (issue 13: the stay-length classes, arrivals and departures read a chain whole, also
 * outside the asked period; reading this table instead of summing the chain's months again halves that part).
 * Never written by the application: the triggers of migration 0011 recompute the chains a statement on
 * `nuitees_par_mois` touched, in that statement, so it always equals the sums of its months.
 */
export const sejoursResume = pgTable('sejours_resume', {
  /** The initial stay of the chain (`nuitees_par_mois.sejour_id`). */
  sejourId: integer('sejour_id').primaryKey(),
  /** The chain's client and hotel (an extension keeps them; the smallest ids if that ever changed). */
  clientId: integer('client_id').notNull(),
  etablissementId: integer('etablissement_id').notNull(),
  premiereNuit: day('premiere_nuit').notNull(),
  derniereNuit: day('derniere_nuit').notNull(),
  nuitees: count('nuitees'),
});
