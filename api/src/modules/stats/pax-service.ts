/**
 * GET /stats/pax: people housed and nights over a period, by client, hotel, room type and household size; stay
 * lengths; arrivals and departures; occupancy of the allotments. Read from the monthly summary (nuitees_par_mois,
 * equal to the recount of the nights by construction). Definitions: docs/domain.md « Statistics ».
 */
import { sql } from 'drizzle-orm';
import {
  DUREE_TRANCHES,
  type PaxDuree,
  type PaxFoyer,
  type PaxLigne,
  type PaxTotaux,
  type PaxTypeChambre,
  type StatsPaxAnswer,
  type StatsQuery,
} from 'shared/contract';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { occupationOfPeriod } from './occupation';
import { and, partyConditions, percent, statsPeriode } from './period';

/** Stay-length classes, in nights (the contract's). */
export const DUREES = DUREE_TRANCHES;

export const TAILLES_FOYER = [1, 2, 3, 4, 5, 6] as const;
export const tailleFoyerLibelle = (taille: number) =>
  taille === 1 ? '1 personne' : taille === 6 ? '6 personnes et plus' : `${taille} personnes`;

interface PaxRow {
  totaux: Omit<PaxTotaux, 'dureeMoyenne'> & { dureeMoyenne: string | null };
  par_client: PaxLigne[] | null;
  par_etablissement: PaxLigne[] | null;
  par_type: PaxTypeChambre[] | null;
  par_foyer: { taille: number; foyers: number; pax: number; nuitees: number }[] | null;
  durees: { tranche: string; sejours: number; nuitees: number }[] | null;
}

