/**
 * Households (docs/api.md « Foyers »): the list (one statement), the card (members, their stays, the requests of
 * the household or of its members), create and rename, and membership — a resident's `foyer_id`, set or cleared
 * here, each write audited in its transaction. Staff (agents and administrators) may write: requests and bookings
 * are made per household, which is the agents' daily work.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  FOYER_MEMBRES_APERCU,
  FOYER_MESSAGES,
  RESERVATION_STATUT_LABELS,
  type AuditAction,
  type DemandeItem,
  type FoyerCreateBody,
  type FoyerDetail,
  type FoyerItem,
  type FoyerListAnswer,
  type FoyerMembreDetail,
  type FoyerQuery,
  type FoyerSejour,
  type FoyerUpdateBody,
  type FoyerWritten,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { clients, foyers, pensionnaires } from '../../db/schema';
import { TODAY } from '../../db/today';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { containsText, normalisedContains } from '../../lib/text-search';
import { demandeItemSelect } from '../demandes/list/list-query';
import { isoTimestamp } from '../../db/iso-timestamp';

/**
 * A member of `f` matches `text`, name and first name in either order (`nom_recherche`, « nom prénom nom »), case and
 * accents aside (lib/text-search.ts).
 */
const memberMatches = (text: string) => sql`exists (select 1 from pensionnaires pm
  where pm.foyer_id = f.id and ${normalisedContains(sql`pm.nom_recherche`, text)})`;

function conditions(query: FoyerQuery): SQL {
  const where: SQL[] = [query.archived ? sql`f.archived_at is not null` : sql`f.archived_at is null`];
  if (query.clientId !== undefined) where.push(sql`f.client_id = ${query.clientId}`);
  if (query.nom?.trim()) where.push(containsText(sql`f.nom`, query.nom));
  if (query.membre?.trim()) where.push(memberMatches(query.membre));
  if (query.recherche?.trim())
    where.push(sql`(${containsText(sql`f.nom`, query.recherche)} or ${memberMatches(query.recherche)})`);
  return sql`where ${sql.join(where, sql` and `)}`;
}

const activeMembers = sql`(select count(*)::int from pensionnaires pc where pc.foyer_id = f.id
  and pc.archived_at is null)`;

const SORTS: Record<NonNullable<FoyerQuery['sort']>, { column: SQL; join: SQL }> = {
  nom: { column: sql`f.nom`, join: sql`` },
  client: { column: sql`cs.nom`, join: sql`join clients cs on cs.id = f.client_id` },
  nombreMembres: { column: activeMembers, join: sql`` },
  createdAt: { column: sql`f.created_at`, join: sql`` },
};

function orderOf(query: FoyerQuery): { sql: SQL; join: SQL } {
  // The route's schema accepts FOYER_SORTS only (an enum): every key has its column.
  const sort = SORTS[query.sort ?? 'nom'];
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  return { sql: sql`${sort.column} ${direction}, f.id ${direction}`, join: sort.join };
}

/** The FoyerItem columns of `f` (alias c = its client). Members: the active ones. */
const foyerItemSelect = sql`f.id, f.nom, f.client_id as "clientId", c.nom as "clientNom", f.notes,
  ${activeMembers} as "nombreMembres",
  coalesce((select json_agg(json_build_object('id', x.id, 'nom', x.nom, 'prenom', x.prenom)
              order by x.nom, x.prenom, x.id)
            from (select p.id, p.nom, p.prenom from pensionnaires p
                  where p.foyer_id = f.id and p.archived_at is null
                  order by p.nom, p.prenom, p.id limit ${FOYER_MEMBRES_APERCU}) x), '[]'::json) as membres,
  ${isoTimestamp(sql`f.created_at`)} as "createdAt", ${isoTimestamp(sql`f.updated_at`)} as "updatedAt",
  case when f.archived_at is null then null else ${isoTimestamp(sql`f.archived_at`)} end as "archivedAt"`;

