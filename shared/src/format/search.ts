/**
 * Letters that carry no accent to strip but that PostgreSQL's `unaccent` spells out, as the API's searches compare
 * them (docs/database.md « Searches »): « Œuvray » is found by « oeuvray ».
 */
const SPELLED_OUT: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', ł: 'l', đ: 'd' };

/**
 * A text as every search compares it, the API's `normalise_recherche` in the browser: lower-cased, accents dropped
 * (the canonical decomposition, its combining marks removed) and ligatures spelled out — « Konaté », « KONATE » and
 * « kônate » all read « konate ».
 */
export function searchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/[æœßøłđ]/g, (letter) => SPELLED_OUT[letter] ?? letter);
}

/**
 * Whether `value` contains `needle` (trimmed), case and accents aside (`searchText`): the API's text searches, for
 * the mocks and any search made in the browser. No needle, or a blank one, matches every value.
 */
export function containsText(value: string | null | undefined, needle: string | null | undefined): boolean {
  const wanted = searchText(needle?.trim() ?? '');
  return wanted === '' || searchText(value ?? '').includes(wanted);
}
