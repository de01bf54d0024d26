/**
 * Full reservations ("réservations intégrales", table reservations_meres): a page of parents, one parent with
 * its stays and totals, and its recap per resident. Aliases: m = reservations_meres, r = reservations (children),
 * c = clients, e = etablissements, cc / ce = the sale / purchase contracts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  RecapPensionnaire,
  ReservationIntegraleDetail,
  ReservationIntegraleItem,
  ReservationIntegraleListBody,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { NotFoundError } from '../../../errors';
import { containsText, normalisedContains } from '../../../lib/text-search';
import { actionColumns } from '../detail/detail-service';
import { readRetablissements } from '../retablissement/read-retablissements';
import { assertFilterPeriod, whereClause } from '../filters';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { selectReservationItems } from '../reservation-items';
import { integraleAnnulee } from '../stay-repository';
import { EMPTY_TOTAUX, totauxBy, totauxOf } from '../totaux';

export const INTEGRALE_MESSAGES = { notFound: 'Réservation intégrale introuvable.' } as const;

type IntegraleSortKey = NonNullable<ReservationIntegraleListBody['sort']>;
const SORTS: Record<IntegraleSortKey, SQL> = {
  id: sql`m.id`,
  date_debut: sql`m.date_debut`,
  date_fin: sql`m.date_fin`,
  client: sql`c.nom`,
  etablissement: sql`e.nom`,
  created_at: sql`m.created_at`,
};

function integraleConditions(body: Omit<ReservationIntegraleListBody, 'page' | 'pageSize'>): SQL[] {
  const conditions: SQL[] = [];
  if (body.client_id !== undefined) conditions.push(sql`m.client_id = ${body.client_id}`);
  if (body.etablissement_id !== undefined)
    conditions.push(sql`m.etablissement_id = ${body.etablissement_id}`);
  if (body.statut !== undefined)
    conditions.push(
      sql`exists (select 1 from reservations r where r.id_reservation_mere = m.id and r.statut = ${body.statut})`,
    );
  if (body.start_date !== undefined) conditions.push(sql`m.date_fin > ${body.start_date}::date`);
  if (body.end_date !== undefined) conditions.push(sql`m.date_debut < ${body.end_date}::date`);
  if (body.client?.trim())
    conditions.push(
      sql`m.client_id in (select cs.id from clients cs where ${normalisedContains(sql`cs.nom_recherche`, body.client)})`,
    );
  if (body.etablissement?.trim())
    conditions.push(
      sql`m.etablissement_id in (select es.id from etablissements es
        where ${normalisedContains(sql`es.nom_recherche`, body.etablissement)})`,
    );
  if (body.pensionnaire?.trim())
    // « nom prénom nom » (nom_recherche) holds the name in either order.
    conditions.push(sql`exists (select 1 from reservations r join pensionnaires ps on ps.id = r.pensionnaire_id
      where r.id_reservation_mere = m.id and (${normalisedContains(sql`ps.nom_recherche`, body.pensionnaire)}
        or ${containsText(sql`ps.numero_dossier`, body.pensionnaire)}))`);
  return conditions;
}

const integraleSelect = sql`m.id, m.client_id, c.nom as client_nom, m.etablissement_id,
  e.nom as etablissement_nom, e.ville as etablissement_ville,
  json_build_object('id', cc.id, 'reference', cc.reference) as contrat_client,
  json_build_object('id', ce.id, 'reference', ce.reference) as contrat_etablissement,
  m.date_debut::text as date_debut, m.date_fin::text as date_fin, m.demande_id,
  (select count(*) from reservations r where r.id_reservation_mere = m.id)::int as nombre_reservations,
  (select count(distinct r.pensionnaire_id) from reservations r where r.id_reservation_mere = m.id)::int
    as nombre_pensionnaires,
  coalesce((select json_object_agg(s.statut, s.n) from (select r.statut, count(*)::int as n from reservations r
    where r.id_reservation_mere = m.id group by r.statut) s), '{}'::json) as statuts,
  ${isoTimestamp(sql`m.created_at`)} as created_at`;

const integraleJoins = sql`join clients c on c.id = m.client_id
  join etablissements e on e.id = m.etablissement_id
  join contrats_clients cc on cc.id = m.contrat_client_id
  join contrats_etablissement ce on ce.id = m.contrat_etablissement_id`;

/** POST /reservations_integrales: a page of parents and the total, in one statement. */
export async function listIntegrales(
  db: Executor,
  body: ReservationIntegraleListBody,
): Promise<{ reservations_integrales: ReservationIntegraleItem[]; total: number }> {
  const { page, pageSize, sort, order, ...filters } = body;
  assertFilterPeriod(filters);
  const where = whereClause(integraleConditions(filters));
  const direction = sql.raw(order ?? (sort === undefined ? 'desc' : 'asc'));
  const sortColumn = SORTS[sort ?? 'date_debut'];
  const orderBy = sql`${sortColumn} ${direction}, m.id ${direction}`;
  // The page's ids first (sort on the parent and the one table the sort names), then the counts of those only.
  const sortJoin =
    sort === 'client'
      ? sql`join clients c on c.id = m.client_id`
      : sort === 'etablissement'
        ? sql`join etablissements e on e.id = m.etablissement_id`
        : sql``;
  const [row] = await rowsOf<{ total: number; items: ReservationIntegraleItem[] }>(
    db,
    sql`select (select count(*)::int from reservations_meres m ${where}) as total,
      (select coalesce(json_agg(to_jsonb(i) - 'n' order by i.n), '[]'::json) from (
        select ${integraleSelect}, row_number() over (order by ${orderBy}) as n
        from (select m.id from reservations_meres m ${sortJoin} ${where}
          order by ${orderBy} limit ${pageSize} offset ${(page - 1) * pageSize}) ids
        join reservations_meres m on m.id = ids.id ${integraleJoins}) i) as items`,
  );
  return { reservations_integrales: row?.items ?? [], total: Number(row?.total ?? 0) };
}

