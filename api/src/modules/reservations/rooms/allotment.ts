/**
 * Allotment counters (occupations_allotement, docs/domain.md "Integrity rules"): rooms taken per purchase tariff
 * line and night = Σ over parents and room numbers of ceil(non-cancelled nights of the parent with that room number
 * on that line and night / capacite) — the same rooms as the price split (room-shares.ts): residents given
 * different room numbers are in different rooms.
 * A write computes its parent's rooms before and after the change (the parent is locked, see lockParent) and
 * upserts the difference, in (tarif, night) order so concurrent writers lock rows in the same order. An increase
 * is applied only while it stays within the allotment (`on conflict … do update … where`); a row left out means
 * the last room went to another booking meanwhile: 409 naming the night. The CHECK remains the final guard.
 */
import { RESERVATION_WRITE_MESSAGES } from 'shared/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { oneOf, rowsOf } from '../../../db/raw';
import { ConflictError, pgErrorInfo } from '../../../errors';

/** Rooms per `tarifId|date` for one parent. */
export type RoomCounts = Map<string, number>;

export async function roomsOfParent(tx: Executor, parentId: number): Promise<RoomCounts> {
  const rows = await rowsOf<{ tarif_id: number; date_nuit: string; rooms: number }>(
    tx,
    sql`select tarif_id, date_nuit::text as date_nuit, sum(rooms)::int as rooms from (
          select n.contrat_etablissement_tarif_id as tarif_id, n.date_nuit,
            ceil(count(*)::numeric / t.capacite) as rooms
          from nuitees n
          join reservations r on r.id = n.reservation_id
          join types_chambre t on t.id = n.type_chambre_id
          where r.id_reservation_mere = ${parentId} and not n.annulee and n.contrat_etablissement_tarif_id is not null
          group by n.contrat_etablissement_tarif_id, n.date_nuit, r.chambre, t.capacite) per_room_number
        group by tarif_id, date_nuit`,
  );
  return new Map(rows.map((row) => [`${row.tarif_id}|${row.date_nuit}`, Number(row.rooms)]));
}

interface Delta {
  tarifId: number;
  date: string;
  delta: number;
}

function diff(before: RoomCounts, after: RoomCounts): Delta[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const deltas: Delta[] = [];
  for (const key of keys) {
    const delta = (after.get(key) ?? 0) - (before.get(key) ?? 0);
    if (delta === 0) continue;
    const [tarif = '0', date = ''] = key.split('|');
    deltas.push({ tarifId: Number(tarif), date, delta });
  }
  return deltas.sort((a, b) => a.tarifId - b.tarifId || a.date.localeCompare(b.date));
}

const pgArray = (values: (string | number)[]) => `{${values.join(',')}}`;

/** Applies the parent's room changes to the counters; 409 "Plus de chambre disponible … le DD/MM/YYYY". */
export async function applyRoomChanges(tx: Executor, before: RoomCounts, after: RoomCounts): Promise<void> {
  const deltas = diff(before, after);
  if (deltas.length === 0) return;
  const arrays = sql`unnest(${pgArray(deltas.map((d) => d.tarifId))}::int[],
    ${pgArray(deltas.map((d) => d.date))}::date[], ${pgArray(deltas.map((d) => d.delta))}::int[])
    as d(tarif_id, date_nuit, delta)`;

  // Named answer in the ordinary case: the first night whose increase does not fit.
  const full = await oneOf<{ date_nuit: string; libelle: string }>(
    tx,
    sql`select d.date_nuit::text as date_nuit, t.libelle
        from ${arrays}
        join contrat_etablissement_tarifs te on te.id = d.tarif_id
        join types_chambre t on t.id = te.type_chambre_id
        left join occupations_allotement o on o.tarif_id = d.tarif_id and o.date_nuit = d.date_nuit
        where d.delta > 0 and te.allotement is not null
          and coalesce(o.chambres_occupees, 0) + d.delta > te.allotement
        order by d.date_nuit limit 1`,
  );
  if (full !== undefined)
    throw new ConflictError(RESERVATION_WRITE_MESSAGES.noRoom(full.libelle, full.date_nuit));

  // Releases first (an update: an insert's proposed row would fail the >= 0 CHECK before its conflict path).
  await tx.execute(sql`update occupations_allotement o
      set chambres_occupees = o.chambres_occupees + d.delta, updated_at = now()
      from ${arrays} where d.delta < 0 and o.tarif_id = d.tarif_id and o.date_nuit = d.date_nuit`);
  const taken = deltas.filter((d) => d.delta > 0);
  if (taken.length === 0) return;
  const increases = sql`unnest(${pgArray(taken.map((d) => d.tarifId))}::int[],
    ${pgArray(taken.map((d) => d.date))}::date[], ${pgArray(taken.map((d) => d.delta))}::int[])
    as d(tarif_id, date_nuit, delta)`;
  let applied: { tarif_id: number; date_nuit: string }[];
  try {
    applied = await rowsOf(
      tx,
      sql`insert into occupations_allotement (tarif_id, date_nuit, chambres_occupees)
          select d.tarif_id, d.date_nuit, d.delta from ${increases} order by d.tarif_id, d.date_nuit
          on conflict (tarif_id, date_nuit) do update
            set chambres_occupees = occupations_allotement.chambres_occupees + excluded.chambres_occupees
            where occupations_allotement.allotement is null
              or occupations_allotement.chambres_occupees + excluded.chambres_occupees
                 <= occupations_allotement.allotement
          returning tarif_id, date_nuit::text as date_nuit`,
    );
  } catch (error) {
    const info = pgErrorInfo(error);
    if (info?.code === '23514' && info.constraint?.startsWith('occupations_allotement'))
      throw new ConflictError(RESERVATION_WRITE_MESSAGES.noRoomRace, { cause: error });
    throw error;
  }
  if (applied.length === taken.length) return;
  const done = new Set(applied.map((row) => `${row.tarif_id}|${row.date_nuit}`));
  const missing = taken.find((d) => !done.has(`${d.tarifId}|${d.date}`));
  const libelle = await oneOf<{ libelle: string }>(
    tx,
    sql`select t.libelle from contrat_etablissement_tarifs te join types_chambre t on t.id = te.type_chambre_id
        where te.id = ${missing?.tarifId ?? 0}`,
  );
  throw new ConflictError(
    missing === undefined
      ? RESERVATION_WRITE_MESSAGES.noRoomRace
      : RESERVATION_WRITE_MESSAGES.noRoom(libelle?.libelle ?? '', missing.date),
  );
}
