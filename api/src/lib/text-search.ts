/**
 * How every name and text search of the API matches (docs/database.md « Searches »): the searched text, trimmed, is a
 * substring of the value, case and accents aside — « konate » finds « Konaté », « KONATÉ » finds « konate » —, and its
 * `%`, `_` and `\` are literal. Both sides go through PostgreSQL's `normalise_recherche` (lower-cased, `unaccent`;
 * migration 0024): the value where the query reads it (or a column that keeps it normalised, `nom_recherche`), the
 * searched text in `motif_recherche`, which escapes the LIKE wildcards after normalising — in SQL, so that the two
 * sides are normalised by the same rules.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The LIKE pattern of `text` (trimmed). A parameter of an SQL function: planned for each request, PostgreSQL computes
 * it once while planning and the trigram index sees a constant.
 */
export const searchPattern = (text: string): SQL => sql`motif_recherche(${text.trim()})`;

/**
 * The same pattern computed once per execution (an init plan), for a statement whose plan is kept (a named
 * statement's generic plan): written in place there, it would be computed again for each row the index finds
 * (0.4–0.7 ms more for the 477 residents of « dia » on the large set).
 */
export const searchPatternOnce = (text: string): SQL => sql`(select motif_recherche(${text.trim()}))`;

/** A text kept normalised (`nom_recherche`) contains `text`. */
export const normalisedContains = (
  normalisedText: AnyColumn | SQL,
  text: string,
  pattern = searchPattern,
): SQL => sql`${normalisedText} like ${pattern(text)}`;

/**
 * `expression` (any text) contains `text`, case and accents aside. A trigram index on `normalise_recherche(expression)`
 * (schema: `trigramIndex`) serves it from three characters on.
 */
export const containsText = (expression: AnyColumn | SQL, text: string, pattern = searchPattern): SQL =>
  normalisedContains(sql`normalise_recherche(${expression})`, text, pattern);
