import { describe, expect, it } from 'vitest';
import { exportFileName, formatDate, formatNotificationTime } from './dates';
import { formatMoney } from './money';

describe('formatDate', () => {
  it('formats as DD/MM/YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate(new Date(2023, 11, 31, 23, 59))).toBe('31/12/2023');
  });

  it('returns an empty string for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('pas une date')).toBe('');
  });
});

describe('exportFileName', () => {
  it('is prefix-YYYY-MM-DD.ext', () => {
    expect(exportFileName('rooming-etab', 'pdf', new Date(2024, 0, 9))).toBe('rooming-etab-2024-01-09.pdf');
    expect(exportFileName('pointage-paf', 'xlsx', '2023-11-30')).toBe('pointage-paf-2023-11-30.xlsx');
  });

  it("defaults to today's date", () => {
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    expect(exportFileName('resa', 'pdf')).toBe(`resa-${expected}.pdf`);
  });
});

describe('formatNotificationTime', () => {
  it('formats as YYYY-MM-DD HH:mm:ss (24 h)', () => {
    expect(formatNotificationTime(new Date(2024, 2, 5, 14, 7, 9))).toBe('2024-03-05 14:07:09');
    expect(formatNotificationTime('2024-03-05T09:08:07')).toBe('2024-03-05 09:08:07');
  });

  it('returns an empty string for an invalid value', () => {
    expect(formatNotificationTime('n/a')).toBe('');
  });
});

describe('formatMoney', () => {
  // Intl separates thousands and the currency sign with (narrow) no-break spaces.
  const normalise = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

  it('formats French euros from numbers and decimal strings', () => {
    expect(normalise(formatMoney(1234.5))).toBe('1 234,50 €');
    expect(normalise(formatMoney('98765.43'))).toBe('98 765,43 €');
    expect(normalise(formatMoney(0))).toBe('0,00 €');
    expect(normalise(formatMoney('-12'))).toBe('-12,00 €');
  });

  it('returns an empty string for empty or non-numeric values', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});
