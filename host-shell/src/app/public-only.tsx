import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { checkStoredSession } from 'shared/sign-in';

/** '/', '/signup' and the forgotten password: a stored token goes straight to the dashboard (spec §2). */
export function PublicOnly({ children }: { children: ReactNode }) {
  return checkStoredSession().status === 'valid' ? <Navigate to="/dashboard" replace /> : children;
}
