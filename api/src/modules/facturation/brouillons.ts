/**
 * Drafts (docs/invoicing.md « Client invoices »): one client and one period (the calendar month by default), built
 * from the client's nights of the period not yet invoiced — not cancelled (`annulee = false`: the nights a cancelled
 * stay kept are billed), not held by another invoice or draft. A draft holds its nights (`facture_nuitees`): two
 * builds of the same nights at once meet on the unique index `facture_nuitees_une_fois`, and the one that waited
 * gets a 409. Recompute, edit (due date, buyer reference, notes) and delete while it is a draft.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import {
  FACTURATION_MESSAGES,
  addDays,
  type FactureDraftBody,
  type FactureDraftUpdateBody,
  type FactureWritten,
  type PreparationAnswer,
} from 'shared/contract';
import { type Actor, actorUserId, recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { todayOf, type AsOf } from '../../db/today';
import { clients, factures, type FactureRow } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, violates } from '../../errors';
import { readFactureDetail } from './facture-read';
import { computeLignes, computeTotaux, insertLignes } from './lignes';

export interface Periode {
  debut: string;
  fin: string;
}

/** First and last day of month 'YYYY-MM'. */
export function monthPeriod(mois: string): Periode {
  const [year, month] = mois.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { debut: `${mois}-01`, fin: `${mois}-${String(last).padStart(2, '0')}` };
}

/** The draft's period: `mois`, or the two days given, or the current month (Paris) when neither. */
export function periodOf(
  body: Pick<FactureDraftBody, 'mois' | 'periodeDebut' | 'periodeFin'>,
  today: string,
): Periode {
  if (body.periodeDebut !== undefined || body.periodeFin !== undefined) {
    if (
      body.periodeDebut === undefined ||
      body.periodeFin === undefined ||
      body.periodeFin < body.periodeDebut
    )
      throw new BadRequestError(FACTURATION_MESSAGES.periodInvalid, { champ: 'periodeFin' });
    if (addDays(body.periodeDebut, 366) <= body.periodeFin)
      throw new BadRequestError(FACTURATION_MESSAGES.periodTooLong, { champ: 'periodeFin' });
    return { debut: body.periodeDebut, fin: body.periodeFin };
  }
  return monthPeriod(body.mois ?? today.slice(0, 7));
}

/** Links to draft `factureId` the client's nights of the period that nothing bills yet; returns how many. */
async function linkNights(
  tx: Executor,
  factureId: number,
  clientId: number,
  periode: Periode,
): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`with ins as (insert into facture_nuitees (facture_id, nuitee_id, reservation_id, etablissement_id,
        type_chambre_id, date_nuit, prix_vente_ht, taux_tva_nuitee, petit_dejeuner, dejeuner, diner,
        prix_petit_dejeuner_ht, prix_dejeuner_ht, prix_diner_ht, taux_tva_repas, montant_ht)
      select ${factureId}, n.id, n.reservation_id, n.etablissement_id, n.type_chambre_id, n.date_nuit, n.prix_vente_ht,
        n.taux_tva_nuitee, n.petit_dejeuner, n.dejeuner, n.diner, n.prix_petit_dejeuner_ht, n.prix_dejeuner_ht,
        n.prix_diner_ht, n.taux_tva_repas, n.prix_vente_ht + n.petit_dejeuner * n.prix_petit_dejeuner_ht
          + n.dejeuner * n.prix_dejeuner_ht + n.diner * n.prix_diner_ht
      from reservations r join nuitees n on n.reservation_id = r.id
      where r.client_id = ${clientId} and not n.annulee
        and n.date_nuit between ${periode.debut}::date and ${periode.fin}::date
        and not exists (select 1 from facture_nuitees b where b.nuitee_id = n.id and b.avoir_id is null)
      returning 1) select count(*)::int as n from ins`,
  );
  return rows[0]?.n ?? 0;
}

/** Writes the draft's lines and totals from its nights. */
async function fillDraft(tx: Executor, factureId: number): Promise<void> {
  const lignes = await computeLignes(tx, sql`fn.facture_id = ${factureId}`);
  const totaux = await computeTotaux(tx, lignes);
  await insertLignes(tx, factureId, lignes);
  await tx
    .update(factures)
    .set({ totalHt: totaux.totalHt, totalTva: totaux.totalTva, totalTtc: totaux.totalTtc })
    .where(eq(factures.id, factureId));
}

/** Runs `work`; a unique violation of the nights' index (a concurrent draft took them first) is a 409. */
async function guardNights<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violates(error, 'facture_nuitees_une_fois'))
      throw new ConflictError(FACTURATION_MESSAGES.concurrentDraft);
    throw error;
  }
}

async function clientName(tx: Executor, clientId: number): Promise<string> {
  const [client] = await tx.select({ nom: clients.nom }).from(clients).where(eq(clients.id, clientId));
  if (client === undefined) throw new NotFoundError(FACTURATION_MESSAGES.clientUnknown);
  return client.nom;
}

