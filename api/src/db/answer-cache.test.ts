import { describe, expect, it, vi } from 'vitest';
import { listenerStandIn } from '../../test/listener-stand-in';
import { answerCache, STATS_CHANNEL } from './answer-cache';

/** A text answer's weight in these tests: two bytes a character. */
const textBytes = (text: string) => 2 * text.length;

/**
 * The cache's bookkeeping against a stand-in of the listening connection (the real one, NOTIFY on commit and the
 * read-your-writes sync, is tested through the routes: list-cache.test.ts, list.test.ts, stats.test.ts).
 */
const standIn = () => listenerStandIn(STATS_CHANNEL);

/** A cache's answers by key, each computed at most once while kept: counts how often `compute` ran. */
function counted() {
  const runs = new Map<string, number>();
  return {
    runs,
    compute:
      (key: string, answer: string = key) =>
      async () => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        return answer;
      },
  };
}

describe('answerCache', () => {
  it('syncs the listening connection before each answer, unless the request already did (`synced`)', async () => {
    const { app, sync } = standIn();
    const cache = await answerCache(app, { label: 'de test' });
    const { compute } = counted();
    await cache.get('a', compute('a'));
    await cache.get('a', compute('a'));
    expect(sync).toHaveBeenCalledTimes(2);
    await cache.get('a', compute('a'), { synced: true });
    await cache.get('b', compute('b'), { synced: true });
    expect(sync).toHaveBeenCalledTimes(2);
    await cache.get('a', compute('a'), { synced: false });
    expect(sync).toHaveBeenCalledTimes(3);
  });

  it('answers a repeated key from memory until the next notification', async () => {
    const { app, notify } = standIn();
    const cache = await answerCache(app, { label: 'de test' });
    const { runs, compute } = counted();
    expect(await cache.get('a', compute('a'))).toBe('a');
    expect(await cache.get('a', compute('a'))).toBe('a');
    expect(runs.get('a')).toBe(1);
    notify();
    await cache.get('a', compute('a'));
    expect(runs.get('a')).toBe(2);
  });

  it('computes a key once for the requests that ask for it while it is being computed — not across a notification', async () => {
    const { app, notify } = standIn();
    const cache = await answerCache(app, { label: 'de test' });
    let runs = 0;
    const releases: (() => void)[] = [];
    const slow = () =>
      new Promise<number>((resolve) => {
        runs += 1;
        const run = runs;
        releases.push(() => resolve(run));
      });
    const first = [cache.get('a', slow), cache.get('a', slow), cache.get('a', slow)];
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    // A write commits while the count runs: a request made after it must not be given the count begun before.
    notify();
    const after = cache.get('a', slow);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    for (const release of releases) release();
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
    expect(await after).toBe(2);
    // The second was computed in the current generation: kept. The first, begun before the write, was not.
    expect(await cache.get('a', slow)).toBe(2);
    expect(runs).toBe(2);
  });

  it('keeps at most maxBytes, the least recently used going first', async () => {
    const { app } = standIn();
    // Each entry: its key (2 bytes) and its answer (10 characters, 20 bytes) = 22 bytes; room for three.
    const cache = await answerCache(app, { label: 'de test', maxBytes: 70 });
    const { runs, compute } = counted();
    const get = (key: string) => cache.get(key, compute(key, key.repeat(10)), { bytes: textBytes });
    await get('a');
    await get('b');
    await get('c');
    await get('a'); // a is now the most recently used: b goes first
    await get('d');
    await get('a');
    await get('c');
    await get('d');
    expect(Object.fromEntries(runs)).toEqual({ a: 1, b: 1, c: 1, d: 1 });
    await get('b');
    expect(runs.get('b')).toBe(2);
  });

  it('keeps at most maxEntries', async () => {
    const { app } = standIn();
    const cache = await answerCache(app, { label: 'de test', maxEntries: 2 });
    const { runs, compute } = counted();
    for (const key of ['a', 'b', 'c', 'a']) await cache.get(key, compute(key));
    expect(runs.get('a')).toBe(2);
  });

  it('does not keep an answer larger than maxBytes, one that `keep` refuses, or one computed across a notification', async () => {
    const { app, notify } = standIn();
    const cache = await answerCache(app, { label: 'de test', maxBytes: 100 });
    const { runs, compute } = counted();
    const twice = async (key: string, run: () => Promise<string>, options = {}) => {
      await cache.get(key, run, options);
      await cache.get(key, run, options);
    };
    await twice('large', compute('large', 'x'.repeat(60)), { bytes: textBytes });
    await twice('refused', compute('refused'), { keep: () => false });
    const during = compute('during');
    await twice('during', async () => {
      const answer = await during();
      notify();
      return answer;
    });
    expect(Object.fromEntries(runs)).toEqual({ large: 2, refused: 2, during: 2 });
  });

  it('keeps nothing and opens no listening connection with maxBytes 0', async () => {
    const { app, listen } = standIn();
    const cache = await answerCache(app, { label: 'de test', maxBytes: 0 });
    const { runs, compute } = counted();
    await cache.get('a', compute('a'));
    await cache.get('a', compute('a'));
    expect(runs.get('a')).toBe(2);
    expect(listen).not.toHaveBeenCalled();
  });

  it('keeps nothing once the listening connection is lost, and says so', async () => {
    const { app, lose, warn } = standIn();
    const cache = await answerCache(app, { label: 'de test' });
    const { runs, compute } = counted();
    await cache.get('a', compute('a'));
    lose();
    await cache.get('a', compute('a'));
    await cache.get('a', compute('a'));
    expect(runs.get('a')).toBe(3);
    expect(warn).toHaveBeenCalledWith('cache de test désactivé : connexion LISTEN perdue');
  });

  it('keeps answers again once it listens again, but not one computed across the loss', async () => {
    const { app, lose, restore, info } = standIn();
    const cache = await answerCache(app, { label: 'de test' });
    const { runs, compute } = counted();
    const across = compute('avant');
    // Begun before the loss, ended after the restoration: a write committed meanwhile may have gone unheard.
    await cache.get('avant', async () => {
      const answer = await across();
      lose();
      restore();
      return answer;
    });
    await cache.get('avant', compute('avant'));
    expect(runs.get('avant')).toBe(2);
    await cache.get('après', compute('après'));
    await cache.get('après', compute('après'));
    expect(runs.get('après')).toBe(1);
    expect(info).toHaveBeenCalledWith('cache de test réactivé : connexion LISTEN rétablie');
  });
});
