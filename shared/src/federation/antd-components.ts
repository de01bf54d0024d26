/**
 * The antd exports the apps import, the explicit union ARCHITECTURE pitfall 9 asks for. Each is shared as its own
 * singleton module (`antd/es/<folder>`), so a page loads only the components it renders, and every one of them
 * comes from the host's build: one ConfigProvider context, one theme, one locale and one style cache for the host
 * and every remote. A unit test fails when an app imports an antd export that is not listed here, and the host
 * references each of them (host-shell/src/app/provided-modules.ts) so that it is the one providing them.
 */
export const ANTD_COMPONENTS = [
  'Alert',
  'Badge',
  'Breadcrumb',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'ConfigProvider',
  'DatePicker',
  'Descriptions',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Grid',
  'Input',
  'InputNumber',
  'Layout',
  'Menu',
  'Modal',
  'notification',
  'Popconfirm',
  'Progress',
  'Radio',
  'Result',
  'Row',
  'Segmented',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Steps',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'Timeline',
  'Tooltip',
  'Typography',
  'theme',
] as const;

export type AntdComponent = (typeof ANTD_COMPONENTS)[number];

/** `DatePicker` → `antd/es/date-picker`: the module an import of `{ DatePicker } from 'antd'` is rewritten to. */
export function antdModule(name: string): string {
  return `antd/es/${name.replace(/[A-Z]/g, (letter, index: number) => (index ? '-' : '') + letter.toLowerCase())}`;
}
