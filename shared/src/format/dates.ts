import dayjs, { type ConfigType } from 'dayjs';
import 'dayjs/locale/fr';
import { parisToday } from '../contract/days';

dayjs.locale('fr');

/** Display format of every date (spec §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** A calendar day as the API sends and takes it, and as export file names carry it. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';
/** Display format of a moment (creation, history entries). */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/**
 * A notification's time as spec §2/§9 writes it: the machine-readable value of its `<time>` in the bell's panel,
 * which shows DATE_TIME_FORMAT (docs/frontend.md « Times in the panel »).
 */
export const NOTIFICATION_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatDate(value: ConfigType): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** Whether `value` is a real calendar day written as the API writes it (`2026-02-30` is not). */
export function isApiDate(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    dayjs(value).format(API_DATE_FORMAT) === value
  );
}

/** « 05/03/2026 14:07 »; an empty string for an empty or invalid value. */
export function formatDateTime(value: ConfigType): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

/** « 05/03/2026 – 12/03/2026 »: a stay or a contract, from its first day to its last (or departure) day. */
export function formatPeriod(start: ConfigType, end: ConfigType): string {
  return `${formatDate(start)} – ${formatDate(end)}`;
}

export function formatNotificationTime(value: ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(NOTIFICATION_TIME_FORMAT) : '';
}

/** File name of an export: `<prefix>-YYYY-MM-DD.<ext>` (spec §7), dated with the Paris day as the API dates it. */
export function exportFileName(
  prefix: string,
  extension: 'pdf' | 'xlsx',
  day: string = parisToday(),
): string {
  return `${prefix}-${day}.${extension}`;
}
