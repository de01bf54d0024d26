/** Claims decoded from the token; which claims exist beyond `sub` is the API's business. */
export type DecodedToken = Record<string, unknown> & { sub?: string };

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Decodes a JWT payload without verifying it (the API verifies). Throws InvalidTokenError for the four
 * failures of spec §4: not a string, missing part, bad encoding, bad content.
 */
export function decodeToken(token: unknown): DecodedToken {
  if (typeof token !== 'string') throw new InvalidTokenError('Jeton invalide : ce n’est pas une chaîne');
  const payload = token.split('.')[1];
  if (!payload) throw new InvalidTokenError('Jeton invalide : partie manquante');
  let json: string;
  try {
    json = base64UrlDecode(payload);
  } catch {
    throw new InvalidTokenError('Jeton invalide : encodage incorrect');
  }
  let claims: unknown;
  try {
    claims = JSON.parse(json);
  } catch {
    throw new InvalidTokenError('Jeton invalide : contenu illisible');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new InvalidTokenError('Jeton invalide : contenu illisible');
  }
  return claims as DecodedToken;
}

/** A token with a subject claim unlocks the extra routes (spec §2, §6). */
export function hasSubject(claims: DecodedToken): boolean {
  return typeof claims.sub === 'string' && claims.sub.length > 0;
}

/** True when the token's `exp` (seconds) is in the past. */
export function isExpired(claims: DecodedToken, now = Date.now()): boolean {
  return typeof claims.exp === 'number' && claims.exp * 1000 <= now;
}
