import type { ThemeConfig } from 'antd';

/** Theme primary colour of spec §9. */
export const PRIMARY_COLOR = '#336dc4';

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR, borderRadius: 6 },
};

/**
 * Under 768 px: the bordered cards (Descriptions) keep 8 px around each cell instead of 16 × 24 px, so that a label
 * and its value fit side by side in a 375 px screen instead of pushing the card past its edge.
 */
export const narrowTheme: ThemeConfig = {
  ...theme,
  components: { Descriptions: { padding: 8, paddingLG: 8, paddingSM: 8 } },
};

/** Layout constants of spec §2 and §9. */
export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 50;
export const MOBILE_BREAKPOINT = 768;
export const TOAST_DURATION_SECONDS = 5;
