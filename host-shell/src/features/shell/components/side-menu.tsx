import {
  AppstoreOutlined,
  BarChartOutlined,
  BankOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  FileTextOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { dashboardUrl, hasPermission, menuGroups, type DecodedToken } from 'shared';

const GROUP_ICONS: Record<string, ReactNode> = {
  reservation: <CalendarOutlined />,
  'demande-hebergement': <FileTextOutlined />,
  pointage: <CheckSquareOutlined />,
  rooming: <UnorderedListOutlined />,
  etablissement: <BankOutlined />,
  client: <TeamOutlined />,
  statistiques: <BarChartOutlined />,
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

/** `collapsed`: the menu is on its 50 px rail (below 768 px or folded by hand); its groups open as pop-ups there. */
export function SideMenu({ claims, collapsed = false }: { claims: DecodedToken; collapsed?: boolean }) {
  const { pathname } = useLocation();
  const items: MenuProps['items'] = visibleMenu(claims).map((group) => ({
    key: group.key,
    icon: GROUP_ICONS[group.key] ?? <AppstoreOutlined />,
    label: group.label,
    children: group.entries.map((entry) => {
      const url = dashboardUrl(entry.routeId);
      return { key: url, label: <Link to={url}>{entry.label}</Link> };
    }),
  }));
  const openGroup = visibleMenu(claims).find((group) =>
    group.entries.some((entry) => pathname.startsWith(dashboardUrl(entry.routeId))),
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
