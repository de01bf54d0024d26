import { MENU_GROUPS, type PermissionName } from '../contract/route-declarations';
import { installedDeclarations } from './route-registry';

/** A menu group. `permission` names the check that must pass for the group to show (`hasPermission`). */
export interface MenuGroup {
  key: string;
  label: string;
  permission?: PermissionName;
  entries: { routeId: string; label: string; permission?: PermissionName }[];
}

/**
 * The side menu of spec §2 built from the installed declarations: the groups in shared's order with their labels,
 * each with the entries the remotes declare for it by `order`; a group nobody fills is left out, and so is an
 * entry for a group shared does not know (promote refuses such a release).
 */
export function menuGroups(): MenuGroup[] {
  const entries = Object.values(installedDeclarations()).flatMap((declared) => declared.menu);
  return MENU_GROUPS.map((group) => ({
    key: group.key,
    label: group.label,
    ...('permission' in group && { permission: group.permission }),
    entries: entries
      .filter((entry) => entry.group === group.key)
      .sort((a, b) => a.order - b.order)
      .map(({ routeId, label, permission }) => ({ routeId, label, ...(permission && { permission }) })),
  })).filter((group) => group.entries.length > 0);
}
