import { describe, expect, it } from 'vitest';
import { addDays, isBirthDate, isDayInRange, parisToday } from './days';

describe('isDayInRange', () => {
  it.each(['1900-01-01', '2100-12-31', '2024-02-29', '2026-11-21'])('accepts %s', (day) => {
    expect(isDayInRange(day)).toBe(true);
  });

  it.each([
    '0000-01-01',
    '1899-12-31',
    '2101-01-01',
    '9999-12-31',
    '2023-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    ' 2026-01-01',
    '2026-01-01T00:00:00Z',
    '+02026-01-01',
    '',
  ])('refuses %j', (day) => {
    expect(isDayInRange(day)).toBe(false);
  });
});

describe('isBirthDate', () => {
  it('accepts today and the past within range, refuses tomorrow and the far future', () => {
    expect(isBirthDate('2026-05-10', '2026-05-10')).toBe(true);
    expect(isBirthDate('1950-05-10', '2026-05-10')).toBe(true);
    expect(isBirthDate('2026-05-11', '2026-05-10')).toBe(false);
    expect(isBirthDate('2999-01-01')).toBe(false);
    expect(isBirthDate('1899-12-31', '2026-05-10')).toBe(false);
  });
});

describe('parisToday', () => {
  it("is the day in Europe/Paris, whatever the machine's zone", () => {
    expect(parisToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(parisToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(parisToday(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(parisToday(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('addDays', () => {
  it('moves across months, years, leap days and the DST changes without drifting', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-10-30', 2)).toBe('2027-11-01');
    expect(addDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });
});
