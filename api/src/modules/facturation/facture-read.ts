/**
 * Reading invoices and credit notes: the list (filters, sort, page and total in one statement) and the card. What
 * is paid, credited and left to pay is summed when read from the payments and the credit notes, and « en retard »
 * derived from the day (docs/invoicing.md « Client invoices »).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FACTURATION_MESSAGES,
  FACTURE_STATUT_LABELS,
  type FactureDetail,
  type FactureItem,
  type FactureListAnswer,
  type FactureNuitee,
  type FactureQuery,
  type Paiement,
} from 'shared/contract';
import type { Executor } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { oneOf, rowsOf } from '../../db/raw';
import { TODAY } from '../../db/today';
import { NotFoundError } from '../../errors';
import { computeAnnexe } from './lignes';

/** Paid (payments not cancelled) and credited (its credit notes' TTC) of invoice `f`, as `m.paye`, `m.credite`. */
const AMOUNTS = sql`left join lateral (select
    coalesce((select sum(p.montant) from paiements p where p.facture_id = f.id and p.annule_at is null), 0) as paye,
    coalesce((select sum(a.total_ttc) from factures a where a.facture_origine_id = f.id), 0) as credite) m on true`;

const RESTE = sql`(case when f.type = 'facture' and f.statut <> 'brouillon'
  then f.total_ttc - m.credite - m.paye else 0 end)`;
const EN_RETARD = sql`(f.type = 'facture' and f.statut <> 'brouillon' and f.date_echeance < ${TODAY} and ${RESTE} > 0)`;

const itemSelect = sql`f.id, f.type, f.statut, ${EN_RETARD} as "enRetard", f.numero, f.client_id as "clientId",
  c.nom as "clientNom", f.periode_debut::text as "periodeDebut", f.periode_fin::text as "periodeFin",
  f.date_emission::text as "dateEmission", f.date_echeance::text as "dateEcheance", f.total_ht::text as "totalHt",
  f.total_tva::text as "totalTva", f.total_ttc::text as "totalTtc", m.paye::numeric(12, 2)::text as "montantPaye",
  m.credite::numeric(12, 2)::text as "montantCredite", ${RESTE}::numeric(12, 2)::text as "resteAPayer",
  f.facture_origine_id as "factureOrigineId", o.numero as "factureOrigineNumero",
  ${isoTimestamp(sql`f.created_at`)} as "createdAt"`;

const itemFrom = sql`from factures f join clients c on c.id = f.client_id
  left join factures o on o.id = f.facture_origine_id ${AMOUNTS}`;

type ItemRow = Omit<FactureItem, 'statutLibelle'>;
const labelled = (row: ItemRow): FactureItem => ({
  ...row,
  statutLibelle: FACTURE_STATUT_LABELS[row.statut],
});

const SORTS: Record<NonNullable<FactureQuery['sort']>, SQL> = {
  createdAt: sql`f.created_at`,
  dateEmission: sql`f.date_emission`,
  dateEcheance: sql`f.date_echeance`,
  numero: sql`f.numero`,
  client: sql`c.nom`,
  totalTtc: sql`f.total_ttc`,
};

type FactureFilters = Omit<FactureQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

function conditions(query: FactureFilters): SQL {
  const where: SQL[] = [sql`true`];
  if (query.type !== undefined) where.push(sql`f.type = ${query.type}`);
  if (query.statut !== undefined) where.push(sql`f.statut = ${query.statut}`);
  if (query.clientId !== undefined) where.push(sql`f.client_id = ${query.clientId}`);
  if (query.enRetard !== undefined) where.push(query.enRetard ? EN_RETARD : sql`not ${EN_RETARD}`);
  if (query.periodeDebut !== undefined) where.push(sql`f.periode_fin >= ${query.periodeDebut}`);
  if (query.periodeFin !== undefined) where.push(sql`f.periode_debut <= ${query.periodeFin}`);
  if (query.numero !== undefined)
    where.push(sql`f.numero ilike ${`%${query.numero.replace(/[\\%_]/g, '\\$&')}%`}`);
  return sql.join(where, sql` and `);
}

