import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, TEST_PASSWORD } from '../../../test/helper';
import { HASHING_BUSY_MESSAGE, type ScryptParams } from './password';

/** Slow enough (tens of ms) that concurrent logins really overlap on the hashing slots. */
const SLOW_SCRYPT: ScryptParams = { N: 2 ** 14, r: 8, p: 1, keyLength: 64, saltLength: 16 };

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    passwordHashing: SLOW_SCRYPT,
    hashingLimits: { concurrency: 1, queue: 2 },
    loginThrottle: { accountFreeFailures: 3, baseDelayMs: 500, maxDelayMs: 2000 },
  });
});
afterAll(() => app.close());

const postLogin = (remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

describe('login throttling across addresses', () => {
  it('slows an account down when many addresses guess its password, without keeping its owner out', async () => {
    const owner = await createUser(app);
    expect((await postLogin('10.0.0.1', owner.email, TEST_PASSWORD)).statusCode).toBe(200);

    for (let guess = 1; guess <= 3; guess += 1) {
      const response = await postLogin(`198.51.100.${guess}`, owner.email, 'mauvais-mot-de-passe');
      expect(response.statusCode, `guess ${guess}`).toBe(401);
    }
    const slowed = await postLogin('198.51.100.4', owner.email, 'mauvais-mot-de-passe');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ message: 'Trop de tentatives de connexion. Réessayez dans 1 seconde.' });
    expect(slowed.headers['retry-after']).toBe('1');
    // The right password from a new address waits as well …
    expect((await postLogin('203.0.113.5', owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    // … but not from where the owner logged in before,
    expect((await postLogin('10.0.0.1', owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    // and only for a moment: a delay, not a lock.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await postLogin('203.0.113.5', owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password hashing limit', () => {
  it('answers 503 with Retry-After and a French message beyond the hashing slots and queue; those never count', async () => {
    const user = await createUser(app);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        postLogin(`192.0.2.${index + 1}`, `inconnu${index}@test.fr`, 'un-mot-de-passe'),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    const busy = burst.filter((response) => response.statusCode === 503);
    expect(statuses.filter((status) => status === 401).length, statuses.join()).toBeGreaterThanOrEqual(3);
    expect(busy.length, statuses.join()).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    for (const response of busy) {
      expect(response.json()).toEqual({ message: HASHING_BUSY_MESSAGE });
      expect(response.headers['retry-after']).toBe('2');
    }
    expect(HASHING_BUSY_MESSAGE).toBe(
      'Le service de connexion est momentanément saturé. Réessayez dans quelques secondes.',
    );
    // Once the burst is over, the right password gets in from an address that was turned away.
    const turnedAway = burst.findIndex((response) => response.statusCode === 503);
    expect((await postLogin(`192.0.2.${turnedAway + 1}`, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
