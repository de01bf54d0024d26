/**
 * The calendar days the product accepts. Every `format: 'date'` of the contract means "a real YYYY-MM-DD day between
 * these years" (the API registers isDayInRange as Ajv's 'date' format): a stay, a contract or a filter outside them is
 * a typing mistake or a probe, and year 0 or 10000 would otherwise reach PostgreSQL and JavaScript dates.
 */
export const MIN_DAY_YEAR = 1900;
export const MAX_DAY_YEAR = 2100;
export const MIN_DAY = `${MIN_DAY_YEAR}-01-01`;
export const MAX_DAY = `${MAX_DAY_YEAR}-12-31`;

/** The format name of a birth date: a day in range that is not after today (Europe/Paris). */
export const BIRTH_DATE_FORMAT = 'birth-date';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day `YYYY-MM-DD` (no 30 February) whose year is within MIN_DAY_YEAR–MAX_DAY_YEAR. */
export function isDayInRange(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_DAY_YEAR || year > MAX_DAY_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (leap years included); years ≥ 1900 have no Date quirks.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// The business "today" is the Europe/Paris day, whatever the machine's zone.
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/**
 * The business today, 'YYYY-MM-DD' in Europe/Paris, at `now`: the one definition the API, the screens and the mocks
 * share (a browser in another zone, or any machine between 22:00 and midnight UTC, is on another day).
 */
export const parisToday = (now: Date = new Date()): string => PARIS_DAY.format(now);

/** The calendar day `days` after (before, when negative) `day`, both 'YYYY-MM-DD': UTC arithmetic, no DST involved. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', the product's date format (spec §9), without a date library. */
export function frenchDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** A birth date: a day in range, not after `today` (YYYY-MM-DD days compare as strings). */
export function isBirthDate(value: string, today: string = parisToday()): boolean {
  return isDayInRange(value) && value <= today;
}
