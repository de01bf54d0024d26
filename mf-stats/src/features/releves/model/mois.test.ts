import { describe, expect, it } from 'vitest';
import { addMois, defaultMois, isMois, moisLabel, moisOfPeriode, moisOptions, periodeOfMois } from './mois';

describe('months', () => {
  it('steps across years and names the month in French', () => {
    expect(addMois('2026-01', -1)).toBe('2025-12');
    expect(addMois('2026-12', 1)).toBe('2027-01');
    expect(moisLabel('2026-11')).toBe('novembre 2026');
  });

  it('opens on the last complete month of the Paris calendar', () => {
    expect(defaultMois('2027-01-01')).toBe('2026-12');
    expect(defaultMois('2026-03-31')).toBe('2026-02');
  });

  it('offers 36 months newest first, and keeps an older month of the URL', () => {
    const options = moisOptions('2026-12-07');
    expect(options).toHaveLength(36);
    expect(options[0]).toEqual({ value: '2026-12', label: 'décembre 2026' });
    expect(moisOptions('2026-12-07', '2020-05').at(-1)?.value).toBe('2020-05');
  });

  it('tells a month from a period and back', () => {
    expect(isMois('2026-13')).toBe(false);
    expect(periodeOfMois('2026-12')).toEqual({ debut: '2026-12-01', fin: '2027-01-01' });
    expect(moisOfPeriode('2026-11-01', '2026-12-01')).toBe('2026-11');
    expect(moisOfPeriode('2026-11-01', '2026-11-30')).toBeNull();
  });
});