/** A page of households and the total, in one statement. */
export async function listFoyers(db: Executor, query: FoyerQuery): Promise<FoyerListAnswer> {
  const where = conditions(query);
  const order = orderOf(query);
  const [row] = await rowsOf<{ total: number; items: FoyerItem[] }>(
    db,
    sql`select (select count(*)::int from foyers f ${where}) as total,
      (select coalesce(json_agg(to_jsonb(i) - 'n' order by i.n), '[]'::json) from (
        select ${foyerItemSelect}, ids.n
        from unnest((select array_agg(p.id) from (
            select f.id from foyers f ${order.join} ${where}
            order by ${order.sql} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) p))
          with ordinality ids(id, n)
        join foyers f on f.id = ids.id
        join clients c on c.id = f.client_id) i) as items`,
  );
  return { data: row?.items ?? [], total: Number(row?.total ?? 0) };
}

export async function readFoyerItem(db: Executor, id: number): Promise<FoyerItem> {
  const [row] = await rowsOf<FoyerItem>(
    db,
    sql`select ${foyerItemSelect} from foyers f join clients c on c.id = f.client_id where f.id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(FOYER_MESSAGES.notFound);
  return row;
}

/** The card: the household, all its members (archived ones flagged), their stays and the requests. */
export async function getFoyerDetail(db: Executor, id: number): Promise<FoyerDetail> {
  const item = await readFoyerItem(db, id);
  const membres = await rowsOf<FoyerMembreDetail>(
    db,
    sql`select p.id, p.nom, p.prenom, p.numero_dossier as "numeroDossier",
        p.date_naissance::text as "dateNaissance", p.sexe,
        case when p.archived_at is null then null else ${isoTimestamp(sql`p.archived_at`)} end as "archivedAt"
      from pensionnaires p where p.foyer_id = ${id}
      order by p.archived_at is not null, p.nom, p.prenom, p.id`,
  );
  const sejours = await rowsOf<Omit<FoyerSejour, 'statut_libelle'>>(
    db,
    sql`select * from (
        select r.id, r.id_reservation_mere, r.type_resa, r.statut, r.pensionnaire_id,
          p.nom as pensionnaire_nom, p.prenom as pensionnaire_prenom, r.etablissement_id,
          e.nom as etablissement_nom, tc.libelle as type_chambre_libelle,
          r.date_debut::text as date_debut, r.date_fin::text as date_fin,
          (r.statut not in ('annulee', 'terminee') and r.date_fin > ${TODAY}) as actuel
        from reservations r
        join pensionnaires p on p.id = r.pensionnaire_id
        join etablissements e on e.id = r.etablissement_id
        join types_chambre tc on tc.id = r.type_chambre_id
        where p.foyer_id = ${id}) s
      order by s.actuel desc, case when s.actuel then s.date_debut end asc, s.date_debut desc,
        s.pensionnaire_nom, s.pensionnaire_prenom, s.id`,
  );
  const demandes = await rowsOf<DemandeItem>(
    db,
    sql`select ${demandeItemSelect}
      from demandes_hebergement d join clients c on c.id = d.client_id
      where d.foyer_id = ${id}
         or exists (select 1 from demande_pensionnaires dp join pensionnaires p on p.id = dp.pensionnaire_id
                    where dp.demande_id = d.id and p.foyer_id = ${id})
      order by d.created_at desc, d.id desc`,
  );
  return {
    ...item,
    membres,
    sejours: sejours.map((s) => ({ ...s, statut_libelle: RESERVATION_STATUT_LABELS[s.statut] })),
    demandes,
  };
}

type FoyerRow = typeof foyers.$inferSelect;
type PensionnaireRow = typeof pensionnaires.$inferSelect;

async function lockFoyer(tx: Executor, id: number): Promise<FoyerRow> {
  const [row] = await tx.select().from(foyers).where(eq(foyers.id, id)).for('update');
  if (row === undefined) throw new NotFoundError(FOYER_MESSAGES.notFound);
  return row;
}

async function lockOpenFoyer(tx: Executor, id: number): Promise<FoyerRow> {
  const row = await lockFoyer(tx, id);
  if (row.archivedAt !== null) throw new ConflictError(FOYER_MESSAGES.archived(row.nom));
  return row;
}

async function lockPensionnaire(tx: Executor, id: number): Promise<PensionnaireRow> {
  const [row] = await tx.select().from(pensionnaires).where(eq(pensionnaires.id, id)).for('update');
  if (row === undefined) throw new NotFoundError(FOYER_MESSAGES.pensionnaireNotFound);
  return row;
}

const fullName = (p: PensionnaireRow) => `${p.prenom} ${p.nom}`;

const auditFoyer = (
  tx: Executor,
  actor: Actor,
  action: AuditAction,
  before: FoyerRow | null,
  after: FoyerRow,
) => recordAudit(tx, { entity: 'foyer', entityId: after.id, action, before, after, actor });

export function createFoyer(db: Database, actor: Actor, body: FoyerCreateBody): Promise<FoyerWritten> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, body.clientId), isNull(clients.archivedAt)));
    if (client === undefined) throw new BadRequestError(FOYER_MESSAGES.clientUnknown);
    const [row] = await tx
      .insert(foyers)
      .values({ clientId: body.clientId, nom: body.nom.trim(), notes: body.notes?.trim() || null })
      .returning();
    if (row === undefined) throw new Error('insert returned no row');
    await auditFoyer(tx, actor, 'create', null, row);
    return { message: FOYER_MESSAGES.created(row.nom), data: await readFoyerItem(tx, row.id) };
  });
}

export function updateFoyer(
  db: Database,
  actor: Actor,
  id: number,
  body: FoyerUpdateBody,
): Promise<FoyerWritten> {
  return db.transaction(async (tx) => {
    const before = await lockOpenFoyer(tx, id);
    const [row] = await tx
      .update(foyers)
      .set({
        nom: body.nom.trim(),
        ...(body.notes === undefined ? {} : { notes: body.notes?.trim() || null }),
      })
      .where(eq(foyers.id, id))
      .returning();
    if (row === undefined) throw new NotFoundError(FOYER_MESSAGES.notFound);
    await auditFoyer(tx, actor, 'update', before, row);
    return { message: FOYER_MESSAGES.updated(row.nom), data: await readFoyerItem(tx, id) };
  });
}

/** The resident's `foyer_id` becomes `foyerId`, audited on the resident (their history shows the move). */
async function setFoyerOf(tx: Executor, actor: Actor, before: PensionnaireRow, foyerId: number | null) {
  const [after] = await tx
    .update(pensionnaires)
    .set({ foyerId })
    .where(eq(pensionnaires.id, before.id))
    .returning();
  if (after === undefined) throw new NotFoundError(FOYER_MESSAGES.pensionnaireNotFound);
  await recordAudit(tx, {
    entity: 'pensionnaire',
    entityId: before.id,
    action: 'update',
    before,
    after,
    actor,
  });
}

/** Adds a resident of the household's client; one in another household moves (the message says from where). */
export function addMembre(
  db: Database,
  actor: Actor,
  id: number,
  pensionnaireId: number,
): Promise<FoyerWritten> {
  return db.transaction(async (tx) => {
    const foyer = await lockOpenFoyer(tx, id);
    const pensionnaire = await lockPensionnaire(tx, pensionnaireId);
    if (pensionnaire.clientId !== foyer.clientId) throw new BadRequestError(FOYER_MESSAGES.otherClient);
    if (pensionnaire.archivedAt !== null)
      throw new ConflictError(FOYER_MESSAGES.pensionnaireArchived(fullName(pensionnaire)));
    if (pensionnaire.foyerId === id)
      throw new ConflictError(FOYER_MESSAGES.alreadyMember(fullName(pensionnaire), foyer.nom));
    const [previous] =
      pensionnaire.foyerId === null
        ? []
        : await tx.select({ nom: foyers.nom }).from(foyers).where(eq(foyers.id, pensionnaire.foyerId));
    await setFoyerOf(tx, actor, pensionnaire, id);
    return {
      message: FOYER_MESSAGES.added(fullName(pensionnaire), foyer.nom, previous?.nom ?? null),
      data: await readFoyerItem(tx, id),
    };
  });
}

export function removeMembre(
  db: Database,
  actor: Actor,
  id: number,
  pensionnaireId: number,
): Promise<FoyerWritten> {
  return db.transaction(async (tx) => {
    const foyer = await lockOpenFoyer(tx, id);
    const pensionnaire = await lockPensionnaire(tx, pensionnaireId);
    if (pensionnaire.foyerId !== id)
      throw new NotFoundError(FOYER_MESSAGES.notMember(fullName(pensionnaire), foyer.nom));
    await setFoyerOf(tx, actor, pensionnaire, null);
    return {
      message: FOYER_MESSAGES.removed(fullName(pensionnaire), foyer.nom),
      data: await readFoyerItem(tx, id),
    };
  });
}
