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
import { dashboardUrl, hasPermission, MENU, type DecodedToken } from 'shared';

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
  return MENU.filter((group) => group.permission === undefined || hasPermission(claims, group.permission));
}

export function SideMenu({ claims }: { claims: DecodedToken }) {
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
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        defaultOpenKeys={openGroup ? [openGroup.key] : []}
      />
    </nav>
  );
}
