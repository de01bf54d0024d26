import dayjs, { type ConfigType } from 'dayjs';
import 'dayjs/locale/fr';

dayjs.locale('fr');

/** Display format of every date (spec §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** Date in export file names. */
export const FILE_DATE_FORMAT = 'YYYY-MM-DD';
/** Time shown on notifications. */
export const NOTIFICATION_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatDate(value: ConfigType): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

export function formatNotificationTime(value: ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(NOTIFICATION_TIME_FORMAT) : '';
}

/** File name of an export: `<prefix>-YYYY-MM-DD.<ext>` (spec §7). */
export function exportFileName(
  prefix: string,
  extension: 'pdf' | 'xlsx',
  now: ConfigType = new Date(),
): string {
  return `${prefix}-${dayjs(now).format(FILE_DATE_FORMAT)}.${extension}`;
}
