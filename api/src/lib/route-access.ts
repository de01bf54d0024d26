import type { RouteOptions } from 'fastify';

/**
 * Who may call a route: `public` (no token), `user` (any active user's bearer token), `admin` (administrators only),
 * `client` (a client organisation's system with its API key in X-Api-Key, no user token: the request intake).
 * Routes carry it in `config.access`; the OpenAPI document and the security suite (test/security-suite.test.ts)
 * read it, and the suite checks that each route really behaves as declared.
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'client';

/** The route's declared access; a route no scope marked is public. */
export const routeAccess = (route: { config?: unknown }): RouteAccess =>
  (route.config as { access?: RouteAccess } | undefined)?.access ?? 'public';

/**
 * onRoute hook for a scope: marks the routes registered in it (after the hook) with `access`. `user` keeps a route's
 * own stricter marking; `admin` always wins. Marking is declaration only: the scope's own hook (authenticate,
 * requireRole) is what refuses, and the security suite proves the two agree.
 */
export function markAccess(access: Exclude<RouteAccess, 'public'>) {
  return (route: RouteOptions): void => {
    const current = route.config?.access;
    if (access === 'user' && current === 'admin') return;
    route.config = { ...route.config, access };
  };
}
