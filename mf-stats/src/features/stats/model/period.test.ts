import { atLateUtcEvening, LATE_UTC_EVENING } from 'shared/testing/paris-clock';
import { describe, expect, it } from 'vitest';
import { currentMonth, queryFromParams } from './period';

describe('the default period at 23:30 UTC on 31 December', () => {
  atLateUtcEvening();

  it("ends with Paris's month, already January, not the browser's December", () => {
    expect(LATE_UTC_EVENING.parisToday.startsWith('2027-01')).toBe(true);
    expect(currentMonth()).toBe('2027-01');
    expect(queryFromParams(new URLSearchParams())).toEqual({ debut: '2026-02', fin: '2027-01' });
  });
});
