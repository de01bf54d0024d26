/**
 * Formula injection (CSV / spreadsheet injection): a text that starts with = + - @ tab or carriage return may be
 * read as a formula by Excel, LibreOffice or any CSV import. Every text written to an export goes through
 * `spreadsheetSafe`, which prefixes such a text with a single quote so that it stays plain text.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** The text unchanged, or prefixed with `'` when its first character could start a formula. */
export function spreadsheetSafe(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text.charAt(0)) ? `'${text}` : text;
}
