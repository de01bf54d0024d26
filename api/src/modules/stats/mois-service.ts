/**
 * GET /stats/mois: the measures of StatsPerPax month by month, each beside the same month of the previous year.
 * Months without nights are in the answer with zeros. Definitions: docs/domain.md « Statistics ».
 */
import { sql } from 'drizzle-orm';
import {
  MOIS_MESURES,
  type MoisLigne,
  type MoisMesure,
  type StatsMoisAnswer,
  type StatsQuery,
} from 'shared/contract';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { occupationRows } from './occupation';
import { addMonths, and, monthsOf, partyConditions, percent, statsPeriode } from './period';

type Mesures = Record<MoisMesure, number>;

const empty = (): Mesures => Object.fromEntries(MOIS_MESURES.map((mesure) => [mesure, 0])) as Mesures;

interface MonthRow {
  mois: string;
  pax: number;
  reservations: number;
  nuitees: number;
  arrivees: number;
  departs: number;
}

export async function statsMois(db: Executor, query: StatsQuery): Promise<StatsMoisAnswer> {
  const periode = statsPeriode(query);
  // The period and the year before it, read in one pass.
  const from = `${addMonths(periode.debut, -12)}-01`;
  const to = periode.dateFin;
  const where = and([
    sql`s.mois >= ${from}::date`,
    sql`s.mois < ${to}::date`,
    ...partyConditions(query, 's'),
  ]);
  const rows = await rowsOf<MonthRow>(
    db,
    sql`with s as materialized (
        select s.sejour_id, s.mois, s.pensionnaire_id, s.reservation_id, s.nuitees
        from nuitees_par_mois s where ${where}
      ),
      -- Every stay (chain of extensions) with a night in the period, over all its nights (sejours_resume).
      sejours as (
        select j.sejour_id, j.premiere_nuit as premiere, j.derniere_nuit as derniere
        from sejours_resume j where j.sejour_id in (select sejour_id from s)
      ),
      activite as (
        select s.mois, count(distinct s.pensionnaire_id)::int as pax,
          count(distinct s.reservation_id)::int as reservations, sum(s.nuitees)::int as nuitees
        from s group by s.mois
      ),
      arrivees as (select date_trunc('month', premiere)::date as mois, count(*)::int as n from sejours group by 1),
      departs as (select date_trunc('month', derniere)::date as mois, count(*)::int as n from sejours group by 1)
    select to_char(a.mois, 'YYYY-MM') as mois, a.pax, a.reservations, a.nuitees,
      coalesce(ar.n, 0) as arrivees, coalesce(d.n, 0) as departs
    from activite a
    left join arrivees ar on ar.mois = a.mois
    left join departs d on d.mois = a.mois`,
  );
  const byMonth = new Map<string, Mesures>();
  const at = (mois: string) => {
    let found = byMonth.get(mois);
    if (found === undefined) byMonth.set(mois, (found = empty()));
    return found;
  };
  for (const { mois: month, ...mesures } of rows) Object.assign(at(month), mesures);
  for (const row of await occupationRows(db, query, from, to)) {
    const month = at(row.mois);
    month.chambresOccupees += row.occupees;
    month.chambresContractees += row.contractees;
  }
  const mois = monthsOf(periode.debut, periode.fin).map((month): MoisLigne => {
    const moisPrecedent = addMonths(month, -12);
    const current = byMonth.get(month) ?? empty();
    const previous = byMonth.get(moisPrecedent) ?? empty();
    const line: Record<string, unknown> = { mois: month, moisPrecedent };
    for (const mesure of MOIS_MESURES) {
      line[mesure] = current[mesure];
      line[`${mesure}Precedent`] = previous[mesure];
    }
    line.tauxOccupation = percent(current.chambresOccupees, current.chambresContractees);
    line.tauxOccupationPrecedent = percent(previous.chambresOccupees, previous.chambresContractees);
    return line as MoisLigne;
  });
  return { periode, mois };
}
