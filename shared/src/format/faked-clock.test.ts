import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { API_DATE_FORMAT } from './dates';

// Set by the dated stage (scripts/lib/dated-tests.sh, dated_front_tests), which runs the date-sensitive front-end
// suites under faketime: without this check a faketime that silently did nothing would pass on the real date.
const expected = process.env.EXPECTED_LOCAL_TODAY;

describe.runIf(expected !== undefined)('the faked clock of the dated stage', () => {
  it("is the browser's today in the test environment", () => {
    expect(dayjs().format(API_DATE_FORMAT)).toBe(expected);
    expect(new Date().getFullYear()).toBe(Number(expected?.slice(0, 4)));
  });
});
