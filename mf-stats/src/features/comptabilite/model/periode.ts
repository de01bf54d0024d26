/** Days 'YYYY-MM-DD', compared as strings; the previous calendar month of a Paris day, the export's default. */
export function previousMonth(today: string): { debut: string; fin: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { debut: `${y}-${mm}-01`, fin: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (value: string | null): value is string => value !== null && DAY.test(value);
