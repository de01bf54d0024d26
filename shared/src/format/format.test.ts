import { describe, expect, it } from 'vitest';
import { atLateUtcEvening, LATE_UTC_EVENING } from '../testing/paris-clock';
import {
  exportFileName,
  formatDate,
  formatDateTime,
  formatNotificationTime,
  formatPeriod,
  isApiDate,
} from './dates';
import { formatFileSize } from './file-size';
import { formatMoney, fromCents, toAmount, toCents } from './money';
import { formatNumber, formatPercent } from './numbers';

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

describe('formatDateTime', () => {
  it('formats as DD/MM/YYYY HH:mm (24 h)', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7, 9))).toBe('05/03/2024 14:07');
    expect(formatDateTime('2024-12-31T23:59:00')).toBe('31/12/2024 23:59');
  });

  it('returns an empty string for empty or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('n/a')).toBe('');
  });
});

describe('formatPeriod', () => {
  it('joins two days with an en dash', () => {
    expect(formatPeriod('2026-02-01', '2026-02-15')).toBe('01/02/2026 – 15/02/2026');
  });
});

describe('isApiDate', () => {
  it('accepts a real YYYY-MM-DD day only', () => {
    expect(isApiDate('2024-02-29')).toBe(true);
    expect(isApiDate('2026-12-31')).toBe(true);
    expect(isApiDate('2026-02-29')).toBe(false);
    expect(isApiDate('2026-04-31')).toBe(false);
    expect(isApiDate('21/11/2026')).toBe(false);
    expect(isApiDate('2026-1-5')).toBe(false);
    expect(isApiDate(['2026-12-01'])).toBe(false);
    expect(isApiDate(undefined)).toBe(false);
  });
});

describe('exportFileName', () => {
  it('is prefix-YYYY-MM-DD.ext', () => {
    expect(exportFileName('rooming-etab', 'pdf', '2024-01-09')).toBe('rooming-etab-2024-01-09.pdf');
    expect(exportFileName('pointage-paf', 'xlsx', '2023-11-30')).toBe('pointage-paf-2023-11-30.xlsx');
  });

  describe('at 23:30 UTC', () => {
    atLateUtcEvening();

    it("defaults to Paris's today, the day the server dates its files with", () => {
      expect(exportFileName('resa', 'pdf')).toBe(`resa-${LATE_UTC_EVENING.parisToday}.pdf`);
    });
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

describe('formatFileSize', () => {
  it('says octets, ko or Mo with a French decimal comma', () => {
    expect(formatFileSize(1)).toBe('1 octet');
    expect(formatFileSize(840)).toBe('840 octets');
    expect(formatFileSize(12_345)).toBe('12,3 ko');
    expect(formatFileSize(1_234_567)).toBe('1,2 Mo');
  });
});

describe('formatNumber and formatPercent', () => {
  // Intl writes French groups with a narrow no-break space (U+202F).
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

  it('writes numbers the French way: grouped thousands, a decimal comma', () => {
    expect(plain(formatNumber(1234567))).toBe('1 234 567');
    expect(formatNumber(38.4)).toBe('38,4');
    expect(formatNumber('84.50', { decimals: 2 })).toBe('84,50');
    expect(formatNumber(0.125, { decimals: 1 })).toBe('0,1');
    expect(plain(formatNumber(12_400, { compact: true }))).toBe('12,4 k');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('pas un nombre')).toBe('');
  });

  it('writes percentages with a comma and the sign after a no-break space: « 0,8 % », « 10,00 % »', () => {
    expect(formatPercent(0.8)).toBe('0,8\u00a0%');
    expect(formatPercent('10.00', { decimals: 2 })).toBe('10,00\u00a0%');
    expect(formatPercent('5.5', { decimals: 2 })).toBe('5,50\u00a0%');
    expect(formatPercent(85.34, { decimals: 1 })).toBe('85,3\u00a0%');
    expect(formatPercent(undefined)).toBe('');
  });
});

describe('money in cents', () => {
  it('parses and prints decimal strings exactly', () => {
    expect(toCents('84.5')).toBe(8450);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('12')).toBe(1200);
    expect(fromCents(8450)).toBe('84.50');
    expect(fromCents(7)).toBe('0.07');
    expect(toCents('-12.3')).toBe(-1230);
    expect(fromCents(-1230)).toBe('-12.30');
    expect(() => toCents('1,5')).toThrow();
    expect(() => toCents('1.234')).toThrow();
  });

  it('writes an amount as the API answers it, with 2 decimals', () => {
    expect(toAmount('52')).toBe('52.00');
    expect(toAmount('84.5')).toBe('84.50');
    expect(toAmount('0.07')).toBe('0.07');
    expect(() => toAmount('1,5')).toThrow();
  });
});
