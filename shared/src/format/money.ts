/**
 * Money, the one place that reads and writes it. The API answers decimal strings (numeric(12,2): '84.50'); sums are
 * made in integer cents (`toCents`/`fromCents`), never by adding floats; a screen shows euros through `formatMoney`.
 */

const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** « 1 234,50 € » for '1234.5' or 1234.5; '' for an empty or invalid value. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? euro.format(number) : '';
}

/** '84.5' → 8450, '-12' → -1200. Throws on anything else than a decimal with up to 2 decimals. */
export function toCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Montant invalide : ${amount}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 8450 → '84.50', as the API writes an amount. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** '52' or '52.5' → '52.50': an amount written as the API answers it (numeric(12,2)). Throws as `toCents` does. */
export function toAmount(amount: string): string {
  return fromCents(toCents(amount));
}
