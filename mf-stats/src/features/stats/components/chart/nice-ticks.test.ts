import { describe, expect, it } from 'vitest';
import { niceTicks } from './nice-ticks';

describe('niceTicks', () => {
  it('steps by 1, 2, 2.5 or 5 × 10ⁿ from zero past the largest value', () => {
    expect(niceTicks(0, 1234)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(niceTicks(0, 12)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(0, 87.5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 9)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0, 0.8)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('reaches below zero for negative values, zero among the ticks', () => {
    expect(niceTicks(-300, 1000)).toEqual([-500, 0, 500, 1000]);
    expect(niceTicks(-40, 0)).toEqual([-40, -30, -20, -10, 0]);
  });

  it('still draws an axis when every value is zero', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1]);
  });
});
