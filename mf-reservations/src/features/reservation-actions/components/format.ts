import dayjs from 'dayjs';
import { formatDate } from 'shared';

/** « 05/03/2026 – 12/03/2026 » (the departure day ends the period). */
export const periode = (debut: string, fin: string) => `${formatDate(debut)} – ${formatDate(fin)}`;

/** « 05/03/2026 14:07 » */
export const formatDateTime = (value: string) => {
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY HH:mm') : '';
};

/** « 3 nuits » */
export const nuits = (count: number) => `${count} nuit${count > 1 ? 's' : ''}`;
