/**
 * Actions on existing stays: confirmation, annulation (with the stay's later extensions), PUT /reservations/:id
 * (room number, meals, PAF/CAF flags under optimistic `version`) and early departure PUT /reservations/:id/:date_fin.
 * One transaction each, the parent locked first, audit rows beside the change.
 */
import { sql } from 'drizzle-orm';
import type { MessageBody, ReservationActionBody, ReservationUpdateBody } from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { BadRequestError, ConflictError } from '../../errors';
import { applyRoomChanges, roomsOfParent } from './allotment';
import { resplitRoomShares } from './room-shares';
import {
  bumpVersion,
  frenchDate,
  invalidTransition,
  lockStay,
  rowsOf,
  staysWhere,
  todayOf,
  WRITE_MESSAGES,
  type StayRow,
} from './write-common';

const ACTIVE = ['en_attente', 'confirmee', 'en_cours'] as const;
const isActive = (stay: StayRow) => (ACTIVE as readonly string[]).includes(stay.statut);

function assertVersion(stay: StayRow, version: number | undefined): void {
  if (version !== undefined && version !== stay.version)
    throw new ConflictError(WRITE_MESSAGES.changedMeanwhile);
}

/** Parent envelope = [min date_debut, max date_fin) of its stays. */
export async function refreshEnvelope(tx: Executor, parentId: number): Promise<void> {
  await tx.execute(sql`update reservations_meres m
    set date_debut = s.debut, date_fin = s.fin, updated_at = now()
    from (select min(date_debut) as debut, max(date_fin) as fin from reservations
          where id_reservation_mere = ${parentId}) s
    where m.id = ${parentId} and (m.date_debut, m.date_fin) is distinct from (s.debut, s.fin)`);
}

/** The stay's later extensions, recursively (the chain after it), not cancelled. */
async function extensionsAfter(tx: Executor, id: number): Promise<StayRow[]> {
  const ids = await rowsOf<{ id: number }>(
    tx,
    sql`with recursive chain(id) as (
          select id from reservations where prolongation_de_id = ${id}
          union all select r.id from reservations r join chain c on r.prolongation_de_id = c.id)
        select id from chain`,
  );
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((row) => sql`${row.id}`),
    sql`, `,
  );
  return (await staysWhere(tx, sql`id in (${list})`)).filter(isActive);
}

/** Cancels one stay: status, nights from today on, audit (rooms are settled by the caller, per parent). */
async function cancelStay(
  tx: Executor,
  actor: Actor,
  stay: StayRow,
  motif: string | undefined,
  today: string,
) {
  await tx.execute(sql`update reservations set statut = 'annulee', annulee_at = now(), version = version + 1,
    updated_at = now() where id = ${stay.id}`);
  await tx.execute(sql`update nuitees set annulee = true, updated_at = now()
    where reservation_id = ${stay.id} and date_nuit >= ${today}::date and not annulee`);
  await recordAudit(tx, {
    entity: 'reservation',
    entityId: stay.id,
    action: 'annulation',
    before: { statut: stay.statut },
    after: { statut: 'annulee', motif: motif ?? null, nuits_annulees_a_partir_du: today },
    actor,
  });
}

