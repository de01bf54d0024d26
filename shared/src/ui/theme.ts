import type { ThemeConfig } from 'antd';

/** Theme primary colour of spec §9. */
export const PRIMARY_COLOR = '#336dc4';

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR, borderRadius: 6 },
};

/** Layout constants of spec §2 and §9. */
export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 50;
export const MOBILE_BREAKPOINT = 768;
export const TOAST_DURATION_SECONDS = 5;
