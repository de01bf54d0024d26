/**
 * Pointages of a stay: attendance of its nights (update_pointage), the APEC flag, and the PAF/CAF payment state of
 * its nights with the stay's summary (docs/domain.md "PAF/CAF amounts"), each in one audited transaction. The two
 * checks carry the stay's version as read: the parent's lock serialises concurrent checks, and the second one finds
 * a newer version and answers 409 without writing (never a silent last-write-wins). A resident absent on the first
 * night (no-show) may have the rest of the stay cancelled in the same transaction (cancelReservation, as a
 * savepoint: nights from today on, rooms released, extensions too); the nights it released are reported for the
 * hotel's notice (`liberations`, reason « no-show »).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  FILTER_MESSAGES,
  POINTAGE_MESSAGES,
  addDays,
  ETAT_PAIEMENT_LABELS,
  FLUX_PAIEMENT_LABELS,
  PRESENCE_LABELS,
  type ApecBody,
  type EtatPaiement,
  type NuitEtat,
  type NuitsParEtat,
  type MessageBody,
  type PointageAnswer,
  type PointagePafCafBody,
  type UpdatePointageBody,
  RESERVATION_WRITE_MESSAGES,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { reservations } from '../../../db/schema';
import { TODAY, todayOf } from '../../../db/today';
import { BadRequestError, ConflictError } from '../../../errors';
import { frenchDate } from '../../../lib/days';
import type { Liberation } from '../../communications';
import { cancelReservation } from '../actions/actions-service';
import { bumpVersion, lockStay, type Stay } from '../stay-repository';

/** 409 when the client read an older version of the stay: nothing is written. */
function assertVersion(stay: Stay, version: number): void {
  if (version !== stay.version) throw new ConflictError(RESERVATION_WRITE_MESSAGES.changedMeanwhile);
}

async function versionOf(tx: Executor, id: number): Promise<number> {
  const [row] = await rowsOf<{ version: number }>(tx, sql`select version from reservations where id = ${id}`);
  return row?.version ?? 0;
}

const nightsLabel = (count: number) => `${count} nuit${count > 1 ? 's' : ''}`;

/**
 * etat_payment_* of a stay = summary of its non-cancelled nights dated before today (all its nights when none
 * is): a_verifier if any is, else non_paye if any is, else paye.
 */
export async function refreshPaymentSummary(tx: Executor, id: number, flux: 'paf' | 'caf'): Promise<string> {
  const night = sql.raw(`etat_${flux}`);
  const stay = sql.raw(`etat_payment_${flux}`);
  const [row] = await rowsOf<{ etat: string }>(
    tx,
    sql`with nights as (
          select ${night} as etat, date_nuit < ${TODAY} as past
          from nuitees where reservation_id = ${id} and not annulee),
        chosen as (select etat from nights where past or not exists (select 1 from nights where past))
        update reservations set ${stay} = (
          select case when count(*) = 0 or bool_or(etat = 'a_verifier') then 'a_verifier'
                      when bool_or(etat = 'non_paye') then 'non_paye' else 'paye' end from chosen),
          version = version + 1, updated_at = now()
        where id = ${id} returning ${stay} as etat`,
  );
  return row?.etat ?? 'a_verifier';
}

/**
 * PUT /reservations/update_pointage/:id: presence of past nights (yesterday's by default), under the version read;
 * `annuler_suite` with an absence on the first night cancels the rest of the stay (no-show).
 */
