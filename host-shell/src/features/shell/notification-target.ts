import { matchPath } from 'react-router-dom';
import { DASHBOARD_PATH, dashboardUrl, routeTable, type AppNotification } from 'shared';

/** Spec §2: « navigates to the accommodation requests screen ». */
export const REQUESTS_SCREEN = dashboardUrl('demandes-hebergement');

/** Whether `link` (its query and hash aside) is a screen of the dashboard: its home or one of its routes. */
function isDashboardScreen(link: string): boolean {
  const pathname = link.split(/[?#]/, 1)[0] ?? '';
  if (pathname === DASHBOARD_PATH || pathname === `${DASHBOARD_PATH}/`) return true;
  return routeTable().some((route) => matchPath(`${DASHBOARD_PATH}/${route.path}`, pathname) !== null);
}

/**
 * Where a click on a notification leads (docs/frontend.md « Notifications »): the item it is about when its link is a
 * screen of the dashboard — a request's own card (`/dashboard/demande-hebergement/:id`, the requests screen at that
 * request), a stay's card, the tasks —, else the requests screen (no link, or a link that is no screen: an API path, a
 * page that does not exist).
 */
export function notificationTarget({ lien }: Pick<AppNotification, 'lien'>): string {
  return lien !== undefined && isDashboardScreen(lien) ? lien : REQUESTS_SCREEN;
}
