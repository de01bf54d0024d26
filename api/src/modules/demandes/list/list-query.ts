/**
 * POST /demandes_hebergement (a page of requests and the total, one statement) and GET /demandesNumber. The
 * conditions reference only `d` (demandes_hebergement): searches on residents and clients are subqueries, so the
 * count joins nothing. Default order: the open requests of one kind (an action filter) as a queue, urgent first
 * then oldest first; otherwise the newest first.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DEMANDE_ACTION_FILTERS,
  DEMANDE_STATUTS_OUVERTS,
  type DemandeCountAnswer,
  type DemandeFilters,
  type DemandeItem,
  type DemandeListBody,
  type DemandeStatut,
  DEMANDES_MESSAGES,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { NotFoundError } from '../../../errors';
import { parisDayOf, TODAY } from '../../../db/today';
import { containsText, normalisedContains } from '../../../lib/text-search';
import { assertFilterPeriod, whereClause } from '../../reservations';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { rowsOf } from '../../../db/raw';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const OPEN = list(DEMANDE_STATUTS_OUVERTS);

/**
 * The requests one of whose residents matches `where` (alias ps): a set computed once, not a probe per request. The
 * residents are an array so that their requests are read through the resident index, not by scanning every link.
 */
const requestsOfResidents = (where: SQL) => sql`select dp.demande_id from demande_pensionnaires dp
  where dp.pensionnaire_id = any(array(select ps.id from pensionnaires ps where ${where}))`;
/** A resident's « nom prénom nom », normalised (`nom_recherche`): a search of their name in either order. */
const residentName = sql`ps.nom_recherche`;
/** What separates the fields of `demandes_recherche.texte` (migration 0014). */
const FIELD_SEPARATOR = '\n';

/**
 * The requests a « recherche » matches (the referent's name or e-mail, a resident's name or file number), case and
 * accents aside: one read of `demandes_recherche`, the fields of each request normalised in one text (through its
 * trigram index from three characters). A text holding the fields' separator could match across two fields there:
 * it is looked for in the fields themselves (docs/performance.md « Accommodation requests »).
 */
function searchSet(recherche: string): SQL {
  if (!recherche.includes(FIELD_SEPARATOR))
    return sql`select dr.demande_id as id from demandes_recherche dr
      where ${normalisedContains(sql`dr.texte`, recherche)}`;
  const ofResidents = requestsOfResidents(
    sql`${normalisedContains(residentName, recherche)} or ${containsText(sql`ps.numero_dossier`, recherche)}`,
  );
  return sql`select r.id from demandes_hebergement r where ${containsText(sql`r.referent_nom`, recherche)}
    or ${containsText(sql`r.referent_email`, recherche)} or r.id in (${ofResidents})`;
}

/** The list's conditions on `d`, but the « recherche » (a set of its own: listDemandes). */
function demandeConditions(f: DemandeFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.action !== undefined)
    conditions.push(sql`d.type = ${DEMANDE_ACTION_FILTERS[f.action].type} and d.statut in (${OPEN})`);
  if (f.statut !== undefined) {
    const statuts: DemandeStatut[] = Array.isArray(f.statut) ? f.statut : [f.statut];
    conditions.push(sql`d.statut in (${list(statuts)})`);
  }
  if (f.type !== undefined) conditions.push(sql`d.type = ${f.type}`);
  if (f.client_id !== undefined) conditions.push(sql`d.client_id = ${f.client_id}`);
  if (f.foyer_id !== undefined) conditions.push(sql`d.foyer_id = ${f.foyer_id}`);
  if (f.origine !== undefined) conditions.push(sql`d.origine = ${f.origine}`);
  if (f.urgente !== undefined) conditions.push(sql`d.urgente = ${f.urgente}`);
  if (f.pensionnaire_id !== undefined)
    conditions.push(sql`exists (select 1 from demande_pensionnaires dp
      where dp.demande_id = d.id and dp.pensionnaire_id = ${f.pensionnaire_id})`);
  // Overlap of the requested period with [start_date, end_date).
  if (f.start_date !== undefined) conditions.push(sql`d.date_fin > ${f.start_date}::date`);
  if (f.end_date !== undefined) conditions.push(sql`d.date_debut < ${f.end_date}::date`);
  // Column searches, case and accents aside (lib/text-search.ts).
  if (f.pensionnaire?.trim())
    conditions.push(sql`d.id in (${requestsOfResidents(normalisedContains(residentName, f.pensionnaire))})`);
  if (f.client?.trim())
    conditions.push(
      sql`d.client_id in (select cs.id from clients cs where ${normalisedContains(sql`cs.nom_recherche`, f.client)})`,
    );
  if (f.referent?.trim())
    conditions.push(
      sql`(${containsText(sql`d.referent_nom`, f.referent)} or ${containsText(sql`d.referent_email`, f.referent)})`,
    );
  if (f.reference?.trim()) {
    const text = f.reference.trim().replace(/^n°\s*/i, '');
    const reference = containsText(sql`d.reference_externe`, text);
    conditions.push(/^\d{1,9}$/.test(text) ? sql`(d.id = ${Number(text)} or ${reference})` : reference);
  }
  return conditions;
}