export async function pointPresence(
  db: Executor,
  actor: Actor,
  id: number,
  body: UpdatePointageBody,
): Promise<PointageAnswer & { liberations: Liberation[] }> {
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    assertVersion(stay, body.version);
    const today = await todayOf(tx);
    const dates = [...(body.dates ?? [addDays(today, -1)])].sort();
    const future = dates.find((d) => d > today);
    if (future !== undefined) throw new BadRequestError(POINTAGE_MESSAGES.notYetPassed(future));
    const noShow = body.annuler_suite === true;
    if (noShow && (body.presence !== 'absent' || !dates.includes(stay.dateDebut)))
      throw new BadRequestError(POINTAGE_MESSAGES.noShowNeedsFirstNight(stay.dateDebut));
    const list = sql.join(
      dates.map((d) => sql`${d}::date`),
      sql`, `,
    );
    const nights = await rowsOf<{ date_nuit: string; presence: string }>(
      tx,
      sql`select date_nuit::text as date_nuit, presence from nuitees
              where reservation_id = ${id} and not annulee and date_nuit in (${list})`,
    );
    const found = new Set(nights.map((n) => n.date_nuit));
    const missing = dates.find((d) => !found.has(d));
    if (missing !== undefined) throw new BadRequestError(POINTAGE_MESSAGES.notANight(missing, id));
    await tx.execute(sql`update nuitees set presence = ${body.presence}, updated_at = now()
          where reservation_id = ${id} and not annulee and date_nuit in (${list})`);
    await bumpVersion(tx, id);
    await recordAudit(tx, {
      entity: 'reservation',
      entityId: id,
      action: 'pointage',
      before: { nuitees: nights },
      after: { dates, presence: body.presence },
      actor,
    });
    let cancelled = 0;
    const liberations: Liberation[] = [];
    if (noShow) {
      const [counted] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from nuitees where reservation_id = ${id} and not annulee
              and date_nuit >= ${today}::date`,
      );
      const done = await cancelReservation(
        tx,
        actor,
        id,
        { motif: POINTAGE_MESSAGES.noShowMotif },
        { type: 'no_show' },
      );
      liberations.push(...done.liberations);
      cancelled = counted?.n ?? 0;
    }
    const label = PRESENCE_LABELS[body.presence].toLowerCase();
    const pointed =
      dates.length === 1
        ? `Nuit du ${frenchDate(dates[0] ?? today)} pointée : ${label}.`
        : `${dates.length} nuits pointées : ${label}.`;
    return {
      message: noShow
        ? `${pointed} Séjour annulé (no-show) : ${nightsLabel(cancelled)} libérée(s).`
        : pointed,
      reservation_id: id,
      version: await versionOf(tx, id),
      nuitees: dates.length,
      ...(noShow ? { nuitees_annulees: cancelled } : {}),
      liberations,
    };
  });
}

/** PUT /reservations/apec/:id: the APEC flag of the stay. */
export async function setApec(db: Executor, actor: Actor, id: number, body: ApecBody): Promise<MessageBody> {
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    await tx
      .update(reservations)
      .set({ apec: body.apec, version: sql`${reservations.version} + 1`, updatedAt: sql`now()` })
      .where(eq(reservations.id, id));
    await recordAudit(tx, {
      entity: 'reservation',
      entityId: id,
      action: 'apec',
      before: { apec: stay.apec },
      after: { apec: body.apec },
      actor,
    });
    return {
      message: body.apec
        ? `APEC activé pour la réservation n° ${id}.`
        : `APEC retiré de la réservation n° ${id}.`,
    };
  });
}

const ETAT_LABELS_LOWER: Record<EtatPaiement, string> = {
  a_verifier: ETAT_PAIEMENT_LABELS.a_verifier.toLowerCase(),
  paye: ETAT_PAIEMENT_LABELS.paye.toLowerCase(),
  non_paye: ETAT_PAIEMENT_LABELS.non_paye.toLowerCase(),
};

/** « PAF pointée sur 3 nuits : payé. » / « PAF rétablie sur 3 nuits : 2 à vérifier, 1 non payé. » */
function paymentMessage(label: string, ecrites: NuitsParEtat, undo: boolean): string {
  const total = ecrites.a_verifier + ecrites.paye + ecrites.non_paye;
  const states = (['paye', 'non_paye', 'a_verifier'] as const).filter((etat) => ecrites[etat] > 0);
  const detail =
    states.length === 1
      ? ETAT_LABELS_LOWER[states[0] ?? 'paye']
      : states.map((etat) => `${ecrites[etat]} ${ETAT_LABELS_LOWER[etat]}`).join(', ');
  return `${label} ${undo ? 'rétablie' : 'pointée'} sur ${nightsLabel(total)} : ${detail}.`;
}

/** The nights of the body: `[date, state]` per night (an undo), or the one state on a range. */
function paymentTarget(body: PointagePafCafBody): { etat: EtatPaiement; range: SQL } | { nuits: NuitEtat[] } {
  if ((body.etat === undefined) === (body.nuits === undefined))
    throw new BadRequestError(POINTAGE_MESSAGES.etatOrNuits);
  if (body.nuits !== undefined) {
    if (body.dates !== undefined || body.start_date !== undefined || body.end_date !== undefined)
      throw new BadRequestError(POINTAGE_MESSAGES.nuitsAlone);
    const dates = body.nuits.map((night) => night.date_nuit);
    if (new Set(dates).size !== dates.length) throw new BadRequestError(POINTAGE_MESSAGES.nuitsTwice);
    return { nuits: body.nuits };
  }
  if ((body.start_date === undefined) !== (body.end_date === undefined))
    throw new BadRequestError(POINTAGE_MESSAGES.bothBounds);
  if (body.dates !== undefined && body.start_date !== undefined)
    throw new BadRequestError(POINTAGE_MESSAGES.datesAndRange);
  if (body.start_date !== undefined && body.end_date !== undefined && body.end_date <= body.start_date)
    throw new BadRequestError(FILTER_MESSAGES.period);
  const range =
    body.dates !== undefined
      ? sql`date_nuit in (${sql.join(
          body.dates.map((d) => sql`${d}::date`),
          sql`, `,
        )})`
      : body.start_date !== undefined && body.end_date !== undefined
        ? sql`date_nuit >= ${body.start_date}::date and date_nuit < ${body.end_date}::date`
        : sql`date_nuit < ${TODAY}`;
  return { etat: body.etat ?? 'a_verifier', range };
}

/**
 * PUT /reservations/pointage_paf_caf/:id: the PAF or CAF state of nights (`etat` on `dates`, or `[start_date,
 * end_date)`, or those before today; or `nuits`, each its own state: an undo) and the stay's summary, under the
 * version read. The answer says what was written — the nights, by the state written — and the state each night had
 * before (`precedents`, which undo the check when sent back as `nuits`); the audit row holds both.
 */
export async function pointPafCaf(
  db: Executor,
  actor: Actor,
  id: number,
  body: PointagePafCafBody,
): Promise<PointageAnswer> {
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, id);
    assertVersion(stay, body.version);
    const label = FLUX_PAIEMENT_LABELS[body.type];
    if (!(body.type === 'paf' ? stay.statusPaf : stay.statusCaf))
      throw new ConflictError(POINTAGE_MESSAGES.streamNotApplied(label, id));
    const target = paymentTarget(body);
    const column = sql.raw(`etat_${body.type}`);
    // The stay is locked: its nights cannot change between this read and the update below.
    const range =
      'range' in target
        ? target.range
        : sql`date_nuit in (${sql.join(
            target.nuits.map((night) => sql`${night.date_nuit}::date`),
            sql`, `,
          )})`;
    const precedents = await rowsOf<NuitEtat>(
      tx,
      sql`select date_nuit::text as date_nuit, ${column} as etat from nuitees
            where reservation_id = ${id} and not annulee and ${range} order by date_nuit`,
    );
    if (precedents.length === 0) throw new BadRequestError(POINTAGE_MESSAGES.nothingInPeriod);
    const asked = 'nuits' in target ? target.nuits.map((night) => night.date_nuit) : body.dates;
    if (asked !== undefined && precedents.length !== asked.length) {
      const found = new Set(precedents.map((n) => n.date_nuit));
      const missing = asked.find((d) => !found.has(d)) ?? '';
      throw new BadRequestError(POINTAGE_MESSAGES.notANight(missing, id));
    }
    const written = 'nuits' in target ? target.nuits : precedents.map((n) => ({ ...n, etat: target.etat }));
    const values = sql.join(
      written.map((night) => sql`(${night.date_nuit}::date, ${night.etat})`),
      sql`, `,
    );
    await tx.execute(sql`update nuitees n set ${column} = v.etat, updated_at = now()
          from (values ${values}) as v(date_nuit, etat)
          where n.reservation_id = ${id} and not n.annulee and n.date_nuit = v.date_nuit`);
    const ecrites: NuitsParEtat = { a_verifier: 0, paye: 0, non_paye: 0 };
    for (const night of written) ecrites[night.etat] += 1;
    const before = body.type === 'paf' ? stay.etatPaymentPaf : stay.etatPaymentCaf;
    const summary = await refreshPaymentSummary(tx, id, body.type);
    await recordAudit(tx, {
      entity: 'reservation',
      entityId: id,
      action: `pointage_${body.type}`,
      before: { [`etat_payment_${body.type}`]: before, nuitees: precedents },
      after: {
        [`etat_payment_${body.type}`]: summary,
        ...('etat' in target
          ? { [`etat_${body.type}`]: target.etat }
          : { annulation: true, nuitees: written }),
        ecrites,
      },
      actor,
    });
    return {
      message: paymentMessage(label, ecrites, 'nuits' in target),
      reservation_id: id,
      version: await versionOf(tx, id),
      nuitees: written.length,
      etat_payment: summary as PointageAnswer['etat_payment'] & string,
      ecrites,
      precedents,
    };
  });
}
