/**
 * The request row as the write services use it: read under a row lock, moved through the state machine
 * (DEMANDE_TRANSITIONS, shared/contract/enums.ts) with its audit row, and the French messages of its rules.
 * Every write on a request starts with `lockDemande`: concurrent treatments of one request queue on that lock and
 * the ones after the first find it no longer open (409).
 */
import { sql } from 'drizzle-orm';
import {
  canMoveDemande,
  type AuditAction,
  DEMANDE_TYPE_LABELS,
  demandeStatutLabel,
  type DemandeStatut,
  type DemandeType,
  DEMANDES_MESSAGES,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { rowsOf } from '../../db/raw';

export interface DemandeRow {
  id: number;
  client_id: number;
  type: DemandeType;
  statut: DemandeStatut;
  date_debut: string;
  date_fin: string;
  nombre_personnes: number;
  foyer_id: number | null;
  reference_externe: string | null;
  motif_refus: string | null;
  souhait_petit_dejeuner: boolean;
  souhait_dejeuner: boolean;
  souhait_diner: boolean;
}

const demandeColumns = sql`id, client_id, type, statut, date_debut::text as date_debut, date_fin::text as date_fin,
  nombre_personnes, foyer_id, reference_externe, motif_refus, souhait_petit_dejeuner, souhait_dejeuner, souhait_diner`;

/** The contract's DEMANDES_MESSAGES about a request's row. */
export const DEMANDE_MESSAGES = {
  notFound: DEMANDES_MESSAGES.notFound,
  wrongKind: (demande: DemandeRow, action: string) =>
    DEMANDES_MESSAGES.wrongKind(demande.id, DEMANDE_TYPE_LABELS[demande.type].toLowerCase(), action),
  transition: (demande: DemandeRow, action: string) =>
    DEMANDES_MESSAGES.transition(
      demande.id,
      demandeStatutLabel(demande.type, demande.statut).toLowerCase(),
      action,
    ),
  motifRequired: DEMANDES_MESSAGES.motifRequired,
} as const;

/** The request, read without a lock (404 when unknown). */
export async function findDemande(db: Executor, id: number): Promise<DemandeRow> {
  const [row] = await rowsOf<DemandeRow>(
    db,
    sql`select ${demandeColumns} from demandes_hebergement where id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(DEMANDE_MESSAGES.notFound(id));
  return row;
}

/** The request, locked for the rest of the transaction (404 when unknown). */
export async function lockDemande(tx: Executor, id: number): Promise<DemandeRow> {
  const [row] = await rowsOf<DemandeRow>(
    tx,
    sql`select ${demandeColumns} from demandes_hebergement where id = ${id} for update`,
  );
  if (row === undefined) throw new NotFoundError(DEMANDE_MESSAGES.notFound(id));
  return row;
}

/** 409 unless the request is of this kind. */
export function assertKind(demande: DemandeRow, type: DemandeType, action: string): void {
  if (demande.type !== type) throw new ConflictError(DEMANDE_MESSAGES.wrongKind(demande, action));
}

/** 409 unless the state machine allows the request to move to `to`. */
export function assertTransition(demande: DemandeRow, to: DemandeStatut, action: string): void {
  if (!canMoveDemande(demande.statut, to))
    throw new ConflictError(DEMANDE_MESSAGES.transition(demande, action));
}

/**
 * Moves the request to `to` (checked), with the audit row `action` in the caller's transaction. `extra` are the
 * other columns written with it (e.g. motif_refus), recorded in the audit too.
 */
export async function moveDemande(
  tx: Executor,
  actor: Actor,
  demande: DemandeRow,
  to: DemandeStatut,
  action: AuditAction,
  libelleAction: string,
  extra: { motifRefus?: string; details?: Record<string, unknown> } = {},
): Promise<void> {
  if (demande.statut !== to) assertTransition(demande, to, libelleAction);
  await tx.execute(sql`update demandes_hebergement set statut = ${to},
      motif_refus = coalesce(${extra.motifRefus ?? null}, motif_refus), updated_at = now()
    where id = ${demande.id}`);
  await recordAudit(tx, {
    entity: 'demande_hebergement',
    entityId: demande.id,
    action,
    before: { statut: demande.statut },
    after: {
      statut: to,
      ...(extra.motifRefus === undefined ? {} : { motif_refus: extra.motifRefus }),
      ...extra.details,
    },
    actor,
  });
}
