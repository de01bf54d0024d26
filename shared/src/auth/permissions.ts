import type { DecodedToken } from './decode-token';

/** Roles allowed to manage reference data (establishments, room types, contracts, users). See docs/auth.md. */
export const REFERENCE_DATA_ROLES: readonly string[] = ['admin'];

/** The permission check behind the Etablissement menu group (spec §2 leaves it open). */
export function canManageReferenceData(claims: DecodedToken): boolean {
  return typeof claims.role === 'string' && REFERENCE_DATA_ROLES.includes(claims.role);
}

/** Display name from the token's `name` claim, else its e-mail. */
export function displayName(claims: DecodedToken): string {
  if (typeof claims.name === 'string' && claims.name) return claims.name;
  if (typeof claims.email === 'string') return claims.email;
  return '';
}
