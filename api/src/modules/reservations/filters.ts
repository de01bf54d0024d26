/**
 * The reservation filters of spec §7 (list, counters, exports, pax) as SQL conditions, shared by every read.
 *
 * Aliases used by every reservation read (and expected by `reservationConditions`):
 *   r  = reservations         p  = pensionnaires      c  = clients
 *   e  = etablissements       tc = types_chambre
 * The conditions reference **only `r`**: searches on residents, clients and hotels are `r.<fk> in (select id
 * from …)` subqueries, so a query may join p / c / e for its columns or not at all (counts join nothing).
 * "Today" is the Europe/Paris date (TODAY, docs/domain.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReservationFilters, ReservationStatut } from 'shared/contract';
import { BadRequestError } from '../../errors';
import { escapeLike } from '../../lib/list-query';
import { TODAY } from '../../db/today';

export const FILTER_MESSAGES = {
  period: 'La date de fin (end_date) doit être postérieure à la date de début (start_date).',
} as const;

const like = (text: string) => `%${escapeLike(text.trim())}%`;

/** 400 when both bounds are given and the period is empty. */
export function assertFilterPeriod(filters: { start_date?: string; end_date?: string }): void {
  if (
    filters.start_date !== undefined &&
    filters.end_date !== undefined &&
    filters.end_date <= filters.start_date
  )
    throw new BadRequestError(FILTER_MESSAGES.period);
}

/** No non-cancelled extension points at r. */
const notExtended = sql`not exists (select 1 from reservations x where x.prolongation_de_id = r.id and x.statut <> 'annulee')`;

/**
 * `etat = prolongable` (docs/domain.md): confirmed or running, `today <= date_fin <= today + greatest(sale,
 * purchase contract's delai_alerte_jours)`, not already extended. Also the `prolongable` column of the lists.
 * The bound on the largest delay of any contract (computed once per statement) lets the scan of the index
 * (statut, date_fin) stop at a few days instead of reading every running stay; each stay's own contracts then
 * decide, through one `exists` over both contracts: in a WHERE clause PostgreSQL turns it into a semi-join (two
 * index lookups a stay) where two scalar subqueries were two subplans re-started for every stay — the filter's
 * database time 6.5 → 3.7 ms on the large set (docs/performance.md « Reservations list »). Both contract ids are
 * NOT NULL foreign keys, so the `exists` finds exactly the one pair the subqueries read.
 */
export const prolongableCondition = sql`(r.statut in ('confirmee', 'en_cours')
  and r.date_fin >= ${TODAY}
  and r.date_fin <= ${TODAY} + greatest((select max(delai_alerte_jours) from contrats_clients),
    (select max(delai_alerte_jours) from contrats_etablissement))
  and exists (select 1 from contrats_clients cc, contrats_etablissement ce
    where cc.id = r.contrat_client_id and ce.id = r.contrat_etablissement_id
      and r.date_fin <= ${TODAY} + greatest(cc.delai_alerte_jours, ce.delai_alerte_jours))
  and ${notExtended})`;

function statutCondition(statut: ReservationStatut | ReservationStatut[]): SQL {
  const list = Array.isArray(statut) ? statut : [statut];
  return sql`r.statut in (${sql.join(
    list.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** Every filter of the body as a condition over `r` (see the aliases above); an empty list = every stay. */
export function reservationConditions(filters: ReservationFilters): SQL[] {
  const f = filters;
  const conditions: SQL[] = [];
  if (f.etat === 'prolongable') conditions.push(prolongableCondition);
  if (f.jours === 'a_prolonger') conditions.push(sql`r.date_fin in (${TODAY}, ${TODAY} + 1)`);
  if (f.jours === 'commence_h') conditions.push(sql`r.date_debut = ${TODAY} - 1 and r.statut <> 'annulee'`);
  if (f.status_paf !== undefined) conditions.push(sql`r.status_paf = ${f.status_paf}`);
  if (f.status_caf !== undefined) conditions.push(sql`r.status_caf = ${f.status_caf}`);
  if (f.etat_payment_paf !== undefined) conditions.push(sql`r.etat_payment_paf = ${f.etat_payment_paf}`);
  if (f.etat_payment_caf !== undefined) conditions.push(sql`r.etat_payment_caf = ${f.etat_payment_caf}`);
  if (f.type_resa !== undefined) conditions.push(sql`r.type_resa = ${f.type_resa}`);
  if (f.statut !== undefined) conditions.push(statutCondition(f.statut));
  if (f.apec !== undefined) conditions.push(sql`r.apec = ${f.apec}`);
  if (f.client_id !== undefined) conditions.push(sql`r.client_id = ${f.client_id}`);
  if (f.etablissement_id !== undefined) conditions.push(sql`r.etablissement_id = ${f.etablissement_id}`);
  if (f.pensionnaire_id !== undefined) conditions.push(sql`r.pensionnaire_id = ${f.pensionnaire_id}`);
  if (f.type_chambre_id !== undefined) conditions.push(sql`r.type_chambre_id = ${f.type_chambre_id}`);
  if (f.id_reservation_mere !== undefined)
    conditions.push(sql`r.id_reservation_mere = ${f.id_reservation_mere}`);
  // Overlap of [date_debut, date_fin) with [start_date, end_date): at least one night in the period.
  if (f.start_date !== undefined) conditions.push(sql`r.date_fin > ${f.start_date}::date`);
  if (f.end_date !== undefined) conditions.push(sql`r.date_debut < ${f.end_date}::date`);
  if (f.pensionnaire?.trim()) {
    const needle = like(f.pensionnaire);
    // "nom prénom nom" holds "nom", "prénom", "nom prénom" and "prénom nom": one match covers the four.
    conditions.push(sql`r.pensionnaire_id in (select ps.id from pensionnaires ps
      where (ps.nom || ' ' || ps.prenom || ' ' || ps.nom) ilike ${needle})`);
  }
  if (f.numero_dossier?.trim())
    conditions.push(sql`r.pensionnaire_id in (select ps.id from pensionnaires ps
      where ps.numero_dossier ilike ${like(f.numero_dossier)})`);
  if (f.client?.trim())
    conditions.push(sql`r.client_id in (select cs.id from clients cs where cs.nom ilike ${like(f.client)})`);
  if (f.etablissement?.trim())
    conditions.push(sql`r.etablissement_id in (select es.id from etablissements es
      where es.nom ilike ${like(f.etablissement)})`);
  if (f.chambre?.trim()) conditions.push(sql`r.chambre ilike ${like(f.chambre)}`);
  return conditions;
}

/** `where …` of the conditions, or nothing. */
export function whereClause(conditions: SQL[], extra: SQL[] = []): SQL {
  const all = [...conditions, ...extra];
  return all.length === 0 ? sql`` : sql`where ${sql.join(all, sql` and `)}`;
}
