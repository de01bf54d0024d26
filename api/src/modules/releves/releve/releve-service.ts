/**
 * The hotel statement of a month (relevé établissement, issue 39 §2): what the booking centre owes a hotel, from the
 * PURCHASE prices of its non-cancelled nights of the month (a cancelled stay's kept nights are billed, a cancelled
 * night never). Lines as on a client invoice: room type (or meal) × unit price × VAT rate, quantity = nights (or
 * meals); VAT summed per rate over the document and rounded per rate; TTC = HT + TVA; the annex lists each stay.
 * All in SQL numeric: the totals equal the rooming-etab totals of the same hotel and month (releve.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  PRESTATION_LABELS,
  RELEVES_MESSAGES,
  type Prestation,
  type ReleveEtablissement,
  type RelevePage,
  type ReleveQuery,
  type ReleveResume,
  type ReleveLigne,
  type ReleveSejour,
  type ReleveTva,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { oneOf } from '../../../db/raw';
import { NotFoundError } from '../../../errors';
import { monthPeriod } from '../periode';

/**
 * The CTEs `nights` (the period's billable nights of one hotel, or of every hotel) and `items` (one row per night and
 * per meal kind served, at its purchase price and VAT rate).
 */
export function purchaseItems(etablissementId: number | undefined, debut: string, fin: string): SQL {
  const hotel = etablissementId === undefined ? sql`` : sql`n.etablissement_id = ${etablissementId} and`;
  return sql`nights as materialized (
      select n.id as nuitee_id, n.etablissement_id, n.reservation_id, n.date_nuit, n.type_chambre_id, n.prix_achat_ht,
        n.taux_tva_nuitee, n.taux_tva_repas, n.petit_dejeuner, n.prix_achat_petit_dejeuner_ht,
        n.dejeuner, n.prix_achat_dejeuner_ht, n.diner, n.prix_achat_diner_ht
      from nuitees n
      where ${hotel} not n.annulee
        and n.date_nuit >= ${debut}::date and n.date_nuit < ${fin}::date),
    items as materialized (
      select nuitee_id, etablissement_id, reservation_id, date_nuit, type_chambre_id, 'nuitee' as prestation,
        1 as quantite, prix_achat_ht as prix, taux_tva_nuitee as taux from nights
      union all select nuitee_id, etablissement_id, reservation_id, date_nuit, null, 'petit_dejeuner',
        petit_dejeuner, prix_achat_petit_dejeuner_ht, taux_tva_repas from nights where petit_dejeuner > 0
      union all select nuitee_id, etablissement_id, reservation_id, date_nuit, null, 'dejeuner', dejeuner,
        prix_achat_dejeuner_ht, taux_tva_repas from nights where dejeuner > 0
      union all select nuitee_id, etablissement_id, reservation_id, date_nuit, null, 'diner', diner,
        prix_achat_diner_ht, taux_tva_repas from nights where diner > 0)`;
}

const PRESTATION_ORDER = sql`case l.prestation when 'nuitee' then 0 when 'petit_dejeuner' then 1
  when 'dejeuner' then 2 else 3 end`;

interface ReleveJson {
  nom: string;
  lignes: (Omit<ReleveLigne, 'numero' | 'libelle'> & { prestation: Prestation })[];
  tva: ReleveTva[];
  nuitees: number;
  total_ht: string;
  total_tva: string;
  total_ttc: string;
  annexe: ReleveSejour[];
}

const money = (expression: SQL) => sql`coalesce(${expression}, 0)::numeric(14, 2)::text`;

