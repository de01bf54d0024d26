import { describe, expect, it } from 'vitest';
import { FAST_SCRYPT } from '../../../test/helper';
import {
  createPasswordHasher,
  hashPassword,
  OWASP_SCRYPT_PARAMS,
  parsePasswordHash,
  verifyPassword,
} from './password';

describe('password hashing', () => {
  it('defaults to the OWASP scrypt parameters', () => {
    expect(OWASP_SCRYPT_PARAMS).toEqual({ N: 131_072, r: 8, p: 1, keyLength: 64, saltLength: 16 });
    expect(createPasswordHasher().params).toBe(OWASP_SCRYPT_PARAMS);
  });

  it('hashes at OWASP strength off the event loop, in a self-describing format', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const stored = await createPasswordHasher().hash('Admin!2023');
    clearInterval(timer);

    // The event loop kept running while scrypt worked on the thread pool.
    expect(ticks).toBeGreaterThan(3);
    const [prefix, N, r, p, salt, key] = stored.split('$');
    expect([prefix, N, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64);
    expect(await verifyPassword('Admin!2023', stored)).toBe(true);
    expect(await verifyPassword('admin!2023', stored)).toBe(false);
  });

  it('salts every hash and verifies with the parameters stored in the hash', async () => {
    const first = await hashPassword('même mot de passe', FAST_SCRYPT);
    const second = await hashPassword('même mot de passe', FAST_SCRYPT);
    expect(first).not.toBe(second);
    expect(first.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('même mot de passe', first)).toBe(true);
    expect(await verifyPassword('même mot de passe', second)).toBe(true);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('Élodie-été-2024', FAST_SCRYPT);
    expect(await verifyPassword('Élodie-été-2024'.normalize('NFD'), stored)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuv'],
    ['missing part', 'scrypt$1024$8$1$c2FsdHNhbHQ='],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0$' + 'A'.repeat(88)],
    ['hostile memory cost', 'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0$' + 'A'.repeat(88)],
  ])('rejects a malformed stored hash (%s) without throwing', async (_label, stored) => {
    expect(parsePasswordHash(stored)).toBeUndefined();
    expect(await verifyPassword('peu importe', stored)).toBe(false);
  });

  it('spends a verification on unknown users', async () => {
    const hasher = createPasswordHasher(FAST_SCRYPT);
    expect(await hasher.verifyDummy('quelque chose')).toBe(false);
  });
});
