import type { ComponentType } from 'react';
import { routesOf } from '../routes';
import { PageFrame } from './page-frame';

/**
 * A page map where every route of `remote` shows its frame and says plainly that `lot` fills it. A remote
 * replaces entries with real pages as its issue lands: `{ ...scaffoldPages(...), reservations: ReservationsPage }`.
 */
export function scaffoldPages(remote: string, lot: string): Record<string, ComponentType> {
  return Object.fromEntries(
    routesOf(remote).map((route) => {
      const Page = () => <PageFrame routeId={route.id} scaffoldOf={lot} />;
      Page.displayName = `Scaffold(${route.id})`;
      return [route.id, Page];
    }),
  );
}
