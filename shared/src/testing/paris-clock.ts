import { afterEach, beforeEach, vi } from 'vitest';

/**
 * 23:30 UTC on 31 December 2026 with the browser in UTC: the browser's day is still the 31st while Paris, the
 * product's calendar (`parisToday`), is already on 1 January 2027. A screen that takes "today" from dayjs() or
 * `new Date()` instead of `parisToday()` shows or sends the wrong day at this hour.
 */
export const LATE_UTC_EVENING = {
  instant: '2026-12-31T23:30:00Z',
  browserToday: '2026-12-31',
  parisToday: '2027-01-01',
} as const;

/**
 * Runs each test of the calling `describe` at LATE_UTC_EVENING: the browser's zone set to UTC and only `Date`
 * faked (antd, MSW and Testing Library keep their real timers). Call it before any `beforeEach` that builds
 * date-relative mocks, so that they are dated from the faked day.
 */
export function atLateUtcEvening(): void {
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    process.env.TZ = 'UTC';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(LATE_UTC_EVENING.instant));
  });
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
}
