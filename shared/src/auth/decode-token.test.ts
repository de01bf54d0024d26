import { describe, expect, it } from 'vitest';
import { mockToken } from '../mocks/common/users';
import { decodeToken, hasSubject, InvalidTokenError, isExpired } from './decode-token';

const b64url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWithPayload = (payload: string) => `${b64url('{"alg":"none"}')}.${payload}.sig`;

describe('decodeToken', () => {
  it('returns the claims of a valid token', () => {
    const claims = decodeToken(mockToken({ sub: '7', role: 'agent', name: 'Julien Bernard' }));
    expect(claims).toMatchObject({ sub: '7', role: 'agent', name: 'Julien Bernard' });
    expect(typeof claims.exp).toBe('number');
  });

  it('decodes base64url payloads with UTF-8 characters and no padding', () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ sub: '1', name: 'Hélène Ébène — Noël' }));
    const payload = b64url(String.fromCharCode(...bytes));
    expect(decodeToken(tokenWithPayload(payload))).toEqual({ sub: '1', name: 'Hélène Ébène — Noël' });
  });

  it.each([
    ['not a string', 42, 'chaîne'],
    ['not a string (null)', null, 'chaîne'],
    ['a missing part', 'only-one-part', 'partie manquante'],
    ['an empty payload part', 'header..sig', 'partie manquante'],
    ['bad base64', tokenWithPayload('%%%not*base64%%%'), 'encodage incorrect'],
    ['invalid UTF-8 bytes', tokenWithPayload(b64url('\xff\xfe')), 'encodage incorrect'],
    ['bad JSON', tokenWithPayload(b64url('{not json')), 'contenu illisible'],
    ['a non-object payload (number)', tokenWithPayload(b64url('42')), 'contenu illisible'],
    ['a non-object payload (array)', tokenWithPayload(b64url('["sub"]')), 'contenu illisible'],
    ['a null payload', tokenWithPayload(b64url('null')), 'contenu illisible'],
  ])('throws InvalidTokenError for %s', (_, token, reason) => {
    let caught: unknown;
    try {
      decodeToken(token);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidTokenError);
    expect((caught as Error).message).toContain(reason);
  });
});

describe('hasSubject', () => {
  it('is true only for a non-empty string sub claim', () => {
    expect(hasSubject({ sub: '1' })).toBe(true);
    expect(hasSubject({})).toBe(false);
    expect(hasSubject({ sub: '' })).toBe(false);
    expect(hasSubject({ sub: 1 as unknown as string })).toBe(false);
  });
});

describe('isExpired', () => {
  const now = Date.UTC(2024, 0, 1, 12);
  it('compares exp (seconds) with now (milliseconds)', () => {
    expect(isExpired({ exp: now / 1000 - 1 }, now)).toBe(true);
    expect(isExpired({ exp: now / 1000 }, now)).toBe(true);
    expect(isExpired({ exp: now / 1000 + 60 }, now)).toBe(false);
  });

  it('treats a token without a numeric exp as not expired', () => {
    expect(isExpired({}, now)).toBe(false);
    expect(isExpired({ exp: '0' }, now)).toBe(false);
  });
});
