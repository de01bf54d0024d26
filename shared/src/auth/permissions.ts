import type { PermissionName } from '../contract/route-declarations';
import type { DecodedToken } from './decode-token';

/** Roles allowed to manage reference data (establishments, room types, contracts, users). See docs/auth.md. */
export const REFERENCE_DATA_ROLES: readonly string[] = ['admin'];

/** The permission check behind the Etablissement menu group (spec §2 leaves it open). */
export function canManageReferenceData(claims: DecodedToken): boolean {
  return typeof claims.role === 'string' && REFERENCE_DATA_ROLES.includes(claims.role);
}

/**
 * Roles allowed to correct a resident's contact details and the spelling of their name (`PATCH /pensionnaires/:id`
 * with PENSIONNAIRE_AGENT_FIELDS); the other fields, archiving and creating stay `canManageReferenceData`'s.
 */
export const RESIDENT_CORRECTION_ROLES: readonly string[] = ['admin', 'agent'];

export function canCorrectResidents(claims: DecodedToken): boolean {
  return typeof claims.role === 'string' && RESIDENT_CORRECTION_ROLES.includes(claims.role);
}

/** Roles allowed to manage user accounts (the API's users routes require the admin role). */
export const USER_ADMIN_ROLES: readonly string[] = ['admin'];

/** Who may open « Utilisateurs »: staff would only meet a 403 page there, so the menu does not offer it to them. */
export function canManageUsers(claims: DecodedToken): boolean {
  return typeof claims.role === 'string' && USER_ADMIN_ROLES.includes(claims.role);
}

/** Who may open « Versions des modules » (the API's /registry routes require the admin role). */
export function canManageReleases(claims: DecodedToken): boolean {
  return claims.role === 'admin';
}

/** The checks a route or a menu entry may name, one per PERMISSION_NAMES (route-declarations.ts). */
export const PERMISSIONS = {
  manageReferenceData: canManageReferenceData,
  manageUsers: canManageUsers,
  manageReleases: canManageReleases,
} as const satisfies Record<PermissionName, (claims: DecodedToken) => boolean>;

export type Permission = PermissionName;

export function hasPermission(claims: DecodedToken, permission: Permission): boolean {
  return PERMISSIONS[permission](claims);
}

/** Display name from the token's `name` claim, else its e-mail. */
export function displayName(claims: DecodedToken): string {
  if (typeof claims.name === 'string' && claims.name) return claims.name;
  if (typeof claims.email === 'string') return claims.email;
  return '';
}