/** The draft of one client and period, in the caller's transaction; 409 when no night is left to invoice. */
export async function buildDraft(
  tx: Executor,
  actor: Actor,
  body: FactureDraftBody,
  asOf?: AsOf,
): Promise<number> {
  const nom = await clientName(tx, body.clientId);
  const periode = periodOf(body, asOf?.today ?? (await todayOf(tx)));
  const [row] = await tx
    .insert(factures)
    .values({
      type: 'facture',
      clientId: body.clientId,
      periodeDebut: periode.debut,
      periodeFin: periode.fin,
      createdBy: actorUserId(actor),
      createdAt: asOf?.at,
      updatedAt: asOf?.at,
    })
    .returning();
  if (row === undefined) throw new Error('insert returned no row');
  if ((await linkNights(tx, row.id, body.clientId, periode)) === 0)
    throw new ConflictError(FACTURATION_MESSAGES.noNights(nom));
  await fillDraft(tx, row.id);
  await recordAudit(tx, {
    entity: 'facture',
    entityId: row.id,
    action: 'create',
    after: row,
    actor,
    at: asOf?.at,
  });
  return row.id;
}

export async function createDraft(
  db: Database,
  actor: Actor,
  body: FactureDraftBody,
  asOf?: AsOf,
): Promise<FactureWritten> {
  return guardNights(() =>
    db.transaction(async (tx) => {
      const id = await buildDraft(tx, actor, body, asOf);
      const data = await readFactureDetail(tx, id);
      return { message: FACTURATION_MESSAGES.draftCreated(data.clientNom), data };
    }),
  );
}

/** Locks document `id` and checks it is a draft (409 once issued: never edited nor deleted). */
const { pdf: _pdf, xml: _xml, ...ROW_COLUMNS } = getTableColumns(factures);

export async function lockFacture(tx: Executor, id: number): Promise<FactureRow> {
  const [row] = await tx.select(ROW_COLUMNS).from(factures).where(eq(factures.id, id)).for('update');
  if (row === undefined) throw new NotFoundError(FACTURATION_MESSAGES.notFound);
  return row;
}

async function lockDraft(tx: Executor, id: number): Promise<FactureRow> {
  const row = await lockFacture(tx, id);
  if (row.statut !== 'brouillon') throw new ConflictError(FACTURATION_MESSAGES.notDraft(row.numero ?? ''));
  return row;
}

/** Rebuilds a draft from the nights of its client and period as they are now (prices, cancellations, new nights). */
export function recomputeDraft(db: Database, actor: Actor, id: number): Promise<FactureWritten> {
  return guardNights(() =>
    db.transaction(async (tx) => {
      const before = await lockDraft(tx, id);
      await tx.execute(sql`delete from facture_lignes where facture_id = ${id}`);
      await tx.execute(sql`delete from facture_nuitees where facture_id = ${id}`);
      const periode = { debut: before.periodeDebut, fin: before.periodeFin };
      if ((await linkNights(tx, id, before.clientId, periode)) === 0)
        throw new ConflictError(FACTURATION_MESSAGES.noNights(await clientName(tx, before.clientId)));
      await fillDraft(tx, id);
      const [after] = await tx.select().from(factures).where(eq(factures.id, id));
      await recordAudit(tx, { entity: 'facture', entityId: id, action: 'recalcul', before, after, actor });
      return { message: FACTURATION_MESSAGES.draftRecomputed, data: await readFactureDetail(tx, id) };
    }),
  );
}

export function updateDraft(
  db: Database,
  actor: Actor,
  id: number,
  body: FactureDraftUpdateBody,
): Promise<FactureWritten> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, id);
    const [after] = await tx
      .update(factures)
      .set({
        dateEcheance: body.dateEcheance,
        ...(body.referenceAcheteur === undefined
          ? {}
          : { referenceAcheteur: body.referenceAcheteur?.trim() || null }),
        ...(body.notes === undefined ? {} : { notes: body.notes?.trim() || null }),
      })
      .where(eq(factures.id, id))
      .returning();
    await recordAudit(tx, { entity: 'facture', entityId: id, action: 'update', before, after, actor });
    return { message: FACTURATION_MESSAGES.draftUpdated, data: await readFactureDetail(tx, id) };
  });
}

/** Deletes a draft; its nights are free again. */
export function deleteDraft(db: Database, actor: Actor, id: number): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, id);
    await tx.delete(factures).where(eq(factures.id, id));
    await recordAudit(tx, { entity: 'facture', entityId: id, action: 'suppression', before, actor });
    return { message: FACTURATION_MESSAGES.draftDeleted };
  });
}

/**
 * « Préparer les factures du mois »: a draft for every client with nights of the month not yet invoiced, each in
 * its own transaction (one client's failure keeps the others'). `onProgress` reports after each client (a task's
 * progress). Clients whose nights another draft took meanwhile are counted, not failed.
 */
export async function prepareMonth(
  db: Database,
  actor: Actor,
  mois: string,
  onProgress: (done: number, total: number) => Promise<void> | void = () => {},
  asOf?: AsOf,
): Promise<PreparationAnswer> {
  const periode = monthPeriod(mois);
  const candidates = await rowsOf<{ id: number }>(
    db,
    sql`select distinct r.client_id as id from reservations r join nuitees n on n.reservation_id = r.id
      where not n.annulee and n.date_nuit between ${periode.debut}::date and ${periode.fin}::date
        and not exists (select 1 from facture_nuitees b where b.nuitee_id = n.id and b.avoir_id is null)
      order by 1`,
  );
  const factureIds: number[] = [];
  let skipped = 0;
  for (const [index, client] of candidates.entries()) {
    try {
      factureIds.push(
        await guardNights(() =>
          db.transaction((tx) => buildDraft(tx, actor, { clientId: client.id, mois }, asOf)),
        ),
      );
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      skipped += 1;
    }
    await onProgress(index + 1, candidates.length);
  }
  return {
    message: FACTURATION_MESSAGES.monthPrepared(factureIds.length),
    data: { factureIds, clientsSansNuitee: skipped },
  };
}
