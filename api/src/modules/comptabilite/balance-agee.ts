/**
 * The aged balance (balance âgée clients, docs/invoicing.md « Aged balance »): what each client owes at a date, by
 * days past the due date. Everything is as it stood that day: invoices issued on or before it, their credit notes
 * issued on or before it, their payments dated on or before it (cancelled payments never count: a cancellation
 * corrects a wrong entry). Summed in SQL, in numeric.
 */
import { sql } from 'drizzle-orm';
import type { BalanceAgee, BalanceAgeeLigne, BalanceAgeeMontants } from 'shared/contract';
import type { Executor } from '../../db/client';
import { oneOf } from '../../db/raw';
import { todayOf } from '../../db/today';

const money = (expression: string) => `coalesce(${expression}, 0)::numeric(12, 2)::text`;

/** The buckets summed over rows of `aged` (reste, retard), as JSON fields. */
const BUCKETS = `
  ${money('sum(reste) filter (where reste > 0 and retard <= 0)')} as "nonEchu",
  ${money('sum(reste) filter (where reste > 0 and retard between 1 and 30)')} as "j0a30",
  ${money('sum(reste) filter (where reste > 0 and retard between 31 and 60)')} as "j31a60",
  ${money('sum(reste) filter (where reste > 0 and retard between 61 and 90)')} as "j61a90",
  ${money('sum(reste) filter (where reste > 0 and retard > 90)')} as "plusDe90",
  ${money('sum(reste) filter (where reste < 0)')} as "nonImpute",
  ${money('sum(reste)')} as total`;

export async function computeBalance(db: Executor, date?: string): Promise<BalanceAgee> {
  const day = date ?? (await todayOf(db));
  const row = await oneOf<{ lignes: BalanceAgeeLigne[] | null; totaux: BalanceAgeeMontants }>(
    db,
    sql`with reste as (
        select f.client_id, f.date_echeance,
          f.total_ttc
            - coalesce((select sum(a.total_ttc) from factures a
                where a.facture_origine_id = f.id and a.date_emission <= ${day}::date), 0)
            - coalesce((select sum(p.montant) from paiements p
                where p.facture_id = f.id and p.annule_at is null and p.date_paiement <= ${day}::date), 0) as reste
        from factures f
        where f.type = 'facture' and f.statut <> 'brouillon' and f.date_emission <= ${day}::date
      ), aged as (
        select client_id, reste, ${day}::date - date_echeance as retard from reste where reste <> 0
      ), clients_balance as (
        select a.client_id as "clientId", c.nom as "clientNom", count(*)::int as factures, ${sql.raw(BUCKETS)}
        from aged a join clients c on c.id = a.client_id
        group by a.client_id, c.nom
      )
      select (select json_agg(b order by b."clientNom", b."clientId") from clients_balance b) as lignes,
        (select json_build_object('nonEchu', "nonEchu", 'j0a30', "j0a30", 'j31a60', "j31a60", 'j61a90', "j61a90",
          'plusDe90', "plusDe90", 'nonImpute', "nonImpute", 'total', total)
         from (select ${sql.raw(BUCKETS)} from aged) t) as totaux`,
  );
  if (row === undefined) throw new Error('balance: no row');
  return { date: day, lignes: row.lignes ?? [], totaux: row.totaux };
}