type SortKey = NonNullable<DemandeListBody['sort']>;
const SORTS: Record<SortKey, { columns: SQL[]; join: SQL }> = {
  id: { columns: [], join: sql`` },
  created_at: { columns: [sql`d.created_at`], join: sql`` },
  date_debut: { columns: [sql`d.date_debut`], join: sql`` },
  date_fin: { columns: [sql`d.date_fin`], join: sql`` },
  statut: { columns: [sql`d.statut`], join: sql`` },
  type: { columns: [sql`d.type`], join: sql`` },
  urgente: { columns: [sql`d.urgente`], join: sql`` },
  client: { columns: [sql`cs.nom`], join: sql`join clients cs on cs.id = d.client_id` },
};

/** A queue when the filters select open requests only (an action filter, or open statuses). */
function isQueue(f: DemandeFilters): boolean {
  if (f.action !== undefined) return true;
  const statuts = f.statut === undefined ? [] : Array.isArray(f.statut) ? f.statut : [f.statut];
  return (
    statuts.length > 0 && statuts.every((s) => (DEMANDE_STATUTS_OUVERTS as readonly string[]).includes(s))
  );
}

function orderBy(body: DemandeListBody): { sql: SQL; join: SQL } {
  if (body.sort === undefined)
    return isQueue(body)
      ? { sql: sql`d.urgente desc, d.created_at asc, d.id asc`, join: sql`` }
      : { sql: sql`d.created_at desc, d.id desc`, join: sql`` };
  const sort = SORTS[body.sort];
  const order = sql.raw(body.order ?? 'asc');
  return {
    sql: sql.join(
      [...sort.columns, sql`d.id`].map((column) => sql`${column} ${order}`),
      sql`, `,
    ),
    join: sort.join,
  };
}

/** The DemandeItem columns of `d` (alias c = its client). */
export const demandeItemSelect = sql`d.id, d.type, d.statut, d.origine, d.urgente, d.client_id, c.nom as client_nom,
  d.date_debut::text as date_debut, d.date_fin::text as date_fin, d.nombre_personnes,
  coalesce((select json_agg(json_build_object('id', x.id, 'nom', x.nom, 'prenom', x.prenom)
              order by x.nom, x.prenom, x.id)
            from (select ps.id, ps.nom, ps.prenom from demande_pensionnaires dp
                  join pensionnaires ps on ps.id = dp.pensionnaire_id where dp.demande_id = d.id
                  order by ps.nom, ps.prenom, ps.id limit 5) x), '[]'::json) as pensionnaires,
  d.referent_nom, d.reference_externe,
  ((select count(*) from reservations rp where rp.demande_id = d.id)
    + (select count(*) from demande_reservations_cibles rc where rc.demande_id = d.id))::int as nombre_reservations,
  ${isoTimestamp(sql`d.created_at`)} as created_at,
  (${TODAY} - ${parisDayOf(sql`d.created_at`)})::int as age_jours`;

/** The statement's parts: its `with`, its total, and the ids of its page in their order (an int[]). */
interface ListParts {
  with: SQL;
  total: SQL;
  ids: SQL;
}
/** The ids of the page of `requests` (alias d) under `where`, in the list's order, as an int[]. */
type PageOf = (requests: SQL, where: SQL) => SQL;
const REQUESTS = sql`demandes_hebergement d`;