export async function statsPax(db: Executor, query: StatsQuery): Promise<StatsPaxAnswer> {
  const periode = statsPeriode(query);
  const { dateDebut: from, dateFin: to } = periode;
  const where = and([
    sql`s.mois >= ${from}::date`,
    sql`s.mois < ${to}::date`,
    ...partyConditions(query, 's'),
  ]);
  const classes = sql.join(
    DUREES.map((d, index) => sql`(${index}, ${d.tranche}, ${d.min}::int, ${d.max}::int)`),
    sql`, `,
  );
  const [row] = await rowsOf<PaxRow>(
    db,
    sql`with s as materialized (
        select s.sejour_id, s.client_id, s.etablissement_id, s.type_chambre_id, s.pensionnaire_id, s.reservation_id,
          s.nuitees
        from nuitees_par_mois s where ${where}
      ),
      -- Every stay (chain of extensions) with a night in the period, over all its nights (sejours_resume).
      sejours as (
        select j.sejour_id, j.client_id, j.etablissement_id, j.premiere_nuit as premiere, j.derniere_nuit as derniere,
          j.nuitees as nuits
        from sejours_resume j
        where j.sejour_id in (select sejour_id from s)
      ),
      mouvements as (
        select client_id, etablissement_id,
          count(*) filter (where premiere >= ${from}::date and premiere < ${to}::date)::int as arrivees,
          count(*) filter (where derniere >= ${from}::date and derniere < ${to}::date)::int as departs
        from sejours group by grouping sets ((client_id), (etablissement_id), ())
      ),
      -- Distinct counts over the fewest rows: a stay has one resident, client, hotel and room type, so the nights are
      -- first summed per stay (its reservations count), then per resident and (client, hotel, room type): the
      -- grouping sets then count distinct residents over those rows, not over every month of every stay.
      par_resa as (
        select reservation_id, client_id, etablissement_id, type_chambre_id, pensionnaire_id, sum(nuitees) as nuitees
        from s group by reservation_id, client_id, etablissement_id, type_chambre_id, pensionnaire_id
      ),
      par_pensionnaire as materialized (
        select client_id, etablissement_id, type_chambre_id, pensionnaire_id, count(*) as reservations,
          sum(nuitees) as nuitees
        from par_resa group by client_id, etablissement_id, type_chambre_id, pensionnaire_id
      ),
      activite as (
        select grouping(p.client_id, p.etablissement_id, p.type_chambre_id) as g,
          p.client_id, p.etablissement_id, p.type_chambre_id,
          count(distinct p.pensionnaire_id)::int as pax, sum(p.reservations)::int as reservations,
          coalesce(sum(p.nuitees), 0)::int as nuitees
        from par_pensionnaire p group by grouping sets ((p.client_id), (p.etablissement_id), (p.type_chambre_id), ())
      ),
      loges as (select pensionnaire_id, sum(nuitees)::int as nuits from par_pensionnaire group by pensionnaire_id),
      foyers as (
        select coalesce(p.foyer_id, -p.id) as foyer, count(*)::int as pax, sum(l.nuits)::int as nuits
        from loges l join pensionnaires p on p.id = l.pensionnaire_id group by 1
      ),
      classes(ordre, tranche, min, max) as (values ${classes})
    select
      (select json_build_object('pax', a.pax, 'reservations', a.reservations, 'nuitees', a.nuitees,
          'arrivees', coalesce(m.arrivees, 0), 'departs', coalesce(m.departs, 0),
          'sejours', (select count(*)::int from sejours),
          'dureeMoyenne', (select round(avg(nuits), 1)::text from sejours))
        from activite a left join mouvements m on m.client_id is null and m.etablissement_id is null
        where a.g = 7) as totaux,
      (select json_agg(json_build_object('id', c.id, 'libelle', c.nom, 'pax', a.pax,
          'reservations', a.reservations, 'nuitees', a.nuitees,
          'arrivees', coalesce(m.arrivees, 0), 'departs', coalesce(m.departs, 0)) order by a.nuitees desc, c.nom)
        from activite a join clients c on c.id = a.client_id
        left join mouvements m on m.client_id = a.client_id) as par_client,
      (select json_agg(json_build_object('id', e.id, 'libelle', e.nom || ' (' || e.ville || ')', 'pax', a.pax,
          'reservations', a.reservations, 'nuitees', a.nuitees,
          'arrivees', coalesce(m.arrivees, 0), 'departs', coalesce(m.departs, 0)) order by a.nuitees desc, e.nom)
        from activite a join etablissements e on e.id = a.etablissement_id
        left join mouvements m on m.etablissement_id = a.etablissement_id) as par_etablissement,
      (select json_agg(json_build_object('id', t.id, 'libelle', t.libelle, 'pax', a.pax,
          'reservations', a.reservations, 'nuitees', a.nuitees) order by t.capacite, t.libelle)
        from activite a join types_chambre t on t.id = a.type_chambre_id) as par_type,
      (select json_agg(json_build_object('taille', f.taille, 'foyers', f.foyers, 'pax', f.pax, 'nuitees', f.nuitees))
        from (select least(pax, 6) as taille, count(*)::int as foyers, sum(pax)::int as pax, sum(nuits)::int as nuitees
              from foyers group by 1) f) as par_foyer,
      (select json_agg(json_build_object('tranche', c.tranche, 'sejours', c.sejours, 'nuitees', c.nuitees) order by c.ordre)
        from (select classes.ordre, classes.tranche, count(j.sejour_id)::int as sejours, coalesce(sum(j.nuits), 0)::int as nuitees
              from classes left join sejours j on j.nuits >= classes.min and (classes.max is null or j.nuits <= classes.max)
              group by classes.ordre, classes.tranche) c) as durees`,
  );
  const occupation = await occupationOfPeriod(db, query, periode);
  return {
    periode,
    totaux: {
      ...(row?.totaux ?? { pax: 0, reservations: 0, nuitees: 0, arrivees: 0, departs: 0, sejours: 0 }),
      dureeMoyenne: Number(row?.totaux?.dureeMoyenne ?? 0),
    },
    parClient: row?.par_client ?? [],
    parEtablissement: row?.par_etablissement ?? [],
    parTypeChambre: row?.par_type ?? [],
    parTailleFoyer: TAILLES_FOYER.map((taille): PaxFoyer => {
      const found = row?.par_foyer?.find((f) => f.taille === taille);
      return { taille, libelle: tailleFoyerLibelle(taille), foyers: 0, pax: 0, nuitees: 0, ...found };
    }),
    durees: DUREES.map((d): PaxDuree => {
      const found = row?.durees?.find((c) => c.tranche === d.tranche);
      return {
        tranche: d.tranche,
        libelle: d.libelle,
        sejours: found?.sejours ?? 0,
        nuitees: found?.nuitees ?? 0,
      };
    }),
    occupation: byHotel(occupation),
  };
}

function byHotel(rows: Awaited<ReturnType<typeof occupationOfPeriod>>): StatsPaxAnswer['occupation'] {
  const hotels = new Map<number, { libelle: string; occupees: number; contractees: number }>();
  for (const row of rows) {
    const hotel = hotels.get(row.etablissement_id) ?? { libelle: row.libelle, occupees: 0, contractees: 0 };
    hotel.occupees += row.occupees;
    hotel.contractees += row.contractees;
    hotels.set(row.etablissement_id, hotel);
  }
  return [...hotels]
    .map(([id, h]) => ({
      id,
      libelle: h.libelle,
      chambresOccupees: h.occupees,
      chambresContractees: h.contractees,
      taux: percent(h.occupees, h.contractees),
    }))
    .sort(
      (a, b) => b.chambresContractees - a.chambresContractees || a.libelle.localeCompare(b.libelle, 'fr'),
    );
}
