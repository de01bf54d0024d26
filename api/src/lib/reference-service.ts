import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction, ListParams, Page } from 'shared/contract';
import { recordAudit, type Actor } from '../db/audit';
import type { Database, Executor } from '../db/client';
import { BadRequestError, ConflictError, isUniqueViolation, NotFoundError } from '../errors';
import { listClauses, type ListSpec } from './list-query';

/** A reference-data table: an identity `id`, and `archived_at` for archiving instead of deleting. */
export type ReferenceTable = PgTable & { id: PgColumn; archivedAt: PgColumn };

/** A table whose active rows still point at a record: while one exists, the record cannot be archived. */
export interface ReferenceCheck {
  column: PgColumn;
  /** The referencing table's own `archived_at` (only active referencing rows block), or a custom condition. */
  activeWhen?: SQL;
  /** French reason, e.g. "Cet établissement a encore des contrats actifs." */
  message: string;
}

/** A foreign key set by the client: it must name an existing, non-archived record. */
export interface ParentCheck<Insert> {
  field: keyof Insert & string;
  table: ReferenceTable;
  message: string;
}

export interface ReferenceServiceConfig<Row, Insert> {
  table: ReferenceTable;
  /** Entity name in the audit log, e.g. 'etablissement'. */
  entity: string;
  list: ListSpec;
  /** Name of a record in messages, e.g. row => `l'établissement « ${row.nom} »`. */
  describe: (row: Row) => string;
  /** Grammatical gender of the entity, for agreement: « créé » / « créée ». */
  gender: 'm' | 'f';
  messages: { notFound: string; duplicate: string };
  references?: ReferenceCheck[];
  parents?: ParentCheck<Insert>[];
}

export interface Written<Row> {
  message: string;
  data: Row;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Le groupe « A » a été archivé." / "La chambre « B » a été archivée." */
function sentence(subject: string, verb: string, gender: 'm' | 'f', rest = ''): string {
  return `${capitalise(subject)} ${verb}${gender === 'f' ? 'e' : ''}${rest}.`;
}

/**
 * Create / read / update / archive / restore for one reference-data table, each write audited in its own
 * transaction, duplicates answered 409, archiving refused (409) while active records still reference it.
 */
export function createReferenceService<Row extends { id: number; archivedAt: Date | null }, Insert>(
  db: Database,
  config: ReferenceServiceConfig<Row, Insert>,
) {
  const { table, gender } = config;
  const say = (row: Row, verb: string, rest = '') => sentence(config.describe(row), verb, gender, rest);
  const byId = (id: number) => eq(table.id, id);

  async function load(executor: Executor, id: number, forUpdate = false): Promise<Row> {
    const query = executor.select().from(table).where(byId(id));
    const [row] = (await (forUpdate ? query.for('update') : query)) as Row[];
    if (row === undefined) throw new NotFoundError(config.messages.notFound);
    return row;
  }

  async function assertParents(executor: Executor, values: Partial<Insert>): Promise<void> {
    for (const parent of config.parents ?? []) {
      const id = values[parent.field];
      if (id === undefined || id === null) continue;
      const [found] = await executor
        .select({ id: parent.table.id })
        .from(parent.table)
        .where(and(eq(parent.table.id, id as number), isNull(parent.table.archivedAt)));
      if (found === undefined) throw new BadRequestError(parent.message);
    }
  }

  /** Runs a write; a unique violation (a duplicate, possibly from a concurrent request) becomes a 409. */
  async function write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(config.messages.duplicate, { cause: error });
      throw error;
    }
  }

  const audit = (tx: Executor, actor: Actor, action: AuditAction, before: Row | null, after: Row) =>
    recordAudit(tx, {
      entity: config.entity,
      entityId: after.id,
      action,
      before,
      after,
      actor,
    });

  return {
    async list(params: ListParams): Promise<Page<Row>> {
      const clauses = listClauses(config.list, params);
      const data = (await db
        .select()
        .from(table)
        .where(clauses.where)
        .orderBy(...clauses.orderBy)
        .limit(clauses.limit)
        .offset(clauses.offset)) as Row[];
      const [totals] = await db.select({ total: count() }).from(table).where(clauses.where);
      return { data, total: totals?.total ?? 0 };
    },

    get: (id: number): Promise<Row> => load(db, id),

    create(actor: Actor, values: Insert): Promise<Written<Row>> {
      return write(async (tx) => {
        await assertParents(tx, values);
        const [row] = (await tx
          .insert(table)
          .values(values as never)
          .returning()) as Row[];
        if (row === undefined) throw new Error('insert returned no row');
        await audit(tx, actor, 'create', null, row);
        return { message: say(row, 'a été créé'), data: row };
      });
    },

    update(actor: Actor, id: number, values: Partial<Insert>): Promise<Written<Row>> {
      return write(async (tx) => {
        const before = await load(tx, id, true);
        if (before.archivedAt !== null) {
          throw new ConflictError(
            say(before, 'est archivé', ` : restaurez-${gender === 'f' ? 'la' : 'le'} d'abord`),
          );
        }
        await assertParents(tx, values);
        const [row] = (await tx
          .update(table)
          .set(values as never)
          .where(byId(id))
          .returning()) as Row[];
        if (row === undefined) throw new NotFoundError(config.messages.notFound);
        await audit(tx, actor, 'update', before, row);
        return { message: say(row, 'a été modifié'), data: row };
      });
    },

    archive(actor: Actor, id: number): Promise<Written<Row>> {
      return write(async (tx) => {
        const before = await load(tx, id, true);
        if (before.archivedAt !== null) throw new ConflictError(say(before, 'est déjà archivé'));
        for (const reference of config.references ?? []) {
          const condition = reference.activeWhen
            ? and(eq(reference.column, id), reference.activeWhen)
            : eq(reference.column, id);
          const [{ total } = { total: 0 }] = await tx
            .select({ total: count() })
            .from(reference.column.table)
            .where(condition);
          if (total > 0) throw new ConflictError(reference.message);
        }
        const [row] = (await tx
          .update(table)
          .set({ archivedAt: new Date() })
          .where(byId(id))
          .returning()) as Row[];
        if (row === undefined) throw new NotFoundError(config.messages.notFound);
        await audit(tx, actor, 'archive', before, row);
        return { message: say(row, 'a été archivé'), data: row };
      });
    },

    restore(actor: Actor, id: number): Promise<Written<Row>> {
      return write(async (tx) => {
        const before = await load(tx, id, true);
        if (before.archivedAt === null) throw new ConflictError(say(before, "n'est pas archivé"));
        const [row] = (await tx.update(table).set({ archivedAt: null }).where(byId(id)).returning()) as Row[];
        if (row === undefined) throw new NotFoundError(config.messages.notFound);
        await audit(tx, actor, 'restore', before, row);
        return { message: say(row, 'a été restauré'), data: row };
      });
    },
  };
}

export type ReferenceService<Row, Insert> = ReturnType<
  typeof createReferenceService<Row & { id: number; archivedAt: Date | null }, Insert>
>;
