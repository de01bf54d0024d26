/**
 * The table `liberations` (migration 0030): what each cancellation, early departure or no-show did to one stay —
 * its status and departure before, the nights it cancelled, the request it treated — written by the action in its
 * transaction, read by « Rétablir » to undo exactly that (docs/domain.md « Restoring a stay »). The rows of one
 * action share `acte` (the transaction's id): a stay and its later extensions cancelled with it.
 */
import { sql } from 'drizzle-orm';
import type { ReservationStatut, TypeLiberation } from 'shared/contract';
import type { Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { rowsOf } from '../../../db/raw';
import { parisDayOf } from '../../../db/today';
import { createdByOf } from '../stay-repository';

/** Where an action on stays comes from, beyond its own call: a no-show, a cancellation request. */
export interface LiberationOrigin {
  /** A cancellation made by the pointage of a no-show is kept as such. */
  type?: Extract<TypeLiberation, 'annulation' | 'no_show'>;
  /** The cancellation request the action treats. */
  demandeId?: number;
}

export interface LiberationInput {
  reservationId: number;
  type: TypeLiberation;
  motif: string | null;
  statutAvant: ReservationStatut;
  dateFinAvant: string;
  nuits: string[];
  demandeId: number | null;
}

const dateArray = (days: string[]) => `{${days.join(',')}}`;

export async function recordLiberation(tx: Executor, actor: Actor, input: LiberationInput): Promise<void> {
  await tx.execute(sql`insert into liberations
      (reservation_id, type, motif, statut_avant, date_fin_avant, nuits, demande_id, created_by)
    values (${input.reservationId}, ${input.type}, ${input.motif}, ${input.statutAvant}, ${input.dateFinAvant}::date,
      ${dateArray(input.nuits)}::date[], ${input.demandeId}, ${createdByOf(actor)})`);
}

/** A liberation not undone yet, with the facts « Rétablir » decides on. */
export interface LiberationRow {
  id: number;
  reservation_id: number;
  type: TypeLiberation;
  motif: string | null;
  statut_avant: ReservationStatut;
  date_fin_avant: string;
  /** In order. */
  nuits: string[];
  demande_id: number | null;
  acte: string;
  /** When it was done (ISO) and its Paris day. */
  le: string;
  jour: string;
  /** The stay now. */
  statut: ReservationStatut;
  date_fin: string;
  prolongee_par_id: number | null;
  /** The stay this one extends, when that one was released by the same action (restore that one instead). */
  avec_reservation_id: number | null;
  /** The stay this one extends, and the live extension it has since (another stay), if any. */
  prolonge_id: number | null;
  prolonge_depuis_par_id: number | null;
}

const liberationSelect = sql`l.id, l.reservation_id, l.type, l.motif, l.statut_avant,
  l.date_fin_avant::text as date_fin_avant,
  array(select d::text from unnest(l.nuits) d order by d) as nuits,
  l.demande_id, l.acte::text as acte, ${isoTimestamp(sql`l.created_at`)} as le,
  ${parisDayOf(sql`l.created_at`)}::text as jour,
  r.statut, r.date_fin::text as date_fin, r.prolongee_par_id,
  (select p.reservation_id from liberations p
    where p.acte = l.acte and p.reservation_id = r.prolongation_de_id and p.retablie_at is null) as avec_reservation_id,
  r.prolongation_de_id as prolonge_id,
  (select x.prolongee_par_id from reservations x where x.id = r.prolongation_de_id) as prolonge_depuis_par_id`;

/**
 * The last liberation not undone of each stay of `ids` (undoing goes backwards: an early departure then a
 * cancellation of the same stay are undone cancellation first).
 */
export function latestLiberations(db: Executor, ids: number[]): Promise<LiberationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<LiberationRow>(
    db,
    sql`select distinct on (l.reservation_id) ${liberationSelect}
      from liberations l join reservations r on r.id = l.reservation_id
      where l.reservation_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and l.retablie_at is null
      order by l.reservation_id, l.id desc`,
  );
}

/**
 * The liberations one « Rétablir » undoes from `head`: head's, then those of the same action on the stays that
 * extend its stay (its chain after it), in the chain's order.
 */
export function actFrom(db: Executor, head: LiberationRow): Promise<LiberationRow[]> {
  return rowsOf<LiberationRow>(
    db,
    sql`with recursive chain(id, n) as (
          select ${head.reservation_id}::int, 0
          union all select x.id, c.n + 1 from reservations x join chain c on x.prolongation_de_id = c.id)
      select ${liberationSelect}
      from chain c join liberations l on l.reservation_id = c.id
      join reservations r on r.id = l.reservation_id
      where l.acte = ${head.acte}::bigint and l.retablie_at is null
      order by c.n, l.id`,
  );
}

/** Marks the liberations undone (in the restoring transaction). */
export async function markRestored(tx: Executor, actor: Actor, ids: number[]): Promise<void> {
  await tx.execute(sql`update liberations set retablie_at = now(), retablie_by = ${createdByOf(actor)}
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}
