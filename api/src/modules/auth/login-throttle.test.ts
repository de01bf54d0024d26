import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../errors';
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE } from './login-throttle';

function setup(options: Parameters<typeof createLoginThrottle>[0] = {}) {
  let time = 1_000_000;
  const throttle = createLoginThrottle(
    { accountFreeFailures: 2, addressFreeFailures: 4, baseDelayMs: 1000, maxDelayMs: 8000, ...options },
    () => time,
  );
  return {
    throttle,
    advance: (ms: number) => {
      time += ms;
    },
    /** Seconds to wait, or 0 when the attempt is admitted (then settled as `outcome`). */
    attempt(
      address: string,
      email: string,
      outcome: 'failed' | 'succeeded' | 'abandoned' = 'failed',
    ): number {
      try {
        throttle.begin(address, email)[outcome]();
        return 0;
      } catch (error) {
        if (!(error instanceof TooManyRequestsError)) throw error;
        return error.retryAfterSeconds ?? NaN;
      }
    },
  };
}

describe('login throttle', () => {
  it('defaults: 10 free failures per account, 30 per address, then 1 s doubling up to 30 s, forgotten after 15 min', () => {
    expect(DEFAULT_LOGIN_THROTTLE).toEqual({
      accountFreeFailures: 10,
      addressFreeFailures: 30,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      windowMs: 15 * 60 * 1000,
      trustMs: 30 * 24 * 3600 * 1000,
    });
  });

  it('delays an account progressively (0, 0, 1 s, 2 s, 4 s, 8 s, 8 s) whatever the address, never locks it', () => {
    const { attempt, advance } = setup();
    const waits: number[] = [];
    for (let guess = 1; guess <= 7; guess += 1) {
      const address = `198.51.100.${guess}`;
      const wait = attempt(address, 'victime@test.fr');
      waits.push(wait);
      if (wait > 0) {
        expect(attempt('203.0.113.9', 'victime@test.fr', 'succeeded'), 'the right password waits too').toBe(
          wait,
        );
        advance(wait * 1000);
        expect(attempt(address, 'victime@test.fr')).toBe(0);
      }
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 8]);
  });

  it('delays one address spraying many accounts, not the other addresses', () => {
    const { attempt } = setup();
    for (let account = 1; account <= 4; account += 1)
      expect(attempt('192.0.2.1', `u${account}@test.fr`)).toBe(0);
    expect(attempt('192.0.2.1', 'u5@test.fr', 'succeeded')).toBe(1);
    expect(attempt('192.0.2.2', 'u5@test.fr', 'succeeded')).toBe(0);
  });

  it('admits one attempt per delay slot however many arrive at once', () => {
    const { throttle } = setup();
    const admitted = [];
    for (let parallel = 0; parallel < 50; parallel += 1) {
      try {
        admitted.push(throttle.begin(`198.51.100.${parallel}`, 'cible@test.fr'));
      } catch {
        // delayed
      }
    }
    // The two free failures, then nothing until the first delay has passed.
    expect(admitted).toHaveLength(2);
  });

  it('forgives the owner their own typos on success, not the failures made elsewhere', () => {
    const { attempt } = setup();
    expect(attempt('10.0.0.1', 'moi@test.fr')).toBe(0);
    expect(attempt('10.0.0.1', 'moi@test.fr', 'succeeded')).toBe(0);
    expect(attempt('10.0.0.1', 'moi@test.fr')).toBe(0);
    expect(attempt('10.0.0.1', 'moi@test.fr', 'succeeded')).toBe(0);
    // A stranger's two failures are not forgiven by the owner's success.
    expect(attempt('198.51.100.1', 'moi@test.fr')).toBe(0);
    expect(attempt('198.51.100.2', 'moi@test.fr')).toBe(0);
    expect(attempt('198.51.100.3', 'moi@test.fr', 'succeeded')).toBe(1);
  });

  it("keeps the owner's usual address out of the delays someone else causes, until it fails too often itself", () => {
    const { attempt } = setup();
    expect(attempt('10.0.0.1', 'moi@test.fr', 'succeeded')).toBe(0);
    for (let guess = 1; guess <= 2; guess += 1) expect(attempt(`198.51.100.${guess}`, 'moi@test.fr')).toBe(0);
    expect(attempt('198.51.100.9', 'moi@test.fr')).toBeGreaterThan(0);
    expect(attempt('10.0.0.1', 'moi@test.fr', 'succeeded')).toBe(0);
    // A colleague behind the same NAT guessing: the exemption ends after the account's free failures.
    expect(attempt('10.0.0.1', 'moi@test.fr')).toBe(0);
    expect(attempt('10.0.0.1', 'moi@test.fr')).toBe(0);
    expect(attempt('10.0.0.1', 'moi@test.fr')).toBeGreaterThan(0);
  });

  it('takes back an abandoned attempt (hashing busy) and forgets a quiet key after its window', () => {
    const { attempt, advance } = setup({ windowMs: 60_000 });
    for (let round = 0; round < 10; round += 1)
      expect(attempt('192.0.2.7', 'x@test.fr', 'abandoned')).toBe(0);
    expect(attempt('192.0.2.7', 'x@test.fr')).toBe(0);
    expect(attempt('192.0.2.7', 'x@test.fr')).toBe(0);
    expect(attempt('192.0.2.7', 'x@test.fr')).toBe(1);
    advance(60_000);
    expect(attempt('192.0.2.7', 'x@test.fr')).toBe(0);
    expect(attempt('192.0.2.7', 'x@test.fr')).toBe(0);
  });
});
