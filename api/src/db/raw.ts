/**
 * Reading the statements written with drizzle's `sql` tag (docs/database.md « Query style »): the builder types
 * its own results, these give a raw statement the type of its projection, declared beside the statement.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client';

/** The rows of a raw statement (node-postgres answers `{ rows }`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  // The shared Database type leaves execute()'s result untyped (its type argument does not reach it).
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The first row of a raw statement, if any. */
export async function oneOf<T>(db: Executor, query: SQL): Promise<T | undefined> {
  const [row] = await rowsOf<T>(db, query);
  return row;
}

const dialect = new PgDialect();

/** The text a raw statement is sent as (its values as `$n`): what names a prepared statement. */
export const statementText = (query: SQL): string => dialect.sqlToQuery(query).sql;

/**
 * The rows of a raw statement under `name` when it has one: parsed once per pooled connection (or transaction's
 * connection) and its plan kept by PostgreSQL after five custom ones — for a statement whose plan does not follow
 * its values (the reservation list's: reservations/list/list-service.ts). Its values are bound as in `rowsOf`. A
 * name must stand for one text only (node-postgres refuses a second). Without a name, `rowsOf`.
 */
export async function namedRowsOf<T>(db: Executor, name: string | undefined, query: SQL): Promise<T[]> {
  if (name === undefined) return rowsOf<T>(db, query);
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}

/**
 * A raw statement as a named prepared statement: parsed and planned once per pooled connection instead of on every
 * call — for a statement run many times a second whose planning costs more than its execution (the live feed's
 * grouped write: ≈ 0.8 ms of PostgreSQL CPU a call unprepared, ≈ 0.12 ms prepared). Its values are
 * `sql.placeholder(name)`s, given at each call. On the pool only (not inside a transaction).
 */
export function preparedRows<T>(
  db: Database,
  name: string,
  query: SQL,
): (values: Record<string, unknown>) => Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows;
}
