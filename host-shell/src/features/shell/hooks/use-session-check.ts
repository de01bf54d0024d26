import { useEffect } from 'react';
import { getCurrentUser } from '../api/get-current-user';

/**
 * Asks the API who the token belongs to when the shell opens. A revoked session (deactivated account,
 * forged or rotated token) answers 401, which the API client turns into logout and a return to '/'.
 */
export function useSessionCheck(): void {
  useEffect(() => {
    getCurrentUser().catch(() => undefined);
  }, []);
}
