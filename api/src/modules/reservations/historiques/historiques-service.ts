/**
 * GET /reservations/historiques/:id: the audit trail of a stay, newest first: rows about the stay itself, its
 * nights, its parent, and the extensions that extend it (their creation is the stay's "Prolongation").
 * The actor is the user's name or 'Système'; `changements` is the per-field diff of before / after.
 */
import { eq, sql } from 'drizzle-orm';
import { auditActionLabel, type HistoriqueEntry } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { reservations } from '../../../db/schema';
import { NotFoundError } from '../../../errors';
import { DETAIL_MESSAGES } from '../detail/detail-service';
import { isoTimestamp } from '../../../db/iso-timestamp';

/** Bookkeeping fields every write touches (timestamps, the optimistic-lock version): not shown as changes. */
const IGNORED_FIELDS = new Set(['updatedAt', 'updated_at', 'createdAt', 'created_at', 'version']);

type Json = Record<string, unknown> | null;

/** The order a stay's fields are read in (jsonb keeps its own key order); fields not listed come after. */
const FIELD_ORDER = [
  'statut',
  'type_resa',
  'prolongation_de_id',
  'date_debut',
  'date_fin',
  'chambre',
  'petit_dejeuner',
  'dejeuner',
  'diner',
  'status_paf',
  'status_caf',
  'etat_payment_paf',
  'etat_payment_caf',
  'apec',
  'presence',
  'motif',
  'nuits_annulees_a_partir_du',
  'reservation_ids',
  'nuitees_recalculees',
  'a_partir_du',
];
const rank = (field: string) => {
  const index = FIELD_ORDER.indexOf(field);
  return index === -1 ? FIELD_ORDER.length : index;
};

/** Fields whose value differs between before and after (absent = null), in the reading order of a stay. */
export function diff(before: Json, after: Json): HistoriqueEntry['changements'] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => !IGNORED_FIELDS.has(key))
    .sort((a, b) => rank(a) - rank(b))
    .map((champ) => ({ champ, avant: before?.[champ] ?? null, apres: after?.[champ] ?? null }))
    .filter((change) => JSON.stringify(change.avant) !== JSON.stringify(change.apres));
}

/** An audit_log row as auditEntrySelect reads it. */
export interface AuditRow {
  id: string | number;
  date: string;
  entite: string;
  entite_id: string;
  action: string;
  before: Json;
  after: Json;
  actor_kind: 'user' | 'system';
  actor_user_id: number | null;
  actor_nom: string | null;
}

/** The columns of an AuditRow, from `audit_log a`. */
export const auditEntrySelect = sql`a.id::text as id, ${isoTimestamp(sql`a.at`)} as date, a.entity as entite,
  a.entity_id as entite_id, a.action, a.before, a.after, a.actor_kind, a.actor_user_id,
  (select u.prenom || ' ' || u.nom from users u where u.id = a.actor_user_id) as actor_nom`;

/** A history entry of any audited record (a stay's, a request's): its label, actor and field changes. */
export function historiqueEntryOf(row: AuditRow): HistoriqueEntry {
  return {
    id: Number(row.id),
    date: row.date,
    entite: row.entite,
    entite_id: row.entite_id,
    action: row.action,
    libelle: auditActionLabel(row.action),
    acteur:
      row.actor_kind === 'user'
        ? { type: 'user', id: row.actor_user_id, nom: row.actor_nom ?? 'Utilisateur inconnu' }
        : { type: 'system', id: null, nom: 'Système' },
    changements: diff(row.before, row.after),
  };
}

export async function historiquesOf(db: Executor, id: number): Promise<HistoriqueEntry[]> {
  const [stay] = await db
    .select({ parentId: reservations.idReservationMere })
    .from(reservations)
    .where(eq(reservations.id, id));
  if (stay === undefined) throw new NotFoundError(DETAIL_MESSAGES.notFound);
  const rows = await rowsOf<AuditRow>(
    db,
    sql`select ${auditEntrySelect}
    from audit_log a
    -- Three index lookups on (entity, entity_id), one per kind of row: an OR of them made PostgreSQL walk the
    -- whole trail by date instead (137 ms → 0.4 ms on the large preset's 311,844 entries).
    where a.id in (
      select b.id from audit_log b where b.entity = 'reservation' and b.entity_id = any(array(select ${String(id)}
        union all select x.id::text from reservations x where x.prolongation_de_id = ${id}))
      union all
      select b.id from audit_log b where b.entity = 'reservation_mere' and b.entity_id = ${String(stay.parentId)}
      union all
      select b.id from audit_log b where b.entity = 'nuitee'
        and b.entity_id = any(array(select n.id::text from nuitees n where n.reservation_id = ${id})))
    order by a.at desc, a.id desc`,
  );
  return rows.map(historiqueEntryOf);
}
