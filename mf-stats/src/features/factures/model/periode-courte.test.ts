import { describe, expect, it } from 'vitest';
import { periodeCourte } from './periode-courte';

describe("an invoice's period in the lists", () => {
  it('names a calendar month, 29 February included', () => {
    expect(periodeCourte('2026-10-01', '2026-10-31')).toBe('octobre 2026');
    expect(periodeCourte('2028-02-01', '2028-02-29')).toBe('février 2028');
    expect(periodeCourte('2026-12-01', '2026-12-31')).toBe('décembre 2026');
  });

  it('gives the dates of any other period', () => {
    expect(periodeCourte('2026-10-01', '2026-10-30')).toBe('01/10/2026 – 30/10/2026');
    expect(periodeCourte('2026-10-02', '2026-10-31')).toBe('02/10/2026 – 31/10/2026');
    expect(periodeCourte('2026-10-01', '2026-11-30')).toBe('01/10/2026 – 30/11/2026');
  });
});
