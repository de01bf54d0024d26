import {
  AppstoreOutlined,
  BarChartOutlined,
  BankOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  FileTextOutlined,
  EuroOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { dashboardUrl, hasPermission, HOST_MENU_ENTRIES, menuGroups, type DecodedToken } from 'shared';

const GROUP_ICONS: Record<string, ReactNode> = {
  reservation: <CalendarOutlined />,
  'demande-hebergement': <FileTextOutlined />,
  pointage: <CheckSquareOutlined />,
  rooming: <UnorderedListOutlined />,
  etablissement: <BankOutlined />,
  client: <TeamOutlined />,
  statistiques: <BarChartOutlined />,
  facturation: <EuroOutlined />,
  utilisateurs: <UserOutlined />,
};

/**
 * Menu groups the user may open: Etablissement needs the reference-data permission, Utilisateurs the user-admin one
 * (staff would only meet a 403 page there).
 */
export function visibleMenu(claims: DecodedToken) {
  const allowed = (permission: Parameters<typeof hasPermission>[1] | undefined) =>
    permission === undefined || hasPermission(claims, permission);
  return menuGroups()
    .filter((group) => allowed(group.permission))
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => allowed(entry.permission)) }))
    .filter((group) => group.entries.length > 0);
}

/** The group's entries as links: its remotes' pages, then the host's own pages the user may open. */
function groupLinks(claims: DecodedToken, groupKey: string, entries: { routeId: string; label: string }[]) {
  return [
    ...entries.map((entry) => ({ url: dashboardUrl(entry.routeId), label: entry.label })),
    ...HOST_MENU_ENTRIES.filter(
      (entry) => entry.group === groupKey && hasPermission(claims, entry.permission),
    ),
  ];
}

/** `collapsed`: the menu is on its 50 px rail (below 768 px or folded by hand); its groups open as pop-ups there. */
export function SideMenu({ claims, collapsed = false }: { claims: DecodedToken; collapsed?: boolean }) {
  const { pathname } = useLocation();
  const items: MenuProps['items'] = visibleMenu(claims).map((group) => ({
    key: group.key,
    icon: GROUP_ICONS[group.key] ?? <AppstoreOutlined />,
    label: group.label,
    children: groupLinks(claims, group.key, group.entries).map(({ url, label }) => ({
      key: url,
      label: <Link to={url}>{label}</Link>,
    })),
  }));
  const openGroup = visibleMenu(claims).find((group) =>
    groupLinks(claims, group.key, group.entries).some(({ url }) => pathname.startsWith(url)),
  );
  return (
    <nav aria-label="Menu principal">
      <Menu
        // Folded, a group opened by default is a pop-up over the page (seen at 375 px on a fresh load): the current
        // page's group opens only in the full menu, which mounts anew when the sider unfolds.
        key={collapsed ? 'rail' : 'full'}
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        defaultOpenKeys={openGroup && !collapsed ? [openGroup.key] : []}
      />
    </nav>
  );
}