export function createActionsService(db: Database) {
  return {
    async confirm(actor: Actor, id: number, body: ReservationActionBody): Promise<MessageBody> {
      return db.transaction(async (tx) => {
        const stay = await lockStay(tx, id);
        assertVersion(stay, body.version);
        const targets = body.applyToAllPr
          ? await staysWhere(
              tx,
              sql`id_reservation_mere = ${stay.id_reservation_mere} and statut = 'en_attente'`,
            )
          : [stay];
        if (targets.length === 0 || targets.some((t) => t.statut !== 'en_attente'))
          throw invalidTransition(stay, 'confirmation');
        for (const target of targets) {
          await tx.execute(sql`update reservations set statut = 'confirmee', version = version + 1,
            updated_at = now() where id = ${target.id}`);
          await recordAudit(tx, {
            entity: 'reservation',
            entityId: target.id,
            action: 'confirmation',
            before: { statut: target.statut },
            after: { statut: 'confirmee' },
            actor,
          });
        }
        return {
          message:
            targets.length === 1
              ? `Réservation n° ${targets[0]?.id} confirmée.`
              : `${targets.length} réservations confirmées.`,
        };
      });
    },

    async cancel(actor: Actor, id: number, body: ReservationActionBody): Promise<MessageBody> {
      return db.transaction(async (tx) => {
        const stay = await lockStay(tx, id);
        assertVersion(stay, body.version);
        const today = await todayOf(tx);
        const chosen = body.applyToAllPr
          ? (await staysWhere(tx, sql`id_reservation_mere = ${stay.id_reservation_mere}`)).filter(isActive)
          : [stay];
        if (chosen.length === 0 || chosen.some((t) => !isActive(t)))
          throw invalidTransition(stay, 'annulation');
        const targets = new Map(chosen.map((t) => [t.id, t]));
        for (const target of chosen)
          for (const extension of await extensionsAfter(tx, target.id)) targets.set(extension.id, extension);
        const parents = new Set([...targets.values()].map((t) => t.id_reservation_mere));
        const before = new Map<number, Awaited<ReturnType<typeof roomsOfParent>>>();
        for (const parent of parents) before.set(parent, await roomsOfParent(tx, parent));
        for (const target of [...targets.values()].sort((a, b) => a.id - b.id))
          await cancelStay(tx, actor, target, body.motif, today);
        for (const parent of parents) {
          await applyRoomChanges(tx, before.get(parent) ?? new Map(), await roomsOfParent(tx, parent));
          // Room-mates who stay now pay the room between fewer people.
          await resplitRoomShares(tx, actor, parent);
        }
        const extra = targets.size - chosen.length;
        return {
          message:
            (targets.size === 1
              ? `Réservation n° ${stay.id} annulée.`
              : `${targets.size} réservations annulées`) +
            (targets.size === 1 ? '' : extra > 0 ? ` (dont ${extra} prolongation(s)).` : '.'),
        };
      });
    },

    async update(actor: Actor, id: number, body: ReservationUpdateBody): Promise<MessageBody> {
      return db.transaction(async (tx) => {
        const stay = await lockStay(tx, id);
        if (stay.statut === 'terminee' || stay.statut === 'annulee')
          throw invalidTransition(stay, 'modification');
        const fields = [
          'chambre',
          'petit_dejeuner',
          'dejeuner',
          'diner',
          'status_paf',
          'status_caf',
        ] as const;
        const changed = fields.filter((f) => body[f] !== undefined && body[f] !== stay[f]);
        const value = <K extends (typeof fields)[number]>(f: K) =>
          body[f] === undefined ? stay[f] : body[f];
        const roomsBefore = changed.includes('chambre')
          ? await roomsOfParent(tx, stay.id_reservation_mere)
          : null;
        const updated = await rowsOf<{ id: number }>(
          tx,
          sql`update reservations set chambre = ${value('chambre')}, petit_dejeuner = ${value('petit_dejeuner')},
                dejeuner = ${value('dejeuner')}, diner = ${value('diner')}, status_paf = ${value('status_paf')},
                status_caf = ${value('status_caf')}, version = version + 1, updated_at = now()
              where id = ${id} and version = ${body.version} returning id`,
        );
        if (updated.length === 0) throw new ConflictError(WRITE_MESSAGES.changedMeanwhile);
        if (changed.some((f) => f !== 'chambre')) {
          // Future nights only: past nights are frozen (docs/domain.md).
          await tx.execute(sql`update nuitees n set petit_dejeuner = r.petit_dejeuner::int,
              dejeuner = r.dejeuner::int, diner = r.diner::int,
              montant_paf = case when r.status_paf then cc.montant_paf_jour else 0 end,
              montant_caf = case when r.status_caf then cc.montant_caf_jour else 0 end, updated_at = now()
            from reservations r join contrats_clients cc on cc.id = r.contrat_client_id
            where r.id = ${id} and n.reservation_id = r.id and not n.annulee
              and n.date_nuit >= (now() at time zone 'Europe/Paris')::date`);
        }
        await recordAudit(tx, {
          entity: 'reservation',
          entityId: id,
          action: 'modification',
          before: Object.fromEntries(changed.map((f) => [f, stay[f]])),
          after: Object.fromEntries(changed.map((f) => [f, value(f)])),
          actor,
        });
        // Another room number: the stay leaves one room's occupants and joins another's (rooms taken and shares).
        if (roomsBefore !== null) {
          await applyRoomChanges(tx, roomsBefore, await roomsOfParent(tx, stay.id_reservation_mere));
          await resplitRoomShares(tx, actor, stay.id_reservation_mere);
        }
        return { message: `Réservation n° ${id} modifiée.` };
      });
    },

    async depart(actor: Actor, id: number, dateFin: string): Promise<MessageBody> {
      return db.transaction(async (tx) => {
        const stay = await lockStay(tx, id);
        const today = await todayOf(tx);
        if (!isActive(stay)) throw invalidTransition(stay, 'départ anticipé');
        if (dateFin <= stay.date_debut)
          throw new BadRequestError("La nouvelle date de départ doit être postérieure à la date d'arrivée.");
        if (dateFin < today)
          throw new BadRequestError('La nouvelle date de départ ne peut pas être antérieure à aujourd’hui.');
        if (dateFin >= stay.date_fin)
          throw new BadRequestError(
            `La nouvelle date de départ doit être antérieure au départ prévu (${frenchDate(stay.date_fin)}).`,
          );
        const [extension] = await staysWhere(tx, sql`prolongation_de_id = ${id} and statut <> 'annulee'`);
        if (extension !== undefined)
          throw new ConflictError(
            `La réservation n° ${id} est prolongée par la réservation n° ${extension.id} : annulez d'abord la prolongation.`,
          );
        const before = await roomsOfParent(tx, stay.id_reservation_mere);
        await tx.execute(
          sql`update reservations set date_fin = ${dateFin}::date, updated_at = now() where id = ${id}`,
        );
        await bumpVersion(tx, id);
        await tx.execute(sql`update nuitees set annulee = true, updated_at = now()
          where reservation_id = ${id} and date_nuit >= ${dateFin}::date and not annulee`);
        await applyRoomChanges(tx, before, await roomsOfParent(tx, stay.id_reservation_mere));
        await resplitRoomShares(tx, actor, stay.id_reservation_mere);
        await refreshEnvelope(tx, stay.id_reservation_mere);
        await recordAudit(tx, {
          entity: 'reservation',
          entityId: id,
          action: 'depart_anticipe',
          before: { date_fin: stay.date_fin },
          after: { date_fin: dateFin },
          actor,
        });
        return {
          message: `Départ anticipé enregistré : la réservation n° ${id} se termine le ${frenchDate(dateFin)}.`,
        };
      });
    },
  };
}