async function integraleItem(db: Executor, id: number): Promise<ReservationIntegraleItem> {
  const [row] = await rowsOf<ReservationIntegraleItem>(
    db,
    sql`select ${integraleSelect} from reservations_meres m ${integraleJoins} where m.id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(INTEGRALE_MESSAGES.notFound);
  return row;
}

/** GET /reservations_integrales/:id: the parent, its stays (by resident, then date), totals and actions (« Rétablir » per stay). */
export async function getIntegrale(db: Executor, id: number): Promise<ReservationIntegraleDetail> {
  const item = await integraleItem(db, id);
  const reservations = await selectReservationItems(
    db,
    { id_reservation_mere: id },
    { sort: 'pensionnaire', order: 'asc', limit: 100_000 },
  );
  const totaux = await totauxOf(
    db,
    sql`n.reservation_id in (select r.id from reservations r where r.id_reservation_mere = ${id})`,
  );
  const [actions] = await rowsOf<ReservationIntegraleDetail['actions']>(
    db,
    sql`select coalesce(bool_or(${actionColumns.confirmer}), false) as confirmer,
      coalesce(bool_or(${actionColumns.annuler}), false) as annuler,
      coalesce(bool_or(${actionColumns.prolonger}), false) as prolonger,
      not ${integraleAnnulee(sql`${id}::int`)} as ajouter
    from reservations r where r.id_reservation_mere = ${id}`,
  );
  return {
    ...item,
    reservations,
    totaux,
    actions: actions ?? { confirmer: false, annuler: false, prolonger: false, ajouter: true },
    retablissements: await readRetablissements(
      db,
      reservations.map((row) => row.id),
    ),
  };
}

type RecapRow = Omit<RecapPensionnaire, 'totaux'>;

/**
 * GET /reservations_integrales/recap/:id: one row per resident of the parent. Dates span the non-cancelled
 * stays (every stay when all are cancelled); the status is the last stay's (non-cancelled first).
 */
export async function integraleRecap(db: Executor, id: number): Promise<RecapPensionnaire[]> {
  await integraleItem(db, id);
  const rows = await rowsOf<RecapRow>(
    db,
    sql`select r.pensionnaire_id, p.nom as pensionnaire_nom, p.prenom as pensionnaire_prenom, p.numero_dossier,
      coalesce(min(r.date_debut) filter (where r.statut <> 'annulee'), min(r.date_debut))::text as date_debut,
      coalesce(max(r.date_fin) filter (where r.statut <> 'annulee'), max(r.date_fin))::text as date_fin,
      array_agg(r.id order by r.date_debut, r.id) as reservation_ids,
      (array_agg(r.id order by r.date_fin desc, r.id desc) filter (where r.statut <> 'annulee'
        and r.prolongee_par_id is null)
      )[1] as derniere_reservation_id,
      (array_agg(r.statut order by (r.statut = 'annulee'), r.date_fin desc, r.id desc))[1] as statut
    from reservations r join pensionnaires p on p.id = r.pensionnaire_id
    where r.id_reservation_mere = ${id}
    group by r.pensionnaire_id, p.nom, p.prenom, p.numero_dossier
    order by p.nom, p.prenom, r.pensionnaire_id`,
  );
  const totaux = await totauxBy(
    db,
    sql`n.pensionnaire_id`,
    sql`n.reservation_id in (select r.id from reservations r where r.id_reservation_mere = ${id})`,
  );
  return rows.map((row) => ({
    ...row,
    reservation_ids: row.reservation_ids.map(Number),
    statut: row.statut,
    totaux: totaux.get(String(row.pensionnaire_id)) ?? EMPTY_TOTAUX,
  }));
}