function plainParts(conditions: SQL[], pageOf: PageOf): ListParts {
  const where = whereClause(conditions);
  return {
    with: sql``,
    total: sql`select count(*)::int from demandes_hebergement d ${where}`,
    ids: pageOf(REQUESTS, where),
  };
}

/**
 * Up to this many matches of a « recherche », the page is read from the matches (each one read, then sorted); above,
 * by walking the requests in the page's order, keeping the matches until the page is full — cheaper as soon as they
 * are dense, while for a few the walk would read almost every request (docs/performance.md « Accommodation
 * requests »).
 */
const FEW_MATCHES = 300;
/**
 * A match of the statement's `with recherche`. `is true` keeps the `in` a hashed subplan, a probe of each request as
 * the plan reads it, in the page's order; as a join, every match would be read before the sort.
 */
const IS_MATCH = sql`(d.id in (select id from recherche)) is true`;
const MATCHES = sql`unnest(array(select id from recherche)) m(id) join demandes_hebergement d on d.id = m.id`;

/** The matches of a « recherche » are computed once (`with recherche`), for the total and the page. */
function searchParts(recherche: string, conditions: SQL[], pageOf: PageOf): ListParts {
  const where = whereClause(conditions, [IS_MATCH]);
  return {
    with: sql`with recherche as materialized (${searchSet(recherche)})`,
    // The set holds each match once: with no other condition, it is the total.
    total:
      conditions.length === 0
        ? sql`select count(*)::int from recherche`
        : sql`select count(*)::int from demandes_hebergement d ${where}`,
    ids: sql`case when (select count(*) from recherche) > ${sql.raw(String(FEW_MATCHES))}
      then ${pageOf(REQUESTS, where)} else ${pageOf(MATCHES, whereClause(conditions))} end`,
  };
}

export async function listDemandes(
  db: Executor,
  body: DemandeListBody,
): Promise<{ demandes: DemandeItem[]; total: number }> {
  const { page, pageSize, sort: _sort, order: _order, ...filters } = body;
  assertFilterPeriod(filters);
  const conditions = demandeConditions(filters);
  const order = orderBy(body);
  const pageOf: PageOf = (requests, where) => sql`(select array_agg(p.id) from (
    select d.id from ${requests} ${order.join} ${where}
    order by ${order.sql} limit ${pageSize} offset ${(page - 1) * pageSize}) p)`;
  const recherche = filters.recherche?.trim();
  const parts = recherche ? searchParts(recherche, conditions, pageOf) : plainParts(conditions, pageOf);
  const [row] = await rowsOf<{ total: number; items: DemandeItem[] }>(
    db,
    sql`${parts.with} select (${parts.total}) as total,
      (select coalesce(json_agg(to_jsonb(i) - 'n' order by i.n), '[]'::json) from (
        select ${demandeItemSelect}, ids.n
        from unnest(${parts.ids}) with ordinality ids(id, n)
        join demandes_hebergement d on d.id = ids.id
        join clients c on c.id = d.client_id) i) as items`,
  );
  return { demandes: row?.items ?? [], total: Number(row?.total ?? 0) };
}

/** GET /demandesNumber: open requests of each kind, in one scan. */
export async function countDemandes(db: Executor): Promise<DemandeCountAnswer> {
  const [row] = await rowsOf<DemandeCountAnswer>(
    db,
    sql`select count(*) filter (where type = 'nouvelle')::int as total_demande_a_traiter,
        count(*) filter (where type = 'annulation')::int as total_demande_a_annuler,
        count(*) filter (where type = 'prolongation')::int as total_demande_a_prolonger
      from demandes_hebergement where statut in (${OPEN})`,
  );
  return row ?? { total_demande_a_traiter: 0, total_demande_a_annuler: 0, total_demande_a_prolonger: 0 };
}

/** One request as the list shows it (404 when unknown). */
export async function readDemandeItem(db: Executor, id: number): Promise<DemandeItem> {
  const [row] = await rowsOf<DemandeItem>(
    db,
    sql`select ${demandeItemSelect} from demandes_hebergement d join clients c on c.id = d.client_id
        where d.id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(DEMANDES_MESSAGES.notFound(id));
  return row;
}
