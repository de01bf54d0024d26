const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Money arrives from the API as decimal strings (numeric(12,2)); never add floats for totals. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? euro.format(number) : '';
}
