/**
 * `par_chambre` shares kept true when a room's occupants change (docs/domain.md "Prices of a night"): a room-night
 * costs the tariff line's price whoever sleeps in it, so when a room-mate cancels, leaves early, joins later or
 * moves to another room, the shares of the other occupants of that room are recomputed — for nights from today on
 * only (past nights are frozen). The price split is the one insertNights makes: per parent, room type, room number
 * and night, groups of `capacite` in reservation id order, remainder cents on the lowest id. The tariff line a
 * night points to cannot change once used (contracts refuse it), so the room price read from it is the snapshot.
 */
import { sql } from 'drizzle-orm';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { TODAY } from '../../../db/today';

/** The SQL share of `price` for the `idx`-th of `size` occupants (par_chambre), or `price` (par_personne). */
export const roomShare = (price: string, mode: string) =>
  sql.raw(`case when ${mode} = 'par_chambre'
    then trunc(${price} / size, 2) + case when idx = 0 then ${price} - trunc(${price} / size, 2) * size else 0 end
    else ${price} end`);

/**
 * Re-splits the future non-cancelled per-room nights of one parent and records, on each stay whose nights changed
 * price, a `repartition_chambre` audit entry (how many nights, from which night). Returns the stays concerned.
 * `from` (a day before today): « Rétablir » brings back nights of yesterday that its cancellation had re-split.
 */
export async function resplitRoomShares(
  tx: Executor,
  actor: Actor,
  parentId: number,
  from?: string,
): Promise<number[]> {
  const changed = await rowsOf<{ reservation_id: number; nuitees: number; a_partir_du: string }>(
    tx,
    sql`with base as (
      select n.id, t.capacite, te.prix_nuitee_ht as achat, tc.prix_nuitee_ht as vente,
        ce.mode_tarification as mode_achat, cc.mode_tarification as mode_vente,
        row_number() over (w order by r.id) - 1 as rn, count(*) over w as n
      from nuitees n
      join reservations r on r.id = n.reservation_id
      join types_chambre t on t.id = n.type_chambre_id
      join contrats_etablissement ce on ce.id = r.contrat_etablissement_id
      join contrats_clients cc on cc.id = r.contrat_client_id
      join contrat_etablissement_tarifs te on te.id = n.contrat_etablissement_tarif_id
      join contrat_client_tarifs tc on tc.id = n.contrat_client_tarif_id
      where r.id_reservation_mere = ${parentId} and not n.annulee
        and n.date_nuit >= ${from === undefined ? TODAY : sql`${from}::date`}
        and 'par_chambre' in (ce.mode_tarification, cc.mode_tarification)
      window w as (partition by r.id_reservation_mere, n.type_chambre_id, r.chambre, n.date_nuit)
    ), shares as (
      select *, least(capacite, n - (rn / capacite) * capacite) as size, rn % capacite as idx from base
    ), priced as (
      select id, ${roomShare('achat', 'mode_achat')} as achat, ${roomShare('vente', 'mode_vente')} as vente
      from shares
    ), updated as (
      update nuitees set prix_achat_ht = priced.achat, prix_vente_ht = priced.vente, updated_at = now()
      from priced
      where nuitees.id = priced.id
        and (nuitees.prix_achat_ht <> priced.achat or nuitees.prix_vente_ht <> priced.vente)
      returning nuitees.reservation_id, nuitees.date_nuit
    )
    select reservation_id, count(*)::int as nuitees, min(date_nuit)::text as a_partir_du
    from updated group by reservation_id order by reservation_id`,
  );
  for (const row of changed)
    await recordAudit(tx, {
      entity: 'reservation',
      entityId: row.reservation_id,
      action: 'repartition_chambre',
      after: { nuitees_recalculees: row.nuitees, a_partir_du: row.a_partir_du },
      actor,
    });
  return changed.map((row) => row.reservation_id);
}
