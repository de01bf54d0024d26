import { describe, expect, it } from 'vitest';
import { isDay, previousMonth } from './periode';

describe('previousMonth', () => {
  it('gives the calendar month before, across a year and with its last day', () => {
    expect(previousMonth('2026-12-07')).toEqual({ debut: '2026-11-01', fin: '2026-11-30' });
    expect(previousMonth('2026-01-15')).toEqual({ debut: '2025-12-01', fin: '2025-12-31' });
    expect(previousMonth('2028-03-01')).toEqual({ debut: '2028-02-01', fin: '2028-02-29' });
  });

  it('tells a day from anything else', () => {
    expect(isDay('2026-12-07')).toBe(true);
    expect(isDay('07/12/2026')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});
