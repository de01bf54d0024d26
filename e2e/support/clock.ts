/**
 * The instant a browser test run takes for « now » (docs/testing.md « Browser tests at chosen dates »). E2E_NOW (an
 * ISO instant, e.g. `2027-02-28T23:30:00Z`) makes each process of the run start at that instant (the demo data's
 * generation, then each test file): the API processes run under libfaketime (their embedded PostgreSQL with them,
 * as in the dated API stage), the browser's `Date` is shifted by the same amount and the tests' own dates
 * (`parisDay`) follow. Time then flows at its normal pace. Absent: the real clock everywhere.
 */
const faked = process.env.E2E_NOW;
const offsetMs = faked === undefined || faked === '' ? 0 : Date.parse(faked) - Date.now();
if (Number.isNaN(offsetMs)) throw new Error(`E2E_NOW n'est pas un instant ISO : ${faked}`);

/** Now, as the product under test sees it. */
export const now = (): Date => new Date(Date.now() + offsetMs);

/** Debian's libfaketime (package faketime, installed by the test command). */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/**
 * The environment that runs a process at the run's « now »: libfaketime preloaded with the run's offset in seconds,
 * which the processes it starts (the embedded PostgreSQL) inherit. An offset rather than faketime's start instant:
 * each process started later in the run (one product per test file) is at the same « now » as the browser, and the
 * process is node itself, which takes the signals of a clean stop (the faketime program does not pass them on).
 */
export function runClockEnv(): Record<string, string> {
  if (offsetMs === 0) return {};
  const seconds = Math.round(offsetMs / 1000);
  return {
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME: `${seconds < 0 ? '-' : '+'}${Math.abs(seconds)}`,
    // Timers and the waits of the test helpers keep the real monotonic clock.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

/**
 * A script run in each page before its own: `Date` shifted to the run's « now » (timers and animations keep the
 * real clock). Nothing when the run uses the real clock.
 */
export function browserClockScript(): string | undefined {
  if (offsetMs === 0) return undefined;
  return `(() => {
    const offset = ${offsetMs};
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...args);
      }
      static now() {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = ShiftedDate;
  })();`;
}
