/**
 * How the product compares a search with a text regardless of case and accents (the users' search: « helene »
 * finds « Hélène », « coeur » finds « Cœur »): both lower-cased, accents dropped, ligatures spelled out. The API
 * folds its columns the same way in SQL (`foldedText`, api/src/lib/list-query.ts); the mocks call this.
 */
export function foldText(value: string): string {
  return value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/œ/g, 'oe').replace(/æ/g, 'ae');
}
