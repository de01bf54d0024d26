import { atLateUtcEvening } from 'shared/testing/paris-clock';
import { describe, expect, it } from 'vitest';
import { currentMonth } from './rooming-filters';

describe('the default month of a rooming list, at 23:30 UTC on 31 December', () => {
  atLateUtcEvening();

  it("is Paris's month, already January, not the browser's December", () => {
    expect(currentMonth()).toEqual({ start_date: '2027-01-01', end_date: '2027-02-01' });
  });
});
