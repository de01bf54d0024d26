/**
 * The contract service, one implementation for both kinds (kinds.ts): list, read, create with lines, update
 * header + lines, status transitions. Every write runs in one transaction with its audit row; database rule
 * violations become French 400/409 (db-errors.ts).
 */
import { and, count, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import {
  COMMON_MESSAGES,
  CONTRATS_MESSAGES,
  type AuditAction,
  CONTRAT_TRANSITIONS,
  type ContratSort,
  type ContratStatut,
  type ModeTarification,
  type Page,
} from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { etablissements, nuitees, occupationsAllotement, typesChambre } from '../../db/schema';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { listClauses } from '../../lib/list-query';
import { contratDbError } from './db-errors';
import { normaliseDecimal } from './format';
import type { ContratKind } from './kinds';
import {
  assertLinesValid,
  lineField,
  planLines,
  type DescribeLine,
  type ExistingLine,
  type IncomingLine,
  type LineValues,
} from './lignes';

/** A line of a create or update body (the shared schemas of both kinds fit it). */
export interface LineInput {
  id?: number | undefined;
  typeChambreId: number;
  dateDebut: string;
  dateFin: string;
  prixNuiteeHt: string;
  prixPetitDejeunerHt?: string | undefined;
  prixDejeunerHt?: string | undefined;
  prixDinerHt?: string | undefined;
  allotement?: number | null | undefined;
  etablissementId?: number | null | undefined;
}

/** A create or update body of either kind. */
export interface ContratInput {
  reference: string;
  etablissementId?: number | undefined;
  clientId?: number | undefined;
  dateDebut: string;
  dateFin: string;
  modeTarification: ModeTarification;
  tauxTvaNuitee: string;
  tauxTvaRepas: string;
  delaiAlerteJours?: number | undefined;
  notes?: string | null | undefined;
  montantPafJour?: string | undefined;
  montantCafJour?: string | undefined;
  lignes: LineInput[];
}

export interface ContratListParams {
  page: number;
  pageSize: number;
  sort?: ContratSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  reference?: string | undefined;
  statut?: ContratStatut | undefined;
  /** The hotel (purchase) or the client (sale). */
  partyId?: number | undefined;
}

/** A header row as the database answers it. */
type HeaderRow = Record<string, unknown> & {
  id: number;
  reference: string;
  dateDebut: string;
  dateFin: string;
  statut: ContratStatut;
  createdAt: Date;
  updatedAt: Date;
};

type LineRow = ExistingLine & { typeChambreLibelle: string; etablissementNom: string | null };

export interface Written<T> {
  message: string;
  data: T;
}

/** `<Header>` and `<Detail>` are the answer types of the kind (ContratEtablissement…, ContratClient…). */
export function createContratService<Header, Detail>(db: Database, kind: ContratKind) {
  const { contrats, tarifs, party } = kind;
  const partyId = (row: Record<string, unknown>) => row[party.field] as number;
  const lineEtablissement = kind.lineEtablissementColumn;
  const linesHaveHotel = lineEtablissement !== undefined;

  // Reading ------------------------------------------------------------------------------------------

  const headerOut = (row: HeaderRow, partyNom: string) => {
    const out: Record<string, unknown> = {
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      [party.nomField]: partyNom,
    };
    return out;
  };

  async function loadHeader(executor: Executor, id: number, forUpdate = false): Promise<HeaderRow> {
    const query = executor.select().from(contrats).where(eq(contrats.id, id));
    const [row] = (await (forUpdate ? query.for('update') : query)) as HeaderRow[];
    if (row === undefined) throw new NotFoundError(kind.notFound);
    return row;
  }

  async function partyName(executor: Executor, id: number): Promise<string> {
    const [row] = await executor
      .select({ nom: party.table.nom })
      .from(party.table)
      .where(eq(party.table.id, id));
    // The party tables' `nom` is text not null; the kinds' common column type does not say it.
    const nom: unknown = row?.nom;
    return typeof nom === 'string' ? nom : '';
  }

  /** The contract's lines, with their room type (and hotel) names and whether nights use them. */
  async function loadLines(executor: Executor, contratId: number, forUpdate = false): Promise<LineRow[]> {
    const usedByNights = sql`exists (select 1 from ${nuitees} where ${kind.nightTarifColumn} = ${tarifs.id})`;
    const used = kind.countsAllotment
      ? sql<boolean>`(${usedByNights} or exists (select 1 from ${occupationsAllotement}
          where ${occupationsAllotement.tarifId} = ${tarifs.id} and ${occupationsAllotement.chambresOccupees} > 0))`
      : sql<boolean>`${usedByNights}`;
    const hotelName = lineEtablissement
      ? sql<string | null>`(select ${etablissements.nom} from ${etablissements}
          where ${etablissements.id} = ${lineEtablissement})`
      : sql<string | null>`null`;
    const query = executor
      .select({
        ...getTableColumns(tarifs),
        typeChambreLibelle: typesChambre.libelle,
        etablissementNom: hotelName,
        utilisee: used.mapWith(Boolean),
      })
      .from(tarifs)
      .innerJoin(typesChambre, eq(typesChambre.id, tarifs.typeChambreId))
      .where(eq(tarifs.contratId, contratId))
      .orderBy(
        typesChambre.libelle,
        ...(lineEtablissement ? [sql`${lineEtablissement} nulls first`] : []),
        tarifs.dateDebut,
        tarifs.id,
      );
    return (await (forUpdate ? query.for('update', { of: tarifs }) : query)) as unknown as LineRow[];
  }

  const lineOut = (line: LineRow) => {
    const out: Record<string, unknown> = {
      id: line.id,
      typeChambreId: line.typeChambreId,
      typeChambreLibelle: line.typeChambreLibelle,
      dateDebut: line.dateDebut,
      dateFin: line.dateFin,
      prixNuiteeHt: line.prixNuiteeHt,
      prixPetitDejeunerHt: line.prixPetitDejeunerHt,
      prixDejeunerHt: line.prixDejeunerHt,
      prixDinerHt: line.prixDinerHt,
      utilisee: line.utilisee,
    };
    if (linesHaveHotel) {
      out.etablissementId = line.etablissementId ?? null;
      out.etablissementNom = line.etablissementNom;
    } else out.allotement = line.allotement ?? null;
    return out;
  };

  async function loadDetail(executor: Executor, id: number): Promise<Detail> {
    const header = await loadHeader(executor, id);
    const nom = await partyName(executor, partyId(header));
    const lines = await loadLines(executor, id);
    return { ...headerOut(header, nom), lignes: lines.map(lineOut) } as Detail;
  }

  /** What the audit trail keeps of a contract: its header and its lines' values. */
  const auditSnapshot = (header: HeaderRow, lines: LineRow[]): Record<string, unknown> => ({
    ...header,
    lignes: lines.map((line) => ({ id: line.id, ...pickLine(line) })),
  });

  const pickLine = (line: LineValues) =>
    Object.fromEntries(kind.lineFields.map((field) => [field, line[field] ?? null])) as Partial<LineValues>;

  // Input --------------------------------------------------------------------------------------------

  function headerValues(body: ContratInput): Record<string, unknown> {
    const reference = body.reference.trim();
    if (reference === '')
      throw new BadRequestError(COMMON_MESSAGES.field.required('reference'), { champ: 'reference' });
    if (body.dateFin <= body.dateDebut)
      throw new BadRequestError(CONTRATS_MESSAGES.contractEndBeforeStart, {
        champ: 'dateFin',
      });
    const notes = body.notes?.trim();
    const values: Record<string, unknown> = {
      reference,
      [party.field]: body[party.field],
      dateDebut: body.dateDebut,
      dateFin: body.dateFin,
      modeTarification: body.modeTarification,
      tauxTvaNuitee: normaliseDecimal(body.tauxTvaNuitee),
      tauxTvaRepas: normaliseDecimal(body.tauxTvaRepas),
      delaiAlerteJours: body.delaiAlerteJours ?? 2,
      notes: notes === undefined || notes === '' ? null : notes,
    };
    for (const field of kind.headerMoneyFields) values[field] = normaliseDecimal(body[field] ?? '0');
    return values;
  }

  const incomingLines = (body: ContratInput): IncomingLine[] =>
    body.lignes.map((line, index) => ({
      id: line.id,
      position: index + 1,
      typeChambreId: line.typeChambreId,
      dateDebut: line.dateDebut,
      dateFin: line.dateFin,
      prixNuiteeHt: normaliseDecimal(line.prixNuiteeHt),
      prixPetitDejeunerHt: normaliseDecimal(line.prixPetitDejeunerHt ?? '0'),
      prixDejeunerHt: normaliseDecimal(line.prixDejeunerHt ?? '0'),
      prixDinerHt: normaliseDecimal(line.prixDinerHt ?? '0'),
      ...(linesHaveHotel
        ? { etablissementId: line.etablissementId ?? null }
        : { allotement: line.allotement ?? null }),
    }));

  /** The hotel / client exists and is not archived; otherwise `error` (400 for input, 409 for a transition). */
  async function assertPartyActive(executor: Executor, id: number, error: AppError): Promise<void> {
    const [found] = await executor
      .select({ id: party.table.id })
      .from(party.table)
      .where(and(eq(party.table.id, id), isNull(party.table.archivedAt)));
    if (found === undefined) throw error;
  }

  interface Named {
    nom: string;
    archived: boolean;
  }

  async function namesOf(executor: Executor, lines: LineValues[]) {
    const typeIds = [...new Set(lines.map((line) => line.typeChambreId))];
    const hotelIds = [
      ...new Set(
        lines.map((line) => line.etablissementId).filter((id): id is number => typeof id === 'number'),
      ),
    ];
    const types = new Map<number, Named>();
    const hotels = new Map<number, Named>();
    if (typeIds.length > 0)
      for (const row of await executor
        .select({ id: typesChambre.id, nom: typesChambre.libelle, archivedAt: typesChambre.archivedAt })
        .from(typesChambre)
        .where(inArray(typesChambre.id, typeIds)))
        types.set(row.id, { nom: row.nom, archived: row.archivedAt !== null });
    if (hotelIds.length > 0)
      for (const row of await executor
        .select({ id: etablissements.id, nom: etablissements.nom, archivedAt: etablissements.archivedAt })
        .from(etablissements)
        .where(inArray(etablissements.id, hotelIds)))
        hotels.set(row.id, { nom: row.nom, archived: row.archivedAt !== null });
    const describe: DescribeLine = (line) => {
      const type = `« ${types.get(line.typeChambreId)?.nom ?? `type ${line.typeChambreId}`} »`;
      if (!linesHaveHotel) return type;
      const hotel =
        typeof line.etablissementId === 'number' ? hotels.get(line.etablissementId)?.nom : undefined;
      return `${type}, ${hotel ?? 'tous établissements'}`;
    };
    return { types, hotels, describe };
  }

  /** Room types (and hotels) of the lines exist; those of new lines are not archived either. */
  function assertLineReferences(
    names: Awaited<ReturnType<typeof namesOf>>,
    lines: IncomingLine[],
    inserted: Set<IncomingLine>,
  ): void {
    for (const line of lines) {
      const type = names.types.get(line.typeChambreId);
      if (type === undefined || (type.archived && inserted.has(line)))
        throw new BadRequestError(CONTRATS_MESSAGES.lineRoomTypeMissing(line.position), {
          champ: lineField(line.position, 'typeChambreId'),
        });
      if (typeof line.etablissementId !== 'number') continue;
      const hotel = names.hotels.get(line.etablissementId);
      if (hotel === undefined || (hotel.archived && inserted.has(line)))
        throw new BadRequestError(CONTRATS_MESSAGES.lineHotelMissing(line.position), {
          champ: lineField(line.position, 'etablissementId'),
        });
    }
  }

  // Writing ------------------------------------------------------------------------------------------

  /** One transaction; a database rule violation becomes a French 400/409. */
  async function write<T>(reference: string, work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw contratDbError(error, CONTRATS_MESSAGES.referenceTaken(kind.noun, reference)) ?? error;
    }
  }

  async function insertLines(tx: Executor, contratId: number, lines: IncomingLine[]): Promise<void> {
    if (lines.length === 0) return;
    await tx.insert(tarifs).values(lines.map((line) => ({ contratId, ...pickLine(line) })));
  }

  async function finish(
    tx: Executor,
    actor: Actor,
    action: AuditAction,
    id: number,
    before: Record<string, unknown> | null,
    verb: string,
  ): Promise<Written<Detail>> {
    const header = await loadHeader(tx, id);
    const lines = await loadLines(tx, id);
    await recordAudit(tx, {
      entity: kind.entity,
      entityId: id,
      action,
      before,
      after: auditSnapshot(header, lines),
      actor,
    });
    const data = { ...headerOut(header, await partyName(tx, partyId(header))), lignes: lines.map(lineOut) };
    return { message: CONTRATS_MESSAGES.written(kind.noun, header.reference, verb), data: data as Detail };
  }

  return {
    async list(params: ContratListParams): Promise<Page<Header>> {
      const clauses = listClauses(
        {
          searchable: { reference: contrats.reference },
          sortable: {
            reference: contrats.reference,
            dateDebut: contrats.dateDebut,
            dateFin: contrats.dateFin,
          },
          defaultSort: { key: 'dateDebut', order: 'desc' },
          tieBreaker: contrats.id,
        },
        {
          page: params.page,
          pageSize: params.pageSize,
          ...(params.sort ? { sort: params.sort } : {}),
          ...(params.order ? { order: params.order } : {}),
          search: params.reference === undefined ? {} : { reference: params.reference },
        },
      );
      const where = and(
        clauses.where,
        params.statut === undefined ? undefined : eq(contrats.statut, params.statut),
        params.partyId === undefined ? undefined : eq(party.column, params.partyId),
      );
      const rows = (await db
        .select({ contrat: contrats, partyNom: party.table.nom })
        .from(contrats)
        .innerJoin(party.table, eq(party.table.id, party.column))
        .where(where)
        .orderBy(...clauses.orderBy)
        .limit(clauses.limit)
        .offset(clauses.offset)) as unknown as { contrat: HeaderRow; partyNom: string }[];
      const [totals] = await db.select({ total: count() }).from(contrats).where(where);
      return {
        data: rows.map((row) => headerOut(row.contrat, row.partyNom) as Header),
        total: totals?.total ?? 0,
      };
    },

    get: (id: number): Promise<Detail> => loadDetail(db, id),

    create(actor: Actor, body: ContratInput): Promise<Written<Detail>> {
      const values = headerValues(body);
      const lines = incomingLines(body);
      return write(String(values.reference), async (tx) => {
        await assertPartyActive(
          tx,
          partyId(values),
          new BadRequestError(party.missing, { champ: party.field }),
        );
        const names = await namesOf(tx, lines);
        assertLineReferences(names, lines, new Set(lines));
        assertLinesValid(body, lines, names.describe);
        const [row] = (await tx
          .insert(contrats)
          .values(values as never)
          .returning()) as HeaderRow[];
        if (row === undefined) throw new Error('insert returned no row');
        await insertLines(tx, row.id, lines);
        return finish(tx, actor, 'create', row.id, null, CONTRATS_MESSAGES.writeVerb.create);
      });
    },

    update(actor: Actor, id: number, body: ContratInput): Promise<Written<Detail>> {
      const values = headerValues(body);
      const lines = incomingLines(body);
      return write(String(values.reference), async (tx) => {
        const before = await loadHeader(tx, id, true);
        if (before.statut === 'clos')
          throw new ConflictError(CONTRATS_MESSAGES.closed(kind.noun, before.reference));
        if (partyId(values) !== partyId(before)) {
          const [{ total } = { total: 0 }] = await tx
            .select({ total: count() })
            .from(kind.reservationContratColumn.table)
            .where(eq(kind.reservationContratColumn, id));
          if (total > 0) throw new ConflictError(party.fixed, { champ: party.field });
          await assertPartyActive(
            tx,
            partyId(values),
            new BadRequestError(party.missing, { champ: party.field }),
          );
        }
        const existing = await loadLines(tx, id, true);
        const names = await namesOf(tx, [...lines, ...existing]);
        assertLineReferences(names, lines, new Set()); // they exist; archived matters for new lines only
        assertLinesValid(body, lines, names.describe);
        const plan = planLines(existing, lines, kind.lineFields, names.describe);
        assertLineReferences(names, lines, new Set(plan.insert));

        await tx.update(contrats).set(values).where(eq(contrats.id, id));
        if (plan.remove.length > 0) await tx.delete(tarifs).where(inArray(tarifs.id, plan.remove));
        await insertLines(tx, id, plan.insert);
        return finish(
          tx,
          actor,
          'update',
          id,
          auditSnapshot(before, existing),
          CONTRATS_MESSAGES.writeVerb.update,
        );
      });
    },

    setStatut(actor: Actor, id: number, statut: ContratStatut): Promise<Written<Detail>> {
      return write('', async (tx) => {
        const before = await loadHeader(tx, id, true);
        if (before.statut === statut)
          throw new ConflictError(CONTRATS_MESSAGES.alreadyInStatut(before.reference, statut));
        const allowed = CONTRAT_TRANSITIONS[before.statut];
        if (!allowed.includes(statut))
          throw new ConflictError(
            CONTRATS_MESSAGES.transition(before.reference, before.statut, statut, allowed),
          );
        const lines = await loadLines(tx, id, true);
        if (statut === 'actif') {
          if (lines.length === 0)
            throw new ConflictError(CONTRATS_MESSAGES.noLines(kind.noun, before.reference));
          await assertPartyActive(tx, partyId(before), new ConflictError(party.archived));
        }
        await tx.update(contrats).set({ statut }).where(eq(contrats.id, id));
        const verb = CONTRATS_MESSAGES.statutVerb(before.statut, statut);
        return finish(tx, actor, 'statut', id, auditSnapshot(before, lines), verb);
      });
    },
  };
}

export type ContratService<Header, Detail> = ReturnType<typeof createContratService<Header, Detail>>;
