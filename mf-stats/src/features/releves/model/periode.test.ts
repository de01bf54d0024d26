import { describe, expect, it } from 'vitest';
import { dernierJourOf, finExclueOf, periodeLabel } from './periode';

describe('a hotel invoice’s period, inclusive on screen and half-open for the API', () => {
  it('turns the exclusive end into the last day across month ends, February and the year end', () => {
    expect(dernierJourOf('2026-11-01')).toBe('2026-10-31');
    expect(dernierJourOf('2026-10-01')).toBe('2026-09-30');
    expect(dernierJourOf('2026-03-01')).toBe('2026-02-28');
    expect(dernierJourOf('2028-03-01')).toBe('2028-02-29');
    expect(dernierJourOf('2027-01-01')).toBe('2026-12-31');
    expect(dernierJourOf('2026-10-16')).toBe('2026-10-15');
  });

  it('sends the day after the last day', () => {
    expect(finExclueOf('2026-10-31')).toBe('2026-11-01');
    expect(finExclueOf('2026-02-28')).toBe('2026-03-01');
    expect(finExclueOf('2028-02-28')).toBe('2028-02-29');
    expect(finExclueOf('2028-02-29')).toBe('2028-03-01');
    expect(finExclueOf('2026-12-31')).toBe('2027-01-01');
    // One day: first day = last day, one day long for the API.
    expect(finExclueOf('2026-10-05')).toBe('2026-10-06');
  });

  it('names a whole calendar month, and shows any other period with its last day', () => {
    expect(periodeLabel('2026-10-01', '2026-11-01')).toBe('octobre 2026');
    expect(periodeLabel('2026-12-01', '2027-01-01')).toBe('décembre 2026');
    expect(periodeLabel('2028-02-01', '2028-03-01')).toBe('février 2028');
    expect(periodeLabel('2026-10-01', '2026-10-31')).toBe('du 01/10/2026 au 30/10/2026');
    expect(periodeLabel('2026-10-15', '2026-11-15')).toBe('du 15/10/2026 au 14/11/2026');
    expect(periodeLabel('2026-12-15', '2027-01-16')).toBe('du 15/12/2026 au 15/01/2027');
    expect(periodeLabel('2026-10-05', '2026-10-06')).toBe('du 05/10/2026 au 05/10/2026');
  });
});
