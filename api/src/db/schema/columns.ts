import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  foreignKey,
  date,
  index,
  integer,
  numeric,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** `'a', 'b'` for an `in (…)` list; only ever called with the constant arrays of enums.ts. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Primary key of business tables. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/** Primary key of the high-volume tables (nuitees, notifications, audit). */
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/**
 * The number of stays of a resident, client or hotel (cancelled ones included), kept by triggers on reservations in
 * the statement that inserts, moves or deletes a stay (migration 0018): the stays matching a search on residents,
 * clients or hotels are counted from these rows, and a deep page sorted by their name starts from them
 * (docs/performance.md « Numbers kept per resident, client and hotel »).
 */
export const nombreSejours = () => integer('nombre_sejours').notNull().default(0);
/**
 * The fields of a reservation list item (POST /reservations) that a resident, client, hotel or room type gives, as
 * the JSON text the item holds them in — `,"client_id":3,"client_nom":"…"` — computed by PostgreSQL from the row
 * itself whenever it is written (a stored generated column: never written by the application, always its row's
 * values, so a rename is in the next page read). `reservations_page_json` joins them with each stay's own texts
 * (migration 0023, docs/database.md « Items kept as JSON »). `json_texte` is `to_json(text)::text`, declared
 * immutable for the generation expression.
 */
export const itemJson = (fields: [field: string, column: string][]) =>
  text('item_json')
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        fields
          .map(
            ([field, column]) => `',"${field}":' || ${column === 'id' ? '"id"' : `json_texte("${column}")`}`,
          )
          .join(' || '),
      ),
    );
/** Reference data is archived (soft delete), never deleted: history keeps pointing at it. */
export const archivedAt = () => timestamp('archived_at', { withTimezone: true });

/** Money: numeric(12,2) read and written as a decimal string ('84.50'), never a float. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
/** VAT rate in percent: '10.00', '5.50', '20.00'. */
export const vatRate = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'string' });
/** A calendar day, 'YYYY-MM-DD' (no time zone: a night is a date, not an instant). */
export const day = (name: string) => date(name, { mode: 'string' });

/** PDF documents: Buffer from node-postgres (a Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * PostgreSQL truncates identifiers beyond 63 bytes (with a mere NOTICE), which would make the migration's
 * names differ from the schema's: refuse them when the schema module loads.
 */
export const sqlName = (value: string) => {
  if (Buffer.byteLength(value) > 63) throw new Error(`Nom SQL trop long (> 63 octets) : ${value}`);
  return value;
};

// CHECK constraint builders, named `<table>_<column>_<rule>` so the error handler can map them to messages.

export const enumCheck = (table: string, column: AnyPgColumn, values: readonly string[]) =>
  check(sqlName(`${table}_${column.name}_valid`), sql`${column} in (${sqlList(values)})`);

export const nonNegativeChecks = (table: string, columns: AnyPgColumn[]) =>
  columns.map((column) => check(sqlName(`${table}_${column.name}_ge0`), sql`${column} >= 0`));

export const vatRateCheck = (table: string, column: AnyPgColumn) =>
  check(sqlName(`${table}_${column.name}_range`), sql`${column} between 0 and 100`);

export const periodCheck = (table: string, start: AnyPgColumn, end: AnyPgColumn) =>
  check(sqlName(`${table}_periode_valide`), sql`${end} > ${start}`);

export const notBlankCheck = (table: string, column: AnyPgColumn) =>
  check(sqlName(`${table}_${column.name}_not_blank`), sql`btrim(${column}) <> ''`);

export const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;
/**
 * A text as every search compares it, `normalise_recherche(text)` (migration 0024): lower-cased, without accents or
 * ligatures (« Konaté » → « konate », « Œ » → « oe »), by PostgreSQL's `unaccent`; immutable, so indexes and
 * generated columns may hold it. docs/database.md « Searches ».
 */
export const normalised = (expression: AnyPgColumn | SQL): SQL => sql`normalise_recherche(${expression})`;
/**
 * A trigram index (pg_trgm, GIN) on a normalised text: what `LIKE motif_recherche(…)` (lib/text-search.ts) reads
 * from three characters on.
 */
export const trigramIndex = (name: string, text: AnyPgColumn | SQL) =>
  index(sqlName(name)).using('gin', sql`${text} gin_trgm_ops`);
/**
 * `nom_recherche`: the name a resident, client or hotel is searched by, normalised (`normalised`), kept in the row by
 * PostgreSQL (a stored generated column) so that a search compares it as it is — no function called a row: the
 * stay list's name searches read hundreds of rows a request (docs/database.md « Searches »).
 */
export const nomRecherche = (expression: string) =>
  text('nom_recherche')
    .notNull()
    .generatedAlwaysAs(sql.raw(`normalise_recherche(${expression})`));
export const notArchived = (column: AnyPgColumn): SQL => sql`${column} is null`;

/**
 * A named foreign key that restricts deletion unless told to cascade: reference data is archived, not deleted,
 * and nothing is ever orphaned. Written NO ACTION (PostgreSQL's default): it refuses the delete exactly like
 * RESTRICT for these non-deferrable keys, but reports 23503 foreign_key_violation like every other key error,
 * where RESTRICT reports 23001. Named `<table>_<column>_fk`; composite keys (which tie rows to the same client,
 * hotel or resident) get an explicit name.
 */
export const fk = (
  table: string,
  columns: [AnyPgColumn, ...AnyPgColumn[]],
  foreignColumns: [AnyPgColumn, ...AnyPgColumn[]],
  options: { onDelete?: 'cascade'; name?: string } = {},
) =>
  foreignKey({
    name: sqlName(options.name ?? `${table}_${columns[0].name}_fk`),
    columns,
    foreignColumns,
  })
    .onDelete(options.onDelete ?? 'no action')
    .onUpdate('no action');
