import { describe, expect, it } from 'vitest';
import { coalescedRoundTrips } from './round-trips';

describe('coalescedRoundTrips', () => {
  /** A round trip the test answers by hand; records how many ran at once and when each started. */
  function manualRoundTrips() {
    const pending: Array<() => void> = [];
    let running = 0;
    let maxRunning = 0;
    let started = 0;
    const roundTrip = () => {
      started += 1;
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      return new Promise<void>((resolve) => {
        pending.push(() => {
          running -= 1;
          resolve();
        });
      });
    };
    return {
      roundTrip,
      answerNext: async () => {
        pending.shift()!();
        await new Promise((resolve) => setImmediate(resolve));
      },
      stats: () => ({ started, maxRunning, pending: pending.length }),
    };
  }

  it('never runs two round trips at once, and callers during one share the next', async () => {
    const manual = manualRoundTrips();
    const sync = coalescedRoundTrips(manual.roundTrip);
    const settled: number[] = [];
    const first = sync().then(() => settled.push(1));
    // Arrive while the first is on the wire: it may have been answered before their write committed.
    const later = Array.from({ length: 20 }, (_, i) => sync().then(() => settled.push(i + 2)));
    expect(manual.stats()).toEqual({ started: 1, maxRunning: 1, pending: 1 });

    await manual.answerNext();
    await first;
    expect(settled).toEqual([1]);
    // The twenty share one round trip, started only once the first was answered.
    expect(manual.stats()).toEqual({ started: 2, maxRunning: 1, pending: 1 });

    await manual.answerNext();
    await Promise.all(later);
    expect(settled).toHaveLength(21);
    expect(manual.stats()).toEqual({ started: 2, maxRunning: 1, pending: 0 });

    // Idle again: the next caller starts its own round trip at once.
    const again = sync();
    expect(manual.stats().started).toBe(3);
    await manual.answerNext();
    await again;
  });

  it('a failed round trip fails its callers only; the waiting ones still get theirs', async () => {
    let calls = 0;
    const sync = coalescedRoundTrips(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connexion perdue');
    });
    const first = sync();
    const second = sync();
    await expect(first).rejects.toThrow('connexion perdue');
    await expect(second).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
