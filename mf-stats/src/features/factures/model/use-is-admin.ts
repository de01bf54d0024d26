import { useAuth } from 'shared';

/**
 * Whether the session is an administrator's: they issue, credit, cancel payments and prepare the month
 * (docs/invoicing.md « Permissions »). Without it those buttons are not rendered at all; the API refuses anyway.
 */
export function useIsAdmin(): boolean {
  const { jwtTokenDecoded } = useAuth();
  return jwtTokenDecoded.role === 'admin';
}
