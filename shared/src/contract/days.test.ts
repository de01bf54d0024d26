import { describe, expect, it } from 'vitest';
import { isBirthDate, isDayInRange } from './days';

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