export async function listFactures(db: Executor, query: FactureQuery): Promise<FactureListAnswer> {
  const where = conditions(query);
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const order = sql`${SORTS[query.sort ?? 'createdAt']} ${direction} nulls last, f.id ${direction}`;
  const row = await oneOf<{ total: number; items: ItemRow[] }>(
    db,
    sql`select (select count(*)::int ${itemFrom} where ${where}) as total,
      coalesce((select json_agg(i) from (select ${itemSelect} ${itemFrom} where ${where} order by ${order}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) i), '[]'::json) as items`,
  );
  return { data: (row?.items ?? []).map(labelled), total: Number(row?.total ?? 0) };
}

/** The `total` the list gives for these filters, without reading a row (the dashboard's counters). */
export async function countFactures(db: Executor, query: FactureFilters): Promise<number> {
  const row = await oneOf<{ total: number }>(
    db,
    sql`select count(*)::int as total ${itemFrom} where ${conditions(query)}`,
  );
  return row?.total ?? 0;
}

export async function readFactureItem(db: Executor, id: number): Promise<FactureItem> {
  const row = await oneOf<ItemRow>(db, sql`select ${itemSelect} ${itemFrom} where f.id = ${id}`);
  if (row === undefined) throw new NotFoundError(FACTURATION_MESSAGES.notFound);
  return labelled(row);
}

/** The nights a document is about: an invoice's (credited or not), a credit note's (those it credits). */
export const nightsOf = (item: Pick<FactureItem, 'id' | 'type'>): SQL =>
  item.type === 'facture' ? sql`fn.facture_id = ${item.id}` : sql`fn.avoir_id = ${item.id}`;

export async function readFactureDetail(db: Executor, id: number): Promise<FactureDetail> {
  const item = await readFactureItem(db, id);
  const extra = await oneOf<
    Pick<FactureDetail, 'referenceAcheteur' | 'notes' | 'motif' | 'envoyeeAt' | 'document'>
  >(
    db,
    sql`select reference_acheteur as "referenceAcheteur", notes, motif,
        case when envoyee_at is null then null else ${isoTimestamp(sql`envoyee_at`)} end as "envoyeeAt", document
      from factures where id = ${id}`,
  );
  if (extra === undefined) throw new NotFoundError(FACTURATION_MESSAGES.notFound);
  const lignes = await rowsOf<FactureDetail['lignes'][number]>(
    db,
    sql`select numero, nature, libelle, etablissement_id as "etablissementId", type_chambre_id as "typeChambreId",
        quantite, prix_unitaire_ht::text as "prixUnitaireHt", montant_ht::text as "montantHt", taux_tva::text as "tauxTva"
      from facture_lignes where facture_id = ${id} order by numero`,
  );
  const nuitees = await rowsOf<FactureNuitee>(
    db,
    sql`select fn.nuitee_id::int as "nuiteeId", fn.reservation_id as "reservationId", fn.date_nuit::text as "dateNuit",
        fn.montant_ht::text as "montantHt", fn.avoir_id as "avoirId"
      from facture_nuitees fn where ${nightsOf(item)} order by fn.reservation_id, fn.date_nuit`,
  );
  const paiements = await rowsOf<Paiement>(
    db,
    sql`select id, facture_id as "factureId", date_paiement::text as "datePaiement", montant::text as montant, moyen,
        reference, ${isoTimestamp(sql`created_at`)} as "createdAt",
        case when annule_at is null then null else ${isoTimestamp(sql`annule_at`)} end as "annuleAt",
        motif_annulation as "motifAnnulation"
      from paiements where facture_id = ${id} order by date_paiement, id`,
  );
  const avoirs = await rowsOf<ItemRow>(
    db,
    sql`select ${itemSelect} ${itemFrom} where f.facture_origine_id = ${id} order by f.id`,
  );
  return {
    ...item,
    ...extra,
    lignes,
    annexe: await computeAnnexe(db, nightsOf(item)),
    nuitees,
    paiements,
    avoirs: avoirs.map(labelled),
  };
}
