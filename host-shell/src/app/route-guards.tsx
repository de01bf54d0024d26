import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { checkStoredSession, hasPermission, hasSubject, type Permission } from 'shared';
import { NotFound } from '../features/not-found';

/** Token required, decoded on demand; an undecodable one clears storage and sends back to '/' (spec §4). */
export function RequireToken({
  children,
  reloadOnInvalid = false,
}: {
  children: ReactNode;
  reloadOnInvalid?: boolean;
}) {
  const session = checkStoredSession();
  if (session.status === 'invalid' && reloadOnInvalid) {
    // Inside the dashboard the spec reloads the page; with storage cleared, the reload lands on '/'.
    window.location.reload();
    return null;
  }
  return session.status === 'valid' ? children : <Navigate to="/" replace />;
}

/** Extra routes exist only for a token with a subject claim (spec §2); otherwise they are not found. */
export function RequireSubject({ children }: { children: ReactNode }) {
  const session = checkStoredSession();
  return session.status === 'valid' && hasSubject(session.claims) ? children : <NotFound />;
}

/** A route that declares a permission: without it the page is not found, as a hidden menu entry suggests. */
export function RequirePermission({ children, permission }: { children: ReactNode; permission: Permission }) {
  const session = checkStoredSession();
  return session.status === 'valid' && hasPermission(session.claims, permission) ? children : <NotFound />;
}
