/**
 * The checks every new stay passes (booking, adding a resident, extending), in the caller's transaction:
 * period, client/hotel/room type, both contracts `actif`, theirs and covering the period, tariff lines for every
 * night, residents of the client, not archived, free on every night. Each failure is a French 400/404/409.
 */
import { addDays, RESERVATION_WRITE_MESSAGES } from 'shared/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { oneOf } from '../../../db/raw';
import {
  clients,
  contratsClients,
  contratsEtablissement,
  etablissements,
  pensionnaires,
  typesChambre,
} from '../../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, violates } from '../../../errors';
import { daysBetween } from '../../../lib/days';
import { assertTariffCoverage } from './night-pricing';

/** Longest stay booked in one call. */
export const MAX_NUITS = 365;
/** Late entry: a stay may start at most this many days before today (bookings typed in after the arrival). */
export const SAISIE_TARDIVE_JOURS = 7;

/** 400 unless start < end, at most MAX_NUITS nights, start not before today − SAISIE_TARDIVE_JOURS. */
export function assertPeriod(start: string, end: string, today: string): void {
  if (end <= start) throw new BadRequestError(RESERVATION_WRITE_MESSAGES.period);
  if (daysBetween(start, end) > MAX_NUITS)
    throw new BadRequestError(RESERVATION_WRITE_MESSAGES.tooLong(MAX_NUITS));
  const limit = addDays(today, -SAISIE_TARDIVE_JOURS);
  if (start < limit) throw new BadRequestError(RESERVATION_WRITE_MESSAGES.tooLate(limit));
}

export interface StayInput {
  clientId: number;
  contratClientId: number;
  etablissementId: number;
  contratEtablissementId: number;
  typeChambreId: number;
  start: string;
  end: string;
}

/** Client, hotel, room type and both contracts; returns the room type's label. */
export async function assertParties(db: Executor, input: StayInput): Promise<{ typeLibelle: string }> {
  const [client] = await db
    .select({ archivedAt: clients.archivedAt })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  if (client === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.clientNotFound);
  if (client.archivedAt !== null) throw new ConflictError(RESERVATION_WRITE_MESSAGES.clientArchived);
  const [hotel] = await db
    .select({ archivedAt: etablissements.archivedAt })
    .from(etablissements)
    .where(eq(etablissements.id, input.etablissementId));
  if (hotel === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.hotelNotFound);
  if (hotel.archivedAt !== null) throw new ConflictError(RESERVATION_WRITE_MESSAGES.hotelArchived);
  const [type] = await db
    .select({ libelle: typesChambre.libelle })
    .from(typesChambre)
    .where(eq(typesChambre.id, input.typeChambreId));
  if (type === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.roomTypeNotFound);

  const [cc] = await db
    .select({
      reference: contratsClients.reference,
      statut: contratsClients.statut,
      dateDebut: contratsClients.dateDebut,
      dateFin: contratsClients.dateFin,
      ownerId: contratsClients.clientId,
    })
    .from(contratsClients)
    .where(eq(contratsClients.id, input.contratClientId));
  if (cc === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.contratClientNotFound);
  if (cc.ownerId !== input.clientId) throw new BadRequestError(RESERVATION_WRITE_MESSAGES.contratClientOther);
  const [ce] = await db
    .select({
      reference: contratsEtablissement.reference,
      statut: contratsEtablissement.statut,
      dateDebut: contratsEtablissement.dateDebut,
      dateFin: contratsEtablissement.dateFin,
      ownerId: contratsEtablissement.etablissementId,
    })
    .from(contratsEtablissement)
    .where(eq(contratsEtablissement.id, input.contratEtablissementId));
  if (ce === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.contratEtablissementNotFound);
  if (ce.ownerId !== input.etablissementId)
    throw new BadRequestError(RESERVATION_WRITE_MESSAGES.contratEtablissementOther);
  for (const [kind, contrat] of [
    ['client', cc],
    ['établissement', ce],
  ] as const) {
    if (contrat.statut !== 'actif')
      throw new ConflictError(RESERVATION_WRITE_MESSAGES.contratInactive(kind, contrat.reference));
    if (contrat.dateDebut > input.start || contrat.dateFin < input.end)
      throw new ConflictError(RESERVATION_WRITE_MESSAGES.contratNotCovering(kind, contrat.reference));
  }
  await assertTariffCoverage(db, { ...input, typeLibelle: type.libelle });
  return { typeLibelle: type.libelle };
}

/** A resident as the booking checks read it. */
export type Resident = Pick<typeof pensionnaires.$inferSelect, 'id' | 'nom' | 'prenom'>;

export const residentName = (r: { nom: string; prenom: string }) => `${r.prenom} ${r.nom}`;

/** Residents exist (404), are the client's (400), not archived (409), and have no night in [start, end) (409). */
export async function assertResidents(
  db: Executor,
  clientId: number,
  ids: number[],
  start: string,
  end: string,
): Promise<Resident[]> {
  const rows = await db
    .select({
      id: pensionnaires.id,
      nom: pensionnaires.nom,
      prenom: pensionnaires.prenom,
      clientId: pensionnaires.clientId,
      archivedAt: pensionnaires.archivedAt,
    })
    .from(pensionnaires)
    .where(inArray(pensionnaires.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const residents: Resident[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row === undefined) throw new NotFoundError(RESERVATION_WRITE_MESSAGES.residentNotFound(id));
    if (row.clientId !== clientId)
      throw new BadRequestError(RESERVATION_WRITE_MESSAGES.residentOther(residentName(row)));
    if (row.archivedAt !== null)
      throw new ConflictError(RESERVATION_WRITE_MESSAGES.residentArchived(residentName(row)));
    residents.push({ id: row.id, nom: row.nom, prenom: row.prenom });
  }
  const message = await bookedConflict(db, ids, start, end);
  if (message !== undefined) throw new ConflictError(message);
  return residents;
}

/** The French message naming the first resident already booked in [start, end), if any. */
export async function bookedConflict(
  db: Executor,
  ids: number[],
  start: string,
  end: string,
): Promise<string | undefined> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const taken = await oneOf<{ nom: string; prenom: string; date_nuit: string }>(
    db,
    sql`select p.nom, p.prenom, n.date_nuit::text as date_nuit
        from nuitees n join pensionnaires p on p.id = n.pensionnaire_id
        where n.pensionnaire_id in (${list}) and not n.annulee
          and n.date_nuit >= ${start}::date and n.date_nuit < ${end}::date
        order by n.date_nuit, p.id limit 1`,
  );
  return taken === undefined
    ? undefined
    : RESERVATION_WRITE_MESSAGES.alreadyBooked(residentName(taken), taken.date_nuit);
}

/** True for the one-bed-per-night unique index violation (a concurrent booking won the night). */
export const isNightTaken = (error: unknown): boolean => violates(error, 'nuitees_pensionnaire_nuit_unique');

/**
 * Runs a booking-like write; a lost race on a night (23505 on nuitees_pensionnaire_nuit_unique, the final guard)
 * becomes the same French 409 as the check, naming the resident and the night now taken.
 */
export async function withNightGuard<T>(
  db: Executor,
  residents: () => { ids: number[]; start: string; end: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isNightTaken(error)) throw error;
    const { ids, start, end } = residents();
    const message = ids.length > 0 ? await bookedConflict(db, ids, start, end) : undefined;
    throw new ConflictError(message ?? RESERVATION_WRITE_MESSAGES.alreadyBookedRace, { cause: error });
  }
}
