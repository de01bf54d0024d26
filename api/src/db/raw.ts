/**
 * Reading the statements written with drizzle's `sql` tag (docs/database.md « Query style »): the builder types
 * its own results, these give a raw statement the type of its projection, declared beside the statement.
 */
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** The rows of a raw statement (node-postgres answers `{ rows }`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first row of a raw statement, if any. */
export async function oneOf<T>(db: Executor, query: SQL): Promise<T | undefined> {
  const [row] = await rowsOf<T>(db, query);
  return row;
}
