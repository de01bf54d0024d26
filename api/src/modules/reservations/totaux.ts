/**
 * Totals of a set of nights (docs/domain.md "Computations"), in SQL numeric: line HT = night price + Σ meal
 * count × meal price; VAT per document: bases summed per rate (nights at taux_tva_nuitee, meals at
 * taux_tva_repas), TVA(rate) = round(base × rate / 100, 2), tva = Σ, ttc = ht + tva. Cancelled nights count
 * nowhere except in `nuitees_annulees`. Grouped by any key (one stay, one parent, one resident of a parent).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReservationTotaux } from 'shared/contract';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';

const money = (expression: string) => `coalesce(${expression}, 0)::numeric(14, 2)::text`;

/** One row per group `g` of the nights `n` (alias of nuitees) matching `where`. */
export function totauxQuery(groupKey: SQL, where: SQL): SQL {
  return sql`with n as (select ${groupKey} as g, n.* from nuitees n where ${where}),
    bases as (
      select g, 'v' as k, taux_tva_nuitee as rate, prix_vente_ht as base from n where not annulee
      union all
      select g, 'v', taux_tva_repas, petit_dejeuner * prix_petit_dejeuner_ht + dejeuner * prix_dejeuner_ht
        + diner * prix_diner_ht from n where not annulee
      union all
      select g, 'a', taux_tva_nuitee, prix_achat_ht from n where not annulee
      union all
      select g, 'a', taux_tva_repas, petit_dejeuner * prix_achat_petit_dejeuner_ht
        + dejeuner * prix_achat_dejeuner_ht + diner * prix_achat_diner_ht from n where not annulee
    ),
    per_rate as (
      select g, k, sum(base) as base, round(sum(base) * rate / 100, 2) as tva from bases group by g, k, rate
    ),
    amounts as (
      select g,
        sum(base) filter (where k = 'v') as vente_ht, sum(tva) filter (where k = 'v') as vente_tva,
        sum(base) filter (where k = 'a') as achat_ht, sum(tva) filter (where k = 'a') as achat_tva
      from per_rate group by g
    ),
    counts as (
      select g,
        count(*) filter (where not annulee)::int as nuitees,
        count(*) filter (where annulee)::int as nuitees_annulees,
        sum(montant_paf) filter (where not annulee) as montant_paf,
        sum(montant_caf) filter (where not annulee) as montant_caf,
        coalesce(sum(petit_dejeuner) filter (where not annulee), 0)::int as petit_dejeuner,
        coalesce(sum(dejeuner) filter (where not annulee), 0)::int as dejeuner,
        coalesce(sum(diner) filter (where not annulee), 0)::int as diner
      from n group by g
    )
    select counts.g, counts.nuitees, counts.nuitees_annulees,
      ${sql.raw(money('a.vente_ht'))} as vente_ht, ${sql.raw(money('a.vente_tva'))} as vente_tva,
      ${sql.raw(money('a.vente_ht + a.vente_tva'))} as vente_ttc,
      ${sql.raw(money('a.achat_ht'))} as achat_ht, ${sql.raw(money('a.achat_tva'))} as achat_tva,
      ${sql.raw(money('a.achat_ht + a.achat_tva'))} as achat_ttc,
      ${sql.raw(money('a.vente_ht - a.achat_ht'))} as marge_ht,
      ${sql.raw(money('counts.montant_paf'))} as montant_paf, ${sql.raw(money('counts.montant_caf'))} as montant_caf,
      counts.petit_dejeuner, counts.dejeuner, counts.diner
    from counts left join amounts a on a.g = counts.g`;
}

interface TotauxRow {
  g: unknown;
  nuitees: number;
  nuitees_annulees: number;
  vente_ht: string;
  vente_tva: string;
  vente_ttc: string;
  achat_ht: string;
  achat_tva: string;
  achat_ttc: string;
  marge_ht: string;
  montant_paf: string;
  montant_caf: string;
  petit_dejeuner: number;
  dejeuner: number;
  diner: number;
}

export const EMPTY_TOTAUX: ReservationTotaux = {
  nuitees: 0,
  nuitees_annulees: 0,
  vente: { ht: '0.00', tva: '0.00', ttc: '0.00' },
  achat: { ht: '0.00', tva: '0.00', ttc: '0.00' },
  marge_ht: '0.00',
  montant_paf: '0.00',
  montant_caf: '0.00',
  petit_dejeuner: 0,
  dejeuner: 0,
  diner: 0,
};

function toTotaux(row: TotauxRow): ReservationTotaux {
  return {
    nuitees: row.nuitees,
    nuitees_annulees: row.nuitees_annulees,
    vente: { ht: row.vente_ht, tva: row.vente_tva, ttc: row.vente_ttc },
    achat: { ht: row.achat_ht, tva: row.achat_tva, ttc: row.achat_ttc },
    marge_ht: row.marge_ht,
    montant_paf: row.montant_paf,
    montant_caf: row.montant_caf,
    petit_dejeuner: row.petit_dejeuner,
    dejeuner: row.dejeuner,
    diner: row.diner,
  };
}

/** Totals per group key (stringified), groups without nights absent. */
export async function totauxBy(
  db: Executor,
  groupKey: SQL,
  where: SQL,
): Promise<Map<string, ReservationTotaux>> {
  const rows = await rowsOf<TotauxRow>(db, totauxQuery(groupKey, where));
  return new Map(rows.map((row) => [String(row.g), toTotaux(row)]));
}

/** Totals of every night matching `where` (one group). */
export async function totauxOf(db: Executor, where: SQL): Promise<ReservationTotaux> {
  const totals = await totauxBy(db, sql`0`, where);
  return totals.get('0') ?? EMPTY_TOTAUX;
}
