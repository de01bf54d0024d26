import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** Reasons drawn for the demo cancellations (what staff type in the cancel dialog). */
const MOTIFS = [
  'Annulation demandée par le client',
  'Pensionnaire relogé par le client',
  'Hôtel complet sur la période',
  'Séjour reporté',
];

/**
 * The audit trail the demo stays would have if staff had booked them through the screens, so that a stay's history
 * (GET /reservations/historiques/:id) is not empty in the demo: its creation and confirmation by a staff member, the
 * hourly task's automatic status changes, and its cancellation with a reason; the stays' created_at / updated_at
 * are set to match. Entries have the shape the services
 * write (booking-service, actions-service, status-task); none is later than `today`. The staff member is one of
 * the active accounts (the demo ones when the server seeded them), the system when there is none.
 * Returns the number of entries written.
 */
export async function insertDemoHistory(db: Executor, today: string): Promise<number> {
  const result = await db.execute(sql`
    with staff as (select coalesce(array_agg(id order by id), '{}') as ids from users where active),
    stays as (
      select r.id, r.statut, r.date_debut, r.date_fin, r.chambre, r.type_resa, r.prolongation_de_id, r.annulee_at,
        ((least(r.date_debut - case when r.type_resa = 'prolongation' then 2 else 6 end, ${today}::date - 2)
          + time '08:00') at time zone 'UTC') + (r.id % 480) * interval '1 minute' as booked_at,
        case when cardinality(s.ids) = 0 then null else s.ids[1 + r.id % cardinality(s.ids)] end as agent_id,
        r.statut <> 'en_attente' and not (r.statut = 'annulee' and r.id % 3 = 0) as confirmed
      from reservations r cross join staff s
    ),
    entries (entity_id, action, before, after, actor_user_id, at) as (
      -- An extension is written as the service does: action « prolongation », confirmed at once when its stay was.
      select id, case when type_resa = 'prolongation' then 'prolongation' else 'creation' end, null::jsonb,
        jsonb_build_object(
          'statut', case when type_resa = 'prolongation' and confirmed then 'confirmee' else 'en_attente' end,
          'type_resa', type_resa, 'prolongation_de_id', prolongation_de_id, 'date_debut', date_debut,
          'date_fin', date_fin, 'chambre', chambre),
        agent_id, booked_at
      from stays
      union all
      select id, 'confirmation', '{"statut": "en_attente"}', '{"statut": "confirmee"}', agent_id,
        booked_at + interval '3 hours'
      from stays where confirmed and type_resa = 'initiale'
      union all
      -- The hourly task moves a stay once the Paris date reaches its day: stamped at that Paris midnight, so that a
      -- change of today is never later than the generation, even run just after midnight.
      select id, 'statut_auto', '{"statut": "confirmee"}', '{"statut": "en_cours"}', null,
        date_debut::timestamp at time zone 'Europe/Paris'
      from stays where statut in ('en_cours', 'terminee')
      union all
      select id, 'statut_auto', '{"statut": "en_cours"}', '{"statut": "terminee"}', null,
        date_fin::timestamp at time zone 'Europe/Paris'
      from stays where statut = 'terminee'
      union all
      select id, 'annulation',
        jsonb_build_object('statut', case when confirmed then 'confirmee' else 'en_attente' end),
        jsonb_build_object('statut', 'annulee',
          'motif', (${sql.raw(`array[${MOTIFS.map((motif) => `'${motif.replace(/'/g, "''")}'`).join(', ')}]`)})[1 + id % ${MOTIFS.length}],
          'nuits_annulees_a_partir_du', date_debut),
        agent_id, greatest(annulee_at, booked_at + interval '4 hours')
      from stays where statut = 'annulee'
    )
    insert into audit_log (entity, entity_id, action, before, after, actor_kind, actor_user_id, at)
    select 'reservation', entity_id::text, action, before, after,
      case when actor_user_id is null then 'system' else 'user' end, actor_user_id, at
    from entries
    order by at, entity_id`);
  // The stays' and parents' own timestamps agree with the history (« Créée le », « Modifiée le » on their cards).
  await db.execute(sql`update reservations r set created_at = h.first_at, updated_at = h.last_at
    from (select entity_id::int as id, min(at) as first_at, max(at) as last_at from audit_log
          where entity = 'reservation' group by entity_id) h
    where h.id = r.id`);
  await db.execute(sql`update reservations_meres m set created_at = s.first_at, updated_at = s.last_at
    from (select id_reservation_mere as id, min(created_at) as first_at, max(updated_at) as last_at
          from reservations group by id_reservation_mere) s
    where s.id = m.id`);
  const counted = result as { affectedRows?: number; rowCount?: number | null };
  return counted.affectedRows ?? counted.rowCount ?? 0;
}
