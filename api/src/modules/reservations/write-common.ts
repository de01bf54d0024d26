/**
 * Shared pieces of the reservation writes: raw-SQL rows, the business "today", the parent row lock, the stay
 * row as services read it, and the French messages of the rules (docs/domain.md "Reservation writes").
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import type { Executor } from '../../db/client';
import type { reservations } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { RESERVATION_STATUT_LABELS, type ReservationStatut } from 'shared/contract';
import { frenchDate } from '../contrats/format';
import { TODAY } from '../../db/today';

export { frenchDate };

/** "Today" of the business: the date in Europe/Paris (docs/domain.md). */

/** Rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function oneOf<T>(db: Executor, query: SQL): Promise<T | undefined> {
  const [row] = await rowsOf<T>(db, query);
  return row;
}

export async function todayOf(db: Executor): Promise<string> {
  const row = await oneOf<{ today: string }>(db, sql`select ${TODAY}::text as today`);
  return row?.today ?? new Date().toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' ± days (UTC arithmetic, no time zone involved). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const actorOf = (request: { user: { id: number } }): Actor => ({
  kind: 'user',
  userId: request.user.id,
});
export const createdByOf = (actor: Actor) => (actor.kind === 'user' ? actor.userId : null);

/**
 * Locks the parent (réservation intégrale) for the rest of the transaction: every write touching its stays takes
 * this lock first, so allotment counts computed per parent never race, and writes of one parent serialise.
 */
export async function lockParent(tx: Executor, parentId: number): Promise<void> {
  const row = await oneOf<{ id: number }>(
    tx,
    sql`select id from reservations_meres where id = ${parentId} for update`,
  );
  if (row === undefined) throw new NotFoundError(WRITE_MESSAGES.parentNotFound);
}

/** A stay as the write services read it. */
export interface StayRow {
  id: number;
  id_reservation_mere: number;
  pensionnaire_id: number;
  client_id: number;
  contrat_client_id: number;
  etablissement_id: number;
  contrat_etablissement_id: number;
  type_chambre_id: number;
  chambre: string | null;
  date_debut: string;
  date_fin: string;
  statut: ReservationStatut;
  type_resa: 'initiale' | 'prolongation';
  prolongation_de_id: number | null;
  petit_dejeuner: boolean;
  dejeuner: boolean;
  diner: boolean;
  status_paf: boolean;
  status_caf: boolean;
  etat_payment_paf: string;
  etat_payment_caf: string;
  apec: boolean;
  version: number;
}

/** A stay as the history keeps it when it is created: its business fields, named as the API names them. */
export function stayAudit(row: typeof reservations.$inferSelect): Record<string, unknown> {
  return {
    statut: row.statut,
    type_resa: row.typeResa,
    prolongation_de_id: row.prolongationDeId,
    date_debut: row.dateDebut,
    date_fin: row.dateFin,
    chambre: row.chambre,
    petit_dejeuner: row.petitDejeuner,
    dejeuner: row.dejeuner,
    diner: row.diner,
    status_paf: row.statusPaf,
    status_caf: row.statusCaf,
  };
}

const stayColumns = sql`id, id_reservation_mere, pensionnaire_id, client_id, contrat_client_id, etablissement_id,
  contrat_etablissement_id, type_chambre_id, chambre, date_debut::text as date_debut, date_fin::text as date_fin,
  statut, type_resa, prolongation_de_id, petit_dejeuner, dejeuner, diner, status_paf, status_caf,
  etat_payment_paf, etat_payment_caf, apec, version`;

export async function findStay(db: Executor, id: number): Promise<StayRow | undefined> {
  return oneOf<StayRow>(db, sql`select ${stayColumns} from reservations where id = ${id}`);
}

export async function staysWhere(db: Executor, where: SQL): Promise<StayRow[]> {
  return rowsOf<StayRow>(db, sql`select ${stayColumns} from reservations where ${where} order by id`);
}

/** Reads a stay, locking its parent first (then re-reading the stay, now stable). 404 when unknown. */
export async function lockStay(tx: Executor, id: number): Promise<StayRow> {
  const first = await findStay(tx, id);
  if (first === undefined) throw new NotFoundError(WRITE_MESSAGES.stayNotFound(id));
  await lockParent(tx, first.id_reservation_mere);
  const stay = await findStay(tx, id);
  if (stay === undefined) throw new NotFoundError(WRITE_MESSAGES.stayNotFound(id));
  return stay;
}

/** Bumps the version of a stay (every update of a reservation does). */
export async function bumpVersion(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`update reservations set version = version + 1, updated_at = now() where id = ${id}`);
}

export const statutLabel = (statut: ReservationStatut) => RESERVATION_STATUT_LABELS[statut].toLowerCase();

export function invalidTransition(stay: StayRow, action: string): ConflictError {
  return new ConflictError(
    `La réservation n° ${stay.id} est ${statutLabel(stay.statut)} : ${action} impossible.`,
  );
}

export const WRITE_MESSAGES = {
  parentNotFound: 'Réservation intégrale introuvable.',
  stayNotFound: (id: number) => `Réservation n° ${id} introuvable.`,
  period: "La date de départ (end_date) doit être postérieure à la date d'arrivée (start_date).",
  tooLong: (max: number) => `Une réservation ne peut pas dépasser ${max} nuits.`,
  tooLate: (limit: string) =>
    `La date d'arrivée ne peut pas être antérieure au ${frenchDate(limit)} (saisie tardive limitée à 7 jours).`,
  clientNotFound: 'Client introuvable.',
  clientArchived: 'Ce client est archivé : réservation impossible.',
  hotelNotFound: 'Établissement introuvable.',
  hotelArchived: 'Cet établissement est archivé : réservation impossible.',
  roomTypeNotFound: 'Type de chambre introuvable.',
  contratClientNotFound: 'Contrat client introuvable.',
  contratEtablissementNotFound: 'Contrat établissement introuvable.',
  contratClientOther: "Ce contrat client n'appartient pas à ce client.",
  contratEtablissementOther: "Ce contrat établissement n'appartient pas à cet établissement.",
  contratInactive: (kind: string, reference: string) =>
    `Le contrat ${kind} ${reference} n'est pas actif : réservation impossible.`,
  contratNotCovering: (kind: string, reference: string) =>
    `Le contrat ${kind} ${reference} ne couvre pas toute la période demandée.`,
  noPurchaseLine: (date: string, type: string) =>
    `Aucun tarif d'achat pour le type de chambre ${type} la nuit du ${frenchDate(date)}.`,
  noSaleLine: (date: string, type: string) =>
    `Aucun tarif de vente pour le type de chambre ${type} la nuit du ${frenchDate(date)}.`,
  residentNotFound: (id: number) => `Pensionnaire n° ${id} introuvable.`,
  residentOther: (name: string) => `Le pensionnaire ${name} n'appartient pas à ce client.`,
  residentArchived: (name: string) => `Le pensionnaire ${name} est archivé : réservation impossible.`,
  alreadyBooked: (name: string, date: string) =>
    `Le pensionnaire ${name} a déjà une nuitée réservée le ${frenchDate(date)}.`,
  alreadyBookedRace: 'Un des pensionnaires a déjà une nuitée réservée sur cette période.',
  noRoom: (type: string, date: string) =>
    `Plus de chambre disponible pour le type ${type} le ${frenchDate(date)}.`,
  noRoomRace: 'Plus de chambre disponible sur cette période.',
  demandeNotFound: 'Demande introuvable.',
  changedMeanwhile: 'Cette réservation a été modifiée entre-temps : rechargez-la puis recommencez.',
} as const;
