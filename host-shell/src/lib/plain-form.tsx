// antd's input, primary button and error alert drawn with plain elements and one small style sheet, for the pages
// that render before antd is loaded: the login page (issue 37 §5: antd's core and CSS-in-JS runtime are ~80 kB
// brotli) and the fallback of a page whose code failed to load. The values are antd's own (plain-tokens.ts); the
// states antd draws (hover, focus ring, error, disabled, loading) are the CSS below.
import type { ReactNode } from 'react';
import { PLAIN_TOKENS as t } from './plain-tokens';

const CONTROL_PADDING = `${(t.controlHeight - t.fontSize * t.lineHeight) / 2 - t.lineWidth}px`;

const CSS = `
.plain-text{font-family:${t.fontFamily};font-size:${t.fontSize}px;line-height:${t.lineHeight};color:${t.colorText}}
.plain-affix{display:flex;align-items:center;gap:${t.paddingXXS}px;box-sizing:border-box;width:100%;padding:${CONTROL_PADDING} 11px;background:${t.colorBgContainer};border:${t.lineWidth}px ${t.lineType} ${t.colorBorder};border-radius:${t.borderRadius}px;transition:all ${t.motionDurationMid}}
.plain-affix:hover{border-color:${t.colorPrimaryHover}}
.plain-affix:focus-within{border-color:${t.colorPrimary};box-shadow:0 0 0 ${t.controlOutlineWidth}px ${t.controlOutline}}
.plain-affix[data-status=error]{border-color:${t.colorError}}
.plain-affix[data-status=error]:hover{border-color:${t.colorErrorHover}}
.plain-affix[data-status=error]:focus-within{border-color:${t.colorError};box-shadow:0 0 0 ${t.controlOutlineWidth}px ${t.colorErrorOutline}}
.plain-affix[data-status=error]>.plain-icon{color:${t.colorError}}
.plain-affix[data-disabled]{background:${t.colorBgContainerDisabled};border-color:${t.colorBorder};box-shadow:none;cursor:not-allowed}
.plain-affix input{flex:1;min-width:0;padding:0;border:0;outline:0;background:transparent;font:inherit;color:inherit}
.plain-affix input:disabled{color:${t.colorTextDisabled};cursor:not-allowed}
.plain-affix input::placeholder{color:${t.colorTextPlaceholder}}
.plain-icon{display:inline-flex;flex:none;width:1em;height:1em}
.plain-eye{display:inline-flex;padding:0;border:0;background:none;font-size:inherit;color:${t.colorIcon};cursor:pointer;transition:color ${t.motionDurationMid}}
.plain-eye:hover{color:${t.colorIconHover}}
.plain-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;box-sizing:border-box;height:${t.controlHeight}px;padding:0 15px;border:${t.lineWidth}px ${t.lineType} transparent;border-radius:${t.borderRadius}px;background:${t.colorPrimary};color:${t.colorTextLightSolid};font:inherit;cursor:pointer;box-shadow:0 2px 0 ${t.controlOutline};transition:all ${t.motionDurationMid}}
.plain-button:hover{background:${t.colorPrimaryHover}}
.plain-button:active{background:${t.colorPrimaryActive}}
.plain-button:focus-visible{outline:${t.lineWidthFocus}px solid ${t.colorPrimaryBorder};outline-offset:1px}
.plain-button[aria-busy=true]{opacity:.65;pointer-events:none}
.plain-button[data-block]{width:100%}
.plain-spin{animation:plain-spin 1s linear infinite}
@keyframes plain-spin{to{transform:rotate(360deg)}}
.plain-alert{display:flex;align-items:center;gap:${t.marginSM - t.marginXXS}px;padding:${t.paddingXS}px ${t.paddingSM}px;background:${t.colorErrorBg};border:${t.lineWidth}px ${t.lineType} ${t.colorErrorBorder};border-radius:${t.borderRadiusLG}px}
.plain-alert>.plain-icon{color:${t.colorError}}
.plain-link{color:${t.colorLink};transition:color ${t.motionDurationMid}}
.plain-link:hover{color:${t.colorLinkHover}}
`;

/** The style sheet, once in the page whoever renders it (React keeps one `<style>` per `href`). */
export function PlainFormStyle() {
  return (
    <style href="plain-form" precedence="default">
      {CSS}
    </style>
  );
}

/** The icons of antd's set these pages draw (@ant-design/icons-svg's paths). */
export const ICONS = {
  mail: 'M928 160H96c-17.7 0-32 14.3-32 32v640c0 17.7 14.3 32 32 32h832c17.7 0 32-14.3 32-32V192c0-17.7-14.3-32-32-32zm-40 110.8V792H136V270.8l-27.6-21.5 39.3-50.5 42.8 33.3h643.1l42.8-33.3 39.3 50.5-27.7 21.5zM833.6 232L512 482 190.4 232l-42.8-33.3-39.3 50.5 27.6 21.5 341.6 265.6a55.99 55.99 0 0068.7 0L888 270.8l27.6-21.5-39.3-50.5-42.7 33.2z',
  lock: 'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
  eye: 'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  eyeInvisible:
    'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512zM508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
  loading:
    'M988 548c-19.9 0-36-16.1-36-36 0-59.4-11.6-117-34.6-171.3a440.45 440.45 0 00-94.3-139.9 437.71 437.71 0 00-139.9-94.3C629 83.6 571.4 72 512 72c-19.9 0-36-16.1-36-36s16.1-36 36-36c69.1 0 136.2 13.5 199.3 40.3C772.3 66 827 103 874 150c47 47 83.9 101.8 109.7 162.7 26.7 63.1 40.2 130.2 40.2 199.3.1 19.9-16 36-35.9 36z',
  closeCircle:
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
} as const;

/** One of ICONS at the text's size, in the text's colour, hidden from screen readers. */
export function PlainIcon({ name, spin = false }: { name: keyof typeof ICONS; spin?: boolean }) {
  return (
    <svg
      className={spin ? 'plain-icon plain-spin' : 'plain-icon'}
      viewBox={name === 'loading' ? '0 0 1024 1024' : '64 64 896 896'}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

/** antd's primary button; `loading` shows its spinning icon and keeps clicks out. */
export function PlainButton({
  type = 'button',
  block = false,
  loading = false,
  onClick,
  autoFocus,
  children,
}: {
  type?: 'button' | 'submit';
  block?: boolean;
  loading?: boolean;
  onClick?: () => void;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type={type}
      className="plain-button"
      data-block={block || undefined}
      aria-busy={loading || undefined}
      disabled={loading}
      onClick={onClick}
      autoFocus={autoFocus}
    >
      <PlainFormStyle />
      {loading && <PlainIcon name="loading" spin />}
      <span>{children}</span>
    </button>
  );
}
