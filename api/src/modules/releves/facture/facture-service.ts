/**
 * The hotels' own invoices (factures établissements): entered by a user (unique per hotel and number), listed with
 * filters, read with their differences, and given a detail (a file of nights) that replaces the previous one and
 * sends the invoice back to « à rapprocher ». Every write: one transaction with its audit row; a write names the
 * version it read (compare-and-swap under the row's lock: a stale version → 409, nothing written).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  RELEVES_MESSAGES,
  type DetailBody,
  type Ecart,
  type FactureEtablissement,
  type FactureEtablissementBody,
  type FactureEtablissementDetail,
  type FactureEtablissementPage,
  type FactureEtablissementQuery,
} from 'shared/contract';
import { type Actor, actorUserId, recordAudit } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { oneOf, rowsOf } from '../../../db/raw';
import type { AsOf } from '../../../db/today';
import { facturesEtablissements, lignesFactureEtablissement } from '../../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, pgErrorInfo } from '../../../errors';
import { daysBetween } from '../../../lib/days';
import { fromCents, monthPeriod, toCents } from '../periode';
import { lireFichierDetail, sourceOf } from './detail-fichier';
import { normaliserDetail, type LigneDetail } from './detail-lignes';

export const FACTURE_ENTITY = 'facture_etablissement';

const factureSelect = sql`f.id, f.etablissement_id as "etablissementId", e.nom as "etablissementNom", f.numero,
  f.date_facture::text as "dateFacture", f.periode_debut::text as "periodeDebut", f.periode_fin::text as "periodeFin",
  f.total_ht::text as "totalHt", f.total_tva::text as "totalTva", f.total_ttc::text as "totalTtc", f.etat,
  f.source_detail as "sourceDetail", f.nom_fichier as "nomFichier",
  (select count(*)::int from lignes_facture_etablissement l where l.facture_id = f.id) as "lignesDetail",
  (select count(*)::int from ecarts_facture_etablissement x where x.facture_id = f.id) as "nombreEcarts",
  (select count(*)::int from ecarts_facture_etablissement x where x.facture_id = f.id and x.accepte_le is null)
    as "ecartsOuverts",
  f.version, ${isoTimestamp(sql`f.rapprochee_le`)} as "rapprocheeLe", ${isoTimestamp(sql`f.created_at`)} as "creeLe"`;

const factureFrom = sql`factures_etablissements f join etablissements e on e.id = f.etablissement_id`;

type FactureEtablissementFilters = Omit<FactureEtablissementQuery, 'page' | 'pageSize'>;

function listConditions(query: FactureEtablissementFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.etablissementId !== undefined)
    conditions.push(sql`f.etablissement_id = ${query.etablissementId}`);
  if (query.etat !== undefined) conditions.push(sql`f.etat = ${query.etat}`);
  if (query.numero !== undefined)
    conditions.push(sql`strpos(lower(f.numero), lower(${query.numero.trim()})) > 0`);
  if (query.mois !== undefined) {
    const { debut, fin } = monthPeriod(query.mois);
    conditions.push(sql`f.periode_debut < ${fin}::date and f.periode_fin > ${debut}::date`);
  }
  return sql.join(conditions, sql` and `);
}

export async function listFactures(
  db: Executor,
  query: FactureEtablissementQuery,
): Promise<FactureEtablissementPage> {
  const where = listConditions(query);
  const row = await oneOf<FactureEtablissementPage>(
    db,
    sql`select (select count(*)::int from ${factureFrom} where ${where}) as total,
      (select coalesce(json_agg(to_jsonb(x) order by x.n), '[]'::json) from (
        select ${factureSelect}, row_number() over (order by f.date_facture desc, f.id desc) as n
        from ${factureFrom} where ${where}
        order by f.date_facture desc, f.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) x)
        as data`,
  );
  return {
    total: row?.total ?? 0,
    data: (row?.data ?? []).map(({ n: _n, ...item }: FactureEtablissement & { n?: number }) => item),
  };
}

/** The `total` the list gives for these filters, without reading a row (the dashboard's counters). */
export async function countFactures(db: Executor, query: FactureEtablissementFilters): Promise<number> {
  const row = await oneOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${factureFrom} where ${listConditions(query)}`,
  );
  return row?.total ?? 0;
}

const ecartSelect = sql`x.id, x.type, x.reservation_id as "reservationId", x.pensionnaire,
  x.date_nuit::text as "dateNuit", x.prestation, x.ligne_detail as "ligneDetail", x.autre_facture as "autreFacture",
  x.montant_facture::text as "montantFacture", x.montant_reserve::text as "montantReserve",
  (x.montant_facture - x.montant_reserve)::numeric(14, 2)::text as difference,
  x.taux_facture::text as "tauxFacture", x.taux_reserve::text as "tauxReserve", x.accepte_le is not null as accepte,
  x.motif, nullif(trim(coalesce(u.prenom, '') || ' ' || coalesce(u.nom, '')), '') as "acceptePar",
  ${isoTimestamp(sql`x.accepte_le`)} as "accepteLe"`;

/** The differences of an invoice in the report's order: per document first, then per stay and night. */
export function ecartsOf(db: Executor, factureId: number): Promise<Ecart[]> {
  return rowsOf<Ecart>(
    db,
    sql`select ${ecartSelect} from ecarts_facture_etablissement x left join users u on u.id = x.accepte_par
      where x.facture_id = ${factureId}
      order by x.date_nuit is not null, x.pensionnaire nulls first, x.reservation_id nulls first, x.date_nuit,
        x.prestation, x.ligne_detail, x.id`,
  );
}

/** The differences in HT per night that the totals add up (a VAT rate difference is in VAT: shown, not added). */
const PER_NIGHT_HT = new Set<Ecart['type']>([
  'facturee_non_reservee',
  'reservee_non_facturee',
  'ecart_prix',
  'facturee_en_double',
]);

/** An invoice with its differences; 404 when it does not exist. */
export async function getFacture(db: Executor, id: number): Promise<FactureEtablissementDetail> {
  const facture = await oneOf<FactureEtablissement>(
    db,
    sql`select ${factureSelect} from ${factureFrom} where f.id = ${id}`,
  );
  if (facture === undefined) throw new NotFoundError(RELEVES_MESSAGES.factureInconnue(id));
  const ecarts = await ecartsOf(db, id);
  const perNight = ecarts.filter((ecart) => PER_NIGHT_HT.has(ecart.type));
  const sum = (pick: (ecart: Ecart) => string) =>
    fromCents(perNight.reduce((total, ecart) => total + toCents(pick(ecart)), 0));
  return {
    ...facture,
    ecarts,
    totauxEcarts: {
      montantFacture: sum((ecart) => ecart.montantFacture),
      montantReserve: sum((ecart) => ecart.montantReserve),
      difference: sum((ecart) => ecart.difference),
    },
  };
}

/** The invoice row locked for a write, at the version the writer read; 404, or 409 when it changed since. */
export async function lockFacture(
  tx: Executor,
  id: number,
  version: number,
): Promise<typeof facturesEtablissements.$inferSelect> {
  const [row] = await tx
    .select()
    .from(facturesEtablissements)
    .where(sql`${facturesEtablissements.id} = ${id}`)
    .for('update');
  if (row === undefined) throw new NotFoundError(RELEVES_MESSAGES.factureInconnue(id));
  if (row.version !== version) throw new ConflictError(RELEVES_MESSAGES.version);
  return row;
}

function checkBody(body: FactureEtablissementBody): void {
  if (body.periodeFin <= body.periodeDebut)
    throw new BadRequestError(RELEVES_MESSAGES.periode, { champ: 'periodeFin' });
  if (daysBetween(body.periodeDebut, body.periodeFin) > 366)
    throw new BadRequestError(RELEVES_MESSAGES.periodeLongue, { champ: 'periodeFin' });
  if (toCents(body.totalTtc) !== toCents(body.totalHt) + toCents(body.totalTva))
    throw new BadRequestError(RELEVES_MESSAGES.ttc, { champ: 'totalTtc' });
}

/** Enters a hotel's invoice; 400 for an unknown hotel or inconsistent totals, 409 for a number already entered. */
export async function createFacture(
  db: Executor,
  actor: Actor,
  body: FactureEtablissementBody,
  asOf?: AsOf,
): Promise<FactureEtablissementDetail> {
  checkBody(body);
  const numero = body.numero.trim();
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const hotel = await oneOf<{ id: number }>(
        tx,
        sql`select id from etablissements where id = ${body.etablissementId}`,
      );
      if (hotel === undefined)
        throw new BadRequestError(RELEVES_MESSAGES.etablissementInconnu(body.etablissementId), {
          champ: 'etablissementId',
        });
      const [row] = await tx
        .insert(facturesEtablissements)
        .values({
          etablissementId: body.etablissementId,
          numero,
          dateFacture: body.dateFacture,
          periodeDebut: body.periodeDebut,
          periodeFin: body.periodeFin,
          totalHt: body.totalHt,
          totalTva: body.totalTva,
          totalTtc: body.totalTtc,
          createdBy: actorUserId(actor),
          createdAt: asOf?.at,
          updatedAt: asOf?.at,
        })
        .returning();
      if (row === undefined) throw new Error('facture établissement : aucune ligne insérée');
      await recordAudit(tx, {
        entity: FACTURE_ENTITY,
        entityId: row.id,
        action: 'create',
        after: row,
        actor,
        at: asOf?.at,
      });
      return row.id;
    });
  } catch (error) {
    if (pgErrorInfo(error)?.code === '23505')
      throw new ConflictError(RELEVES_MESSAGES.doublon(numero), { champ: 'numero', cause: error });
    throw error;
  }
  return getFacture(db, id);
}

/** Stores normalised lines as the invoice's detail (any previous detail and differences dropped). */
export async function storeDetail(
  db: Executor,
  actor: Actor,
  id: number,
  version: number,
  source: { kind: 'xlsx' | 'csv' | 'facturx'; nomFichier: string },
  lignes: LigneDetail[],
  asOf?: AsOf,
): Promise<FactureEtablissementDetail> {
  await db.transaction(async (tx) => {
    const before = await lockFacture(tx, id, version);
    await tx.execute(sql`delete from ecarts_facture_etablissement where facture_id = ${id}`);
    await tx.execute(sql`delete from lignes_facture_etablissement where facture_id = ${id}`);
    for (let start = 0; start < lignes.length; start += 1_000)
      await tx.insert(lignesFactureEtablissement).values(
        lignes.slice(start, start + 1_000).map((ligne) => ({
          factureId: id,
          ligne: ligne.ligne,
          reservationId: ligne.reservationId,
          pensionnaire: ligne.pensionnaire,
          dateNuit: ligne.dateNuit,
          prestation: ligne.prestation,
          typeChambre: ligne.typeChambre,
          quantite: ligne.quantite,
          prixUnitaireHt: ligne.prixUnitaireHt,
          tauxTva: ligne.tauxTva,
        })),
      );
    await tx.execute(sql`update factures_etablissements set source_detail = ${source.kind},
      nom_fichier = ${source.nomFichier}, etat = 'a_rapprocher', rapprochee_le = null, version = version + 1,
      updated_at = ${asOf?.at ?? sql`now()`} where id = ${id}`);
    await recordAudit(tx, {
      entity: FACTURE_ENTITY,
      entityId: id,
      action: 'update',
      before: { etat: before.etat, sourceDetail: before.sourceDetail, nomFichier: before.nomFichier },
      after: {
        etat: 'a_rapprocher',
        sourceDetail: source.kind,
        nomFichier: source.nomFichier,
        lignes: lignes.length,
      },
      actor,
      at: asOf?.at,
    });
  });
  return getFacture(db, id);
}

/** Loads a detail file (read and checked before anything is written). */
export async function loadDetailFile(
  db: Executor,
  actor: Actor,
  id: number,
  body: DetailBody,
): Promise<FactureEtablissementDetail> {
  const lignes = normaliserDetail(await lireFichierDetail(body.nomFichier, body.contenu));
  return storeDetail(
    db,
    actor,
    id,
    body.version,
    { kind: sourceOf(body.nomFichier), nomFichier: body.nomFichier },
    lignes,
  );
}
