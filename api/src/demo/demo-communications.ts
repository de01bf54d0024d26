import { sql } from 'drizzle-orm';
import type { CommunicationType, DemandeType } from 'shared/contract';
import { SYSTEM_ACTOR, type Actor } from '../db/audit';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw';
import { auditLog } from '../db/schema';
import { createCommunicationService } from '../modules/communications/communication-service';
import { prepareCommunication } from '../modules/communications';
import { ConflictError } from '../errors';
import { createMailer } from '../lib/mail';
import type { DemoDemandes } from './demo-demandes';

const BATCH = 2_000;
/**
 * The requests closed within these days before today get their documents, the latest MAX_DOCUMENTS of them (every
 * request of the large preset would be thousands of PDFs, each generated and sent as the app does: minutes of
 * generation). Older requests simply show none.
 */
const DOCUMENT_DAYS = 21;
const MAX_DOCUMENTS = 200;
/** An address nothing listens on: the demo's one failed sending, with the transport's real reason. */
const UNREACHABLE_SMTP = 'smtp://127.0.0.1:1';

const DOCUMENT_OF: Record<DemandeType, CommunicationType> = {
  nouvelle: 'confirmation',
  prolongation: 'prolongation',
  annulation: 'annulation',
};

/**
 * The requests' audit trail (creation, then treatment, refusal or withdrawal, as the services write it), their first
 * targeted stay, and the staff member who typed them in (one of the active accounts, as demo-history.ts picks them).
 */
export async function insertDemoDemandeTrail(db: Database, plan: DemoDemandes): Promise<void> {
  const rows = plan.events.map((event) => ({
    entity: 'demande_hebergement',
    entityId: String(event.demandeId),
    action: event.action,
    before: event.before,
    after: event.after,
    actorKind: 'system' as const,
    at: event.at,
  }));
  rows.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.entityId) - Number(b.entityId));
  for (let start = 0; start < rows.length; start += BATCH)
    await db.insert(auditLog).values(rows.slice(start, start + BATCH));
  await db.execute(sql`update demandes_hebergement d set reservation_cible_id = c.first
    from (select demande_id, min(reservation_id) as first from demande_reservations_cibles group by 1) c
    where c.demande_id = d.id`);
  await db.execute(sql`with staff as (select array_agg(id order by id) as ids from users where active)
    update audit_log a set actor_kind = 'user', actor_user_id = staff.ids[1 + a.entity_id::int % cardinality(staff.ids)]
    from staff
    where cardinality(staff.ids) > 0 and a.entity = 'demande_hebergement' and a.action <> 'retrait'`);
  await db.execute(sql`with staff as (select array_agg(id order by id) as ids from users where active)
    update demandes_hebergement d set created_by = staff.ids[1 + d.id % cardinality(staff.ids)]
    from staff where cardinality(staff.ids) > 0`);
}

/**
 * The documents of the requests closed in the last DOCUMENT_DAYS days, generated and stored by the communications
 * module itself (PDF, recipients, state): two in three sent through the local outbox (no SMTP server in the demo:
 * « non transmise », kept in GET /courriels), the last confirmation through an unreachable SMTP server, so that one
 * failure with its reason is there to retry. Timestamps are then set to the request's closing time (the services
 * stamp now()). Returns the number of communications.
 */
export async function insertDemoCommunications(db: Database, today: string): Promise<number> {
  const [staff] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where active order by id limit 1`,
  );
  const actor: Actor = staff === undefined ? SYSTEM_ACTOR : { kind: 'user', userId: staff.id };
  const closed = await rowsOf<{ id: number; type: DemandeType; statut: string }>(
    db,
    sql`select id, type, statut from demandes_hebergement
        where id in (select id from demandes_hebergement where statut in ('traitee', 'refusee')
          and updated_at >= (${today}::date - ${DOCUMENT_DAYS}::int)::timestamp
          order by updated_at desc, id desc limit ${MAX_DOCUMENTS})
        order by id`,
  );
  const prepared: { id: number; type: CommunicationType }[] = [];
  for (const demande of closed) {
    const type = demande.statut === 'refusee' ? 'refus' : DOCUMENT_OF[demande.type];
    try {
      const id = await db.transaction((tx) => prepareCommunication(tx, actor, demande.id, type));
      prepared.push({ id, type });
    } catch (error) {
      // A document that cannot be made any more (a booking since cancelled has no confirmation): none, as in the app.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  const outbox = createMailer(db);
  const local = createCommunicationService(db, outbox);
  const failing = [...prepared].reverse().find((communication) => communication.type === 'confirmation');
  for (const communication of prepared) {
    if (communication === failing || communication.id % 3 === 0) continue;
    await local.send(actor, communication.id, {});
  }
  if (failing !== undefined) {
    const down = createMailer(db, { smtpUrl: UNREACHABLE_SMTP });
    try {
      await createCommunicationService(db, down).send(actor, failing.id, {});
    } catch {
      // Expected: the 502 the screens show; the communication keeps the reason (« échec ») for a new try.
    } finally {
      down.close();
    }
  }
  outbox.close();

  await db.execute(sql`update communications cm
    set created_at = d.updated_at + interval '2 minutes', updated_at = d.updated_at + interval '4 minutes',
      envoye_at = case when cm.envoye_at is null then null else d.updated_at + interval '4 minutes' end
    from demandes_hebergement d where d.id = cm.demande_id`);
  await db.execute(sql`update courriels co
    set created_at = cm.created_at + interval '1 minute', updated_at = cm.updated_at,
      envoye_at = case when co.envoye_at is null then null else cm.updated_at end
    from communications cm where cm.id = co.communication_id`);
  await db.execute(sql`update audit_log a
    set at = case a.action when 'preparation' then cm.created_at else cm.updated_at end
    from communications cm where a.entity = 'communication' and a.entity_id = cm.id::text`);
  await db.execute(sql`update audit_log a
    set at = case a.action when 'creation' then co.created_at else co.updated_at end
    from courriels co where a.entity = 'courriel' and a.entity_id = co.id::text`);
  return prepared.length;
}
