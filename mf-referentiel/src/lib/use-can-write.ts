import { canCorrectResidents, canManageReferenceData, useAuth } from 'shared';

/**
 * Whether the session may create, edit, archive and restore reference data. Without it the screens are read-only
 * and render no write button at all (the API would answer 403 anyway).
 */
export function useCanWrite(): boolean {
  const { jwtTokenDecoded } = useAuth();
  return canManageReferenceData(jwtTokenDecoded);
}

/** Whether the session may correct a resident's contact details and name (agents included). */
export function useCanCorrectResidents(): boolean {
  const { jwtTokenDecoded } = useAuth();
  return canCorrectResidents(jwtTokenDecoded);
}
