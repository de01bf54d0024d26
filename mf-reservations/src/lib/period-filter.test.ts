import { describe, expect, it } from 'vitest';
import { periodOf } from './period-filter';

describe('periodOf', () => {
  it('keeps well-formed days and leaves out what a hand-edited URL got wrong', () => {
    expect(periodOf({ start_date: '2026-11-21', end_date: '2026-12-01' })).toEqual({
      start_date: '2026-11-21',
      end_date: '2026-12-01',
    });
    expect(periodOf({ start_date: '21/11/2026', end_date: ['2026-12-01', '2026-12-02'] })).toEqual({});
    expect(periodOf({})).toEqual({});
  });
});
