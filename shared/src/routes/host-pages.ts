import type { Permission } from '../auth/permissions';
import { ACCOUNT_PATH, MODULE_VERSIONS_PATH } from '../contract/route-declarations';
import { DASHBOARD_PATH } from './route-registry';

export { ACCOUNT_PATH };
export const ACCOUNT_URL = `${DASHBOARD_PATH}/${ACCOUNT_PATH}`;

export { MODULE_VERSIONS_PATH };
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