/** The statement of a hotel and a month ('YYYY-MM'); 404 for an unknown hotel. One statement. */
export async function releveEtablissement(
  db: Executor,
  etablissementId: number,
  mois: string,
): Promise<ReleveEtablissement> {
  const { debut, fin } = monthPeriod(mois);
  const row = await oneOf<ReleveJson>(
    db,
    sql`with ${purchaseItems(etablissementId, debut, fin)},
      lignes as (
        select i.prestation, tc.libelle as type_chambre, i.prix, i.taux, sum(i.quantite)::int as quantite,
          sum(i.quantite * i.prix) as montant
        from items i left join types_chambre tc on tc.id = i.type_chambre_id
        group by i.prestation, tc.libelle, i.prix, i.taux),
      rates as (select taux, sum(montant) as base, round(sum(montant) * taux / 100, 2) as tva
        from lignes group by taux)
      select e.nom,
        (select coalesce(json_agg(json_build_object('prestation', l.prestation, 'typeChambre', l.type_chambre,
            'quantite', l.quantite, 'prixUnitaireHt', l.prix::numeric(14, 2)::text,
            'tauxTva', l.taux::numeric(5, 2)::text, 'montantHt', l.montant::numeric(14, 2)::text)
          order by ${PRESTATION_ORDER}, l.type_chambre, l.prix, l.taux), '[]'::json) from lignes l) as lignes,
        (select coalesce(json_agg(json_build_object('tauxTva', r.taux::numeric(5, 2)::text,
            'baseHt', r.base::numeric(14, 2)::text, 'montantTva', r.tva::numeric(14, 2)::text)
          order by r.taux), '[]'::json) from rates r) as tva,
        (select count(*)::int from nights) as nuitees,
        (select ${money(sql`sum(montant)`)} from lignes) as total_ht,
        (select ${money(sql`sum(tva)`)} from rates) as total_tva,
        ${money(sql`(select coalesce(sum(montant), 0) from lignes) + (select coalesce(sum(tva), 0) from rates)`)}
          as total_ttc,
        (select coalesce(json_agg(s order by s.nom, s.prenom, s."reservationId"), '[]'::json) from (
          select r.id as "reservationId", p.nom || ' ' || p.prenom as pensionnaire, p.nom, p.prenom,
            tc.libelle as "typeChambre", min(i.date_nuit)::text as "dateDebut",
            (max(i.date_nuit) + 1)::text as "dateFin",
            count(*) filter (where i.prestation = 'nuitee')::int as nuits,
            sum(i.quantite * i.prix)::numeric(14, 2)::text as "montantHt"
          from items i join reservations r on r.id = i.reservation_id
            join pensionnaires p on p.id = r.pensionnaire_id join types_chambre tc on tc.id = r.type_chambre_id
          group by r.id, p.nom, p.prenom, tc.libelle) s) as annexe
      from etablissements e where e.id = ${etablissementId}`,
  );
  if (row === undefined) throw new NotFoundError(RELEVES_MESSAGES.etablissementInconnu(etablissementId));
  return {
    etablissement: { id: etablissementId, nom: row.nom },
    mois,
    periode: { debut, fin },
    lignes: row.lignes.map((ligne, index) => ({
      numero: index + 1,
      libelle:
        ligne.prestation === 'nuitee'
          ? `${PRESTATION_LABELS.nuitee} ${ligne.typeChambre ?? ''}`.trim()
          : PRESTATION_LABELS[ligne.prestation],
      ...ligne,
    })),
    tva: row.tva,
    totaux: {
      nuitees: row.nuitees,
      totalHt: row.total_ht,
      totalTva: row.total_tva,
      totalTtc: row.total_ttc,
    },
    annexe: row.annexe.map(
      ({ reservationId, pensionnaire, typeChambre, dateDebut, dateFin, nuits, montantHt }) => ({
        reservationId,
        pensionnaire,
        typeChambre,
        dateDebut,
        dateFin,
        nuits,
        montantHt,
      }),
    ),
  };
}

/**
 * The statements of a month, one per hotel with billable nights (by name): nights, HT, VAT rounded per rate and per
 * hotel, TTC, and the hotel's invoices whose period has a night in the month with their least advanced state. One
 * statement: the page, the count.
 */
export async function listReleves(db: Executor, query: ReleveQuery): Promise<RelevePage> {
  const { debut, fin } = monthPeriod(query.mois);
  const row = await oneOf<RelevePage>(
    db,
    sql`with ${purchaseItems(query.etablissementId, debut, fin)},
      per_rate as (select etablissement_id, taux, sum(quantite * prix) as base from items group by 1, 2),
      hotels as (select etablissement_id, sum(base) as ht, sum(round(base * taux / 100, 2)) as tva
        from per_rate group by 1),
      counts as (select etablissement_id, count(*)::int as nuitees from nights group by 1),
      listed as (
        select h.etablissement_id as "etablissementId", e.nom as "etablissementNom", c.nuitees,
          h.ht::numeric(14, 2)::text as "totalHt", h.tva::numeric(14, 2)::text as "totalTva",
          (h.ht + h.tva)::numeric(14, 2)::text as "totalTtc", coalesce(f.factures, 0) as factures,
          f.etat as "etatFactures", e.nom as nom
        from hotels h join etablissements e on e.id = h.etablissement_id
          join counts c on c.etablissement_id = h.etablissement_id
          left join lateral (
            select count(*)::int as factures,
              case when bool_or(x.etat = 'ecart') then 'ecart' when bool_or(x.etat = 'a_rapprocher') then 'a_rapprocher'
                else 'rapprochee' end as etat
            from factures_etablissements x where x.etablissement_id = h.etablissement_id
              and x.periode_debut < ${fin}::date and x.periode_fin > ${debut}::date
            having count(*) > 0) f on true)
      select (select count(*)::int from listed) as total,
        (select coalesce(json_agg(p order by p.nom, p."etablissementId"), '[]'::json) from (
          select * from listed order by nom, "etablissementId"
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) p) as data`,
  );
  return {
    total: row?.total ?? 0,
    data: (row?.data ?? []).map(({ nom: _nom, ...item }: ReleveResume & { nom?: string }) => item),
  };
}
