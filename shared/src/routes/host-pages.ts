import type { Permission } from '../auth/permissions';
import { DASHBOARD_PATH } from './route-registry';

/**
 * « Mon compte », the one page under /dashboard the host renders itself rather than a remote (ROUTES lists the
 * remotes' pages): the user's own account, reached from the top bar. The host's public pages (login, sign-up, the
 * forgotten password) are in `contract/auth-values.ts`, where the API finds the reset page it links to.
 */
export const ACCOUNT_PATH = 'mon-compte';
export const ACCOUNT_URL = `${DASHBOARD_PATH}/${ACCOUNT_PATH}`;

/**
 * « Versions des modules » (issue 38 §2): the registry's admin screen. The host renders it: the page that rolls back
 * a broken remote must not be loaded from a remote.
 */
export const MODULE_VERSIONS_PATH = 'versions-modules';
export const MODULE_VERSIONS_URL = `${DASHBOARD_PATH}/${MODULE_VERSIONS_PATH}`;

/** A host page's entry in the side menu: appended to a group of MENU, shown to the users its permission admits. */
export interface HostMenuEntry {
  group: string;
  url: string;
  label: string;
  permission: Permission;
}

export const HOST_MENU_ENTRIES: readonly HostMenuEntry[] = [
  {
    group: 'utilisateurs',
    url: MODULE_VERSIONS_URL,
    label: 'Versions des modules',
    permission: 'manageReleases',
  },
];
