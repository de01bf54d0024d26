import { useCurrentUser } from '../api/get-current-user';

/**
 * Asks the API who the token belongs to when the shell opens (from the start-up prefetch when there was one). A
 * revoked session (deactivated account, forged or rotated token) answers 401, which the API client turns into
 * logout and a return to '/'.
 */
export function useSessionCheck(): void {
  useCurrentUser();
}
