/**
 * The stays an extension or cancellation request targets, each followed along its chain of extensions (an
 * extension is a new stay: the one to extend again, or to cut, is the chain's last, non-cancelled one).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { BadRequestError } from '../../errors';
import { DEMANDES_MESSAGES, type ReservationStatut } from 'shared/contract';
import { rowsOf } from '../../db/raw';

export interface ChainStay {
  id: number;
  statut: ReservationStatut;
  date_debut: string;
  date_fin: string;
  demande_id: number | null;
  created_at: string;
}

/** The targets of the request, in id order (`only`: a subset, each of which must be a target: 400 otherwise). */
export async function targetIds(tx: Executor, demandeId: number, only?: number[]): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select reservation_id as id from demande_reservations_cibles where demande_id = ${demandeId} order by 1`,
  );
  const all = rows.map((row) => row.id);
  if (only === undefined) return all;
  const outside = only.find((id) => !all.includes(id));
  if (outside !== undefined) throw new BadRequestError(DEMANDES_MESSAGES.notTargeted(outside));
  return only;
}

/** The stay and its later extensions (cancelled ones included), in date order. */
export async function chainFrom(tx: Executor, reservationId: number): Promise<ChainStay[]> {
  return rowsOf<ChainStay>(
    tx,
    sql`with recursive chaine(id) as (
          select ${reservationId}::int
          union all select x.id from reservations x join chaine c on x.prolongation_de_id = c.id)
        select r.id, r.statut, r.date_debut::text as date_debut, r.date_fin::text as date_fin, r.demande_id,
          r.created_at::text as created_at
        from chaine join reservations r on r.id = chaine.id
        order by r.date_debut, r.id`,
  );
}

export const ACTIVE_STATUTS: readonly ReservationStatut[] = ['en_attente', 'confirmee', 'en_cours'];
export const isActive = (stay: ChainStay) => ACTIVE_STATUTS.includes(stay.statut);

/** The last stay of the chain that is not cancelled (the one an extension extends), if any. */
export function lastOf(chain: ChainStay[]): ChainStay | undefined {
  return chain.filter((stay) => stay.statut !== 'annulee').at(-1);
}
