/**
 * Occupancy of the contract allotments (docs/domain.md « Statistics »): per hotel and month, the rooms taken on
 * tariff lines that carry an allotment (`occupations_allotement`, the counter the booking transaction keeps equal
 * to ceil(nights / capacity) per parent, room type and room) against the rooms the lines guarantee
 * (allotment × nights of the line in the month). Contracts still `brouillon` guarantee nothing. Lines without an
 * allotment have no « contracted » figure and are left out.
 */
import { sql } from 'drizzle-orm';
import type { StatsPeriode, StatsQuery } from 'shared/contract';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { and, hotelConditions } from './period';

export interface OccupationRow {
  etablissement_id: number;
  libelle: string;
  /** 'YYYY-MM'. */
  mois: string;
  occupees: number;
  contractees: number;
}

/** One row per hotel and month of [from, to) (days, first of a month) with contracted or used rooms. */
export async function occupationRows(
  db: Executor,
  query: StatsQuery,
  from: string,
  to: string,
): Promise<OccupationRow[]> {
  return rowsOf<OccupationRow>(
    db,
    sql`with lignes as (
        select t.id, t.allotement, t.date_debut, t.date_fin, ce.etablissement_id
        from contrat_etablissement_tarifs t
        join contrats_etablissement ce on ce.id = t.contrat_id
        where t.allotement is not null and ce.statut <> 'brouillon'
          and t.date_debut < ${to}::date and t.date_fin > ${from}::date
          and ${and(hotelConditions(query, 'ce'))}
      ),
      occupees as (
        select l.etablissement_id, date_trunc('month', o.date_nuit)::date as mois, sum(o.chambres_occupees)::int as n
        from lignes l
        join occupations_allotement o on o.tarif_id = l.id
          and o.date_nuit >= ${from}::date and o.date_nuit < ${to}::date
        group by 1, 2
      ),
      contractees as (
        select l.etablissement_id, m.mois::date as mois,
          sum(l.allotement * greatest(0, least(l.date_fin, (m.mois + interval '1 month')::date)
            - greatest(l.date_debut, m.mois::date)))::int as n
        from lignes l
        cross join generate_series(${from}::date, ${to}::date - 1, interval '1 month') as m(mois)
        group by 1, 2
      )
      select c.etablissement_id, e.nom || ' (' || e.ville || ')' as libelle, to_char(c.mois, 'YYYY-MM') as mois,
        coalesce(o.n, 0) as occupees, c.n as contractees
      from contractees c
      join etablissements e on e.id = c.etablissement_id
      left join occupees o on o.etablissement_id = c.etablissement_id and o.mois = c.mois
      where c.n > 0 or coalesce(o.n, 0) > 0`,
  );
}

/** The period's rows of occupationRows. */
export const occupationOfPeriod = (db: Executor, query: StatsQuery, periode: StatsPeriode) =>
  occupationRows(db, query, periode.dateDebut, periode.dateFin);
