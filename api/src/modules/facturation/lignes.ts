/**
 * The lines, VAT and annex of an invoice or credit note, computed in SQL (numeric, never floating point) from the
 * nights it bills (`facture_nuitees`, with the prices each night was billed at). Lines group hotel × room type ×
 * unit price × VAT rate (quantity = nights); meals are lines of their own (hotel × meal × price × rate). VAT is summed
 * per rate and rounded per rate on the document's total (DOMAIN.md), as the rooming and the stats compute it.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  LIGNE_NATURE_LABELS,
  type FactureAnnexeSejour,
  type FactureLigne,
  type LigneNature,
} from 'shared/contract';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';

export type ComputedLigne = Omit<FactureLigne, 'numero'>;

const natureLabel = (nature: LigneNature) => sql`${LIGNE_NATURE_LABELS[nature]}::text`;

/**
 * The lines of the nights `source` selects (a condition on `fn`, a facture_nuitees row), in the document's order:
 * by hotel, nights before meals, room type, price, rate. Meals priced 0 are left out (they bill nothing).
 */
export function computeLignes(db: Executor, source: SQL): Promise<ComputedLigne[]> {
  const meal = (nature: 'petit_dejeuner' | 'dejeuner' | 'diner', order: number) =>
    sql`select ${nature}::text, ${order}, fn.etablissement_id, null::int, fn.${sql.raw(`prix_${nature}_ht`)},
      fn.taux_tva_repas, fn.${sql.raw(nature)}::int
      from facture_nuitees fn where ${source} and fn.${sql.raw(nature)} > 0 and fn.${sql.raw(`prix_${nature}_ht`)} > 0`;
  return rowsOf<ComputedLigne>(
    db,
    sql`with parts (nature, rang, etablissement_id, type_chambre_id, prix, taux, quantite) as (
        select 'nuitee'::text, 0, fn.etablissement_id, fn.type_chambre_id, fn.prix_vente_ht, fn.taux_tva_nuitee, 1
          from facture_nuitees fn where ${source}
        union all ${meal('petit_dejeuner', 1)}
        union all ${meal('dejeuner', 2)}
        union all ${meal('diner', 3)}),
      g as (select nature, rang, etablissement_id, type_chambre_id, prix, taux, sum(quantite)::int as quantite
        from parts group by 1, 2, 3, 4, 5, 6)
      select g.nature, case g.nature when 'nuitee' then e.nom || ' — ' || tc.libelle || ' — ' || ${natureLabel('nuitee')}
          when 'petit_dejeuner' then ${natureLabel('petit_dejeuner')} || ' — ' || e.nom
          when 'dejeuner' then ${natureLabel('dejeuner')} || ' — ' || e.nom
          else ${natureLabel('diner')} || ' — ' || e.nom end as libelle,
        g.etablissement_id as "etablissementId", g.type_chambre_id as "typeChambreId", g.quantite,
        g.prix::text as "prixUnitaireHt", (g.quantite * g.prix)::numeric(12, 2)::text as "montantHt",
        g.taux::text as "tauxTva"
      from g join etablissements e on e.id = g.etablissement_id
      left join types_chambre tc on tc.id = g.type_chambre_id
      order by e.nom, e.id, g.rang, tc.libelle nulls first, g.type_chambre_id, g.prix, g.taux`,
  );
}

export interface Totaux {
  totalHt: string;
  totalTva: string;
  totalTtc: string;
  tva: { tauxTva: string; baseHt: string; montantTva: string }[];
}

/** The document's totals from its lines: HT summed, VAT per rate rounded on the rate's base, TTC = HT + TVA. */
export async function computeTotaux(db: Executor, lignes: ComputedLigne[]): Promise<Totaux> {
  const [row] = await rowsOf<Totaux>(
    db,
    sql`with l as (select (x->>'montantHt')::numeric as montant, (x->>'tauxTva')::numeric as taux
          from jsonb_array_elements(${JSON.stringify(lignes)}::jsonb) x),
        r as (select taux, sum(montant) as base, round(sum(montant) * taux / 100, 2) as tva from l group by taux)
      select coalesce((select jsonb_agg(jsonb_build_object('tauxTva', taux::numeric(5, 2)::text,
          'baseHt', base::numeric(12, 2)::text, 'montantTva', tva::numeric(12, 2)::text) order by taux) from r),
          '[]'::jsonb) as tva,
        coalesce((select sum(base) from r), 0)::numeric(12, 2)::text as "totalHt",
        coalesce((select sum(tva) from r), 0)::numeric(12, 2)::text as "totalTva",
        (coalesce((select sum(base) from r), 0) + coalesce((select sum(tva) from r), 0))::numeric(12, 2)::text
          as "totalTtc"`,
  );
  if (row === undefined) throw new Error('totaux: no row');
  return row;
}

/** The annex: one row per stay of the nights `source` selects (resident, hotel, first night and departure, amount). */
export function computeAnnexe(db: Executor, source: SQL): Promise<FactureAnnexeSejour[]> {
  return rowsOf<FactureAnnexeSejour>(
    db,
    sql`select fn.reservation_id as "reservationId", p.nom || ' ' || p.prenom as pensionnaire,
        e.nom as etablissement, min(fn.date_nuit)::text as "dateDebut", (max(fn.date_nuit) + 1)::text as "dateFin",
        count(*)::int as nuits, sum(fn.montant_ht)::numeric(12, 2)::text as "montantHt"
      from facture_nuitees fn
      join reservations r on r.id = fn.reservation_id
      join pensionnaires p on p.id = r.pensionnaire_id
      join etablissements e on e.id = fn.etablissement_id
      where ${source}
      group by fn.reservation_id, p.nom, p.prenom, e.nom
      order by p.nom, p.prenom, min(fn.date_nuit), fn.reservation_id`,
  );
}

/** Writes the lines of document `factureId`, numbered 1, 2, 3… in their order. */
export async function insertLignes(db: Executor, factureId: number, lignes: ComputedLigne[]): Promise<void> {
  if (lignes.length === 0) return;
  await db.execute(
    sql`insert into facture_lignes (facture_id, numero, nature, libelle, etablissement_id, type_chambre_id, quantite,
        prix_unitaire_ht, montant_ht, taux_tva)
      select ${factureId}, x.n, x.l->>'nature', x.l->>'libelle', (x.l->>'etablissementId')::int,
        (x.l->>'typeChambreId')::int, (x.l->>'quantite')::int, (x.l->>'prixUnitaireHt')::numeric,
        (x.l->>'montantHt')::numeric, (x.l->>'tauxTva')::numeric
      from jsonb_array_elements(${JSON.stringify(lignes)}::jsonb) with ordinality x(l, n)`,
  );
}
